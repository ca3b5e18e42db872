// The lineage read back from stored steps: each network names the self-play runs it was trained
// on, and the Elo against the first network chained through the gates is unknown from a gate
// whose Elo is (every game won) onwards, not taken as 0.
#include "loop/loop_lineage.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

namespace {

using nlohmann::json;

struct StoredLoop {
  std::unique_ptr<tuner::TunerDatabase> db;
  harness::RunRow run;
  std::vector<std::int64_t> selfplay_runs;  // generation 1's and 2's
};

// A match step's detail as the loop stores it: its run's counts and Elo, with `set` over them.
json with_games(const json& set) {
  json detail = {{"run", 0},        {"games", 0},
                 {"wins", 0},       {"draws", 0},
                 {"losses", 0},     {"pentanomial", {0, 0, 0, 0, 0}},
                 {"elo", nullptr},  {"elo_error", nullptr},
                 {"nelo", nullptr}, {"nelo_error", nullptr},
                 {"los", nullptr}};
  detail.update(set);
  return detail;
}

// Two generations, each promoted; generation 1's gate won all its games (no bounded Elo), and
// generation 2 trained on both generations' self-play.
StoredLoop two_promoted_generations(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "tuner_loop_lineage_" + name + "/";
  std::filesystem::remove_all(dir);  // the database with its -wal and -shm
  std::filesystem::create_directories(dir);
  auto db = tuner::TunerDatabase::open(dir + "lineage.sqlite").value();
  const std::int64_t loop = db->create_run(harness::RunKind::TUNER_LOOP, "{}").value();
  const std::map<std::string, harness::RunKind> kinds{
      {"datagen", harness::RunKind::DATAGEN}, {"train", harness::RunKind::TUNER_NNUE}, {"gate", harness::RunKind::MATCH}};
  auto save = [&](int generation, const char* step, const json& detail) {
    const std::int64_t run = std::string(step) == "export" ? 0 : db->create_run(kinds.at(step), "{}").value();
    EXPECT_TRUE(db->save_loop_step(loop, {generation, step, run, "done", detail.dump()}).ok());
    return run;
  };
  std::vector<std::int64_t> selfplay_runs;
  for (int g : {1, 2}) {
    selfplay_runs.push_back(save(g, "datagen", with_games({{"games", 10}, {"parent_generation", g - 1}, {"network", ""}})));
    save(g, "export",
         {{"file", "/l/gen" + std::to_string(g) + ".bf"},
          {"positions", 1000 * g},
          {"sha256", "x"},
          {"format", "bulletformat"},
          {"games", 10},
          {"scored", 1000 * g}});
    json data = json::array({"/l/gen1.bf"});
    if (g == 2) data.push_back("/l/gen2.bf");
    save(g, "train",
         {{"network", "/l/gen" + std::to_string(g) + ".nnue"},
          {"data", data},
          {"positions", 1000},
          {"sha256", "y"},
          {"run", 0},
          {"raw", ""},
          {"parent_generation", g - 1},
          {"started_from", ""},
          {"superbatches", 1},
          {"seconds", 1.0}});
    json gate = {
        {"games", 20},     {"wins", g == 1 ? 20 : 12}, {"draws", 0}, {"losses", g == 1 ? 0 : 8}, {"best_generation", g - 1},
        {"promoted", true}};
    gate["elo"] = g == 1 ? json() : json(70.4);
    gate["elo_error"] = g == 1 ? json() : json(30.0);
    gate.update({{"candidate", "/l/gen" + std::to_string(g) + ".nnue"}, {"best", ""}});
    save(g, "gate", with_games(gate));
  }
  const harness::RunRow run = *db->run(loop).value();
  return {std::move(db), run, selfplay_runs};
}

TEST(LoopLineage, EachNetworkNamesTheSelfPlayRunsItWasTrainedOn) {
  StoredLoop s = two_promoted_generations("trained_on");
  const std::string first = "run " + std::to_string(s.selfplay_runs[0]) + " (generation 1, 1000 positions)";
  const std::string second = "run " + std::to_string(s.selfplay_runs[1]) + " (generation 2, 2000 positions)";
  const std::string text = tuner::describe_loop_run(*s.db, s.run).value();
  EXPECT_NE(text.find("/l/gen1.nnue (sha256 y); trained on self-play " + first + "\n"), std::string::npos) << text;
  EXPECT_NE(text.find("/l/gen2.nnue (sha256 y); trained on self-play " + first + ", " + second + "\n"), std::string::npos)
      << text;
  const json report = tuner::loop_report_section(*s.db, s.run).value();
  EXPECT_EQ(report["generations"][0]["data_runs"], json::array({s.selfplay_runs[0]}));
  EXPECT_EQ(report["generations"][1]["data_runs"], json::array({s.selfplay_runs[0], s.selfplay_runs[1]}));
}

TEST(LoopLineage, AGateWithoutABoundedEloLeavesTheChainedEloUnknown) {
  StoredLoop s = two_promoted_generations("unbounded");
  const std::string text = tuner::describe_loop_run(*s.db, s.run).value();
  EXPECT_EQ(text.find("chained: +"), std::string::npos) << "no chained figure after an unbounded gate:\n" << text;
  std::size_t unknown = 0;
  for (std::size_t at = 0; (at = text.find("chained: n/a", at)) != std::string::npos; ++at) ++unknown;
  EXPECT_EQ(unknown, 2u) << text;
  const json report = tuner::loop_report_section(*s.db, s.run).value();
  EXPECT_TRUE(report["generations"][0]["chained_elo"].is_null());
  EXPECT_TRUE(report["generations"][1]["chained_elo"].is_null());
  EXPECT_EQ(report["best"], 2);
}

}  // namespace
