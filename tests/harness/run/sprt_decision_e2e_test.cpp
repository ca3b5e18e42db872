// A match that stops on its SPRT stores the games the decision was made on and no more: a game
// still being played at the decision ends, and is not counted, as fastchess and the cluster's
// merge leave it out. Before, it was stored, and the stored tally could fall back inside the
// bounds of a decision already announced.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "process/child_process.h"
#include "process/command.h"
#include "support/harness_cli.h"

namespace {

TEST(SprtDecision, TheStoredGamesAreTheGamesTheDecisionCounted) {
  const std::string db = temp_db("sprt_decision");
  // dev at 300 nodes against a random mover: every game a win, so the SPRT accepts H1 after a
  // few dozen games, with the second slot in the middle of a game then.
  std::vector<std::string> args = {HARNESS_PATH, "match", "--engine", "name=dev cmd=" ENGINE_PATH " option.Hash=1",
                                   "--engine", mock("random", "random"), "--games", "400", "--nodes", "300",
                                   "--concurrency", "2", "--maxmoves", "80", "--sprt", "elo0=0 elo1=20", "--events", "-",
                                   "--db", db};
  auto r = harness::run_command(args.front(), {args.begin() + 1, args.end()}, 300s);
  ASSERT_TRUE(r) << r.error();
  ASSERT_EQ(r->exit_code, 0) << r->err;
  EXPECT_NE(r->err.find("SPRT: H1 was accepted"), std::string::npos) << r->err;

  std::vector<nlohmann::json> stream;
  std::istringstream out(r->out);
  for (std::string line; std::getline(out, line);) stream.push_back(nlohmann::json::parse(line));
  std::size_t decided = stream.size();
  for (std::size_t i = 0; i < stream.size() && decided == stream.size(); ++i)
    if (stream[i]["event"] == "sprt" && stream[i]["llr"].get<double>() >= stream[i]["upper"].get<double>()) decided = i;
  ASSERT_LT(decided, stream.size()) << "no sprt event reached the upper bound";
  for (std::size_t i = decided + 1; i < stream.size(); ++i) {
    EXPECT_NE(stream[i]["event"], "game_end") << "a game stored after the decision: " << stream[i].dump();
    EXPECT_NE(stream[i]["event"], "sprt") << stream[i].dump();
  }
  // Every game started ends stored, or is counted as left out by the run's end.
  int starts = 0, ends = 0;
  for (const nlohmann::json& e : stream) {
    starts += e["event"] == "game_start";
    ends += e["event"] == "game_end";
  }
  ASSERT_EQ(stream.back()["event"], "run_end");
  EXPECT_EQ(stream.back()["discarded"], 0);
  EXPECT_EQ(stream.back()["left_out"].get<int>(), starts - ends) << "games started and neither stored nor left out";
  const int counted = stream[decided]["games"].get<int>();
  EXPECT_LT(counted, 400);
  EXPECT_EQ(int(games_in(db).size()), counted);
  HarnessRun shown = run_harness({"show", "1", "--db", db});
  EXPECT_NE(shown.out.find("Games: " + std::to_string(counted) + ","), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("SPRT: H1 was accepted"), std::string::npos) << shown.out;
}

}  // namespace
