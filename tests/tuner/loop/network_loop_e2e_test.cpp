// tuner loop through its binary: two generations of self-play, training and a gate with the
// engine, each step a stored run and the lineage read back; a promoted network plays the next
// generation's self-play; a loop stopped at every step, or killed in the middle of its
// self-play, training and gate, resumes to the same lineage.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "network_training/file_checksum.h"
#include "storage/tuner_database.h"
#include "support/browser.h"
#include "support/files.h"
#include "support/git_repo.h"
#include "support/lineage_text.h"
#include "support/tuner_cli.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Two tiny generations of the engine's own evaluation: self-play at a few hundred nodes, a
// 16-neuron network, and a gate whose SPRT cannot decide in 4 games (so nothing is promoted).
std::string loop_config(const std::string& extra = "") {
  return std::string(R"({"name": "tiny", "engine": "name=dev cmd=)") + ENGINE_PATH + R"( arg=--version arg=dev option.Hash=16",
 "generations": 2, "data_window": 2, "train_from": "parent", )" + extra + R"(
 "datagen": {"games": 8, "nodes": 400, "random_plies": 8, "seed": 7, "concurrency": 2, "maxmoves": 60},
 "training": {"hidden": 16, "batch_size": 128, "batches_per_superbatch": 2, "superbatches": 3, "wdl": 0.2,
              "validation_fraction": 0.05, "threads": 1, "lr": {"schedule": "constant", "start": 0.001}},
 "gate": {"tc": "nodes=600", "games": 4, "sprt": "elo0=0 elo1=10", "concurrency": 2},
 "measure": {"tc": "nodes=600", "games": 2, "concurrency": 2}})";
}

std::string loop_workspace(const std::string& name, const std::string& config = loop_config()) {
  const std::string dir = ::testing::TempDir() + "loop_" + name + "/";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir + "loop.json") << config;
  return dir;
}

TunerRun run_loop(const std::string& dir, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"loop", "--config", "loop.json", "--db", "t.sqlite", "--dir", "files"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_tuner(args, dir);
}

// tuner show of the loop, with the workspace's path and each step's time and CPU share taken
// out: two workspaces compare equal.
std::string lineage(const std::string& dir) {
  return lineage_without_times(run_tuner({"show", "1", "--db", "t.sqlite"}, dir).out, dir);
}

std::vector<tuner::LoopStepRow> steps_of(const std::string& dir) {
  auto db = tuner::TunerDatabase::open_existing(dir + "t.sqlite");
  if (!db) throw std::runtime_error(db.error());
  auto steps = (*db)->loop_steps(1);
  if (!steps) throw std::runtime_error(steps.error());
  return *steps;
}

const tuner::LoopStepRow& step_of(const std::vector<tuner::LoopStepRow>& steps, int generation, const std::string& name) {
  for (const auto& s : steps)
    if (s.generation == generation && s.step == name) return s;
  throw std::runtime_error("no step " + name + " in generation " + std::to_string(generation));
}

// The self-play run's engine option EvalFile ("" when the engine plays with its own evaluation).
std::string selfplay_network(const std::string& dir, std::int64_t run) {
  auto db = tuner::TunerDatabase::open_existing(dir + "t.sqlite");
  const json config = json::parse((*(*db)->run(run))->config);
  for (const json& option : config["engines"][0]["options"])
    if (option[0] == "EvalFile") return option[1];
  return "";
}

TEST(TunerLoop, TwoGenerationsStoreEachStepAsARunAndTheLineage) {
  const std::string dir = loop_workspace("two");
  const TunerRun r = run_loop(dir);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto steps = steps_of(dir);
  ASSERT_EQ(steps.size(), 10u);
  auto db = tuner::TunerDatabase::open_existing(dir + "t.sqlite");
  ASSERT_TRUE(db.ok()) << db.error();
  const std::map<std::string, std::string> kinds{{"datagen", "datagen"}, {"train", "tuner-nnue"}, {"gate", "match"}, {"measure", "match"}};
  for (const auto& s : steps) {
    EXPECT_EQ(s.status, "done") << s.step;
    if (s.step == "export") continue;
    const auto run = (*db)->run(s.run_id);
    ASSERT_TRUE(run.ok() && *run) << s.step;
    EXPECT_EQ((**run).kind_text(), kinds.at(s.step)) << s.step;
    EXPECT_EQ((**run).status_text(), "finished") << s.step;
  }
  for (int g : {1, 2}) {
    const json exported = json::parse(step_of(steps, g, "export").detail);
    EXPECT_GT(exported["positions"].get<int>(), 50);
    EXPECT_EQ(exported["sha256"], tuner::sha256_file(exported["file"]).value());
    const json trained = json::parse(step_of(steps, g, "train").detail);
    EXPECT_EQ(trained["sha256"], tuner::sha256_file(trained["network"]).value());
    EXPECT_EQ(trained["data"].size(), std::size_t(g)) << "a window of two generations' data";
    const json gate = json::parse(step_of(steps, g, "gate").detail);
    EXPECT_EQ(gate["games"], 4);
    EXPECT_EQ(gate["decision"], "none");
    EXPECT_FALSE(gate["promoted"].get<bool>()) << "an SPRT that did not decide does not promote";
    EXPECT_EQ(json::parse(step_of(steps, g, "measure").detail)["games"], 2);
  }
  // The gate failed: the parent stays the best, and generation 2 plays its self-play with it.
  EXPECT_EQ(selfplay_network(dir, step_of(steps, 2, "datagen").run_id), "");
  EXPECT_EQ(json::parse(step_of(steps, 2, "train").detail)["started_from"], "") << "the first network has no float weights";
  const std::string show = lineage(dir);
  EXPECT_NE(show.find("generation 2 (parent: generation 0)"), std::string::npos) << show;
  EXPECT_NE(show.find("best network: generation 0"), std::string::npos) << show;
  // Each step's time and the share of the machine its engines used.
  const json usage = json::parse(step_of(steps, 1, "datagen").detail)["usage"];
  EXPECT_GT(usage["seconds"].get<double>(), 0);
  EXPECT_GT(usage["engines_cpu_share"].get<double>(), 0) << "the engines' CPU, counted when they end";
  const std::string summary = lineage_without_times(r.out, dir);
  EXPECT_NE(summary.find(show.substr(show.find("generation 1"))), std::string::npos) << "the summary is the lineage\n" << r.out;
  // The report: a row per generation and the strength and data plots, with no script error.
  const TunerRun report = run_tuner({"report", "1", "--db", "t.sqlite", "-o", "report.html"}, dir);
  ASSERT_EQ(report.exit_code, 0) << report.out;
  const std::string body = body_tag("file://" + dir + "report.html");
  EXPECT_NE(body.find("data-plots=\"2\""), std::string::npos) << body;
  EXPECT_NE(body.find("data-errors=\"0\""), std::string::npos) << body;
  screenshot("file://" + dir + "report.html", "loop-report");
}

TEST(TunerLoop, APromotedNetworkPlaysTheNextGenerationsSelfPlay) {
  const std::string dir = loop_workspace("promoted");
  ASSERT_EQ(run_loop(dir, {"--stop-after-steps", "4"}).exit_code, 130);
  auto steps = steps_of(dir);
  ASSERT_EQ(steps.size(), 4u);
  // The gate's verdict as a passing SPRT would have stored it.
  tuner::LoopStepRow gate = step_of(steps, 1, "gate");
  json verdict = json::parse(gate.detail);
  verdict["promoted"] = true;
  gate.detail = verdict.dump();
  {
    auto db = tuner::TunerDatabase::open_existing(dir + "t.sqlite");
    ASSERT_TRUE((*db)->save_loop_step(1, gate).ok());
  }
  const TunerRun r = run_loop(dir, {"--resume"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  steps = steps_of(dir);
  const json trained = json::parse(step_of(steps, 1, "train").detail);
  EXPECT_EQ(selfplay_network(dir, step_of(steps, 2, "datagen").run_id), trained["network"]);
  EXPECT_EQ(json::parse(step_of(steps, 2, "train").detail)["started_from"], trained["raw"]);
  const json gate2 = json::parse(step_of(steps, 2, "gate").detail);
  EXPECT_EQ(gate2["best"], trained["network"]);
  EXPECT_EQ(gate2["best_generation"], 1);
  const std::string show = lineage(dir);
  EXPECT_NE(show.find("generation 2 (parent: generation 1)"), std::string::npos) << show;
  EXPECT_NE(show.find("Elo against the first, chained"), std::string::npos) << show;
}

TEST(TunerLoop, ALoopStoppedAtEveryStepResumesToTheSameLineage) {
  const std::string whole = loop_workspace("whole");
  ASSERT_EQ(run_loop(whole).exit_code, 0);
  const std::string parts = loop_workspace("parts");
  TunerRun r = run_loop(parts, {"--stop-after-steps", "1"});
  ASSERT_EQ(r.exit_code, 130) << r.out;
  int resumes = 0;
  while ((r = run_loop(parts, {"--resume", "--stop-after-steps", "1"})).exit_code == 130) ++resumes;
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(resumes, 8) << "ten steps, one a session";
  EXPECT_EQ(lineage(parts), lineage(whole));
}

// Starts the loop (resumed, unless it is the first start) and kills it with SIGKILL once
// `reached` holds of its database; returns whether it did before the loop ended by itself.
bool kill_loop_when(const std::string& dir, bool resume, const std::function<bool(tuner::TunerDatabase&)>& reached) {
  std::vector<std::string> args{"loop", "--config", "loop.json", "--db", "t.sqlite", "--dir", "files"};
  if (resume) args.push_back("--resume");
  auto p = harness::ChildProcess::start({TUNER_PATH, args, dir, dir + "stderr.txt"});
  if (!p) throw std::runtime_error(p.error());
  bool hit = false;
  for (int i = 0; i < 12000 && !hit; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    auto db = tuner::TunerDatabase::open_readonly(dir + "t.sqlite");
    hit = db && reached(**db);
  }
  ::kill((*p)->pid(), SIGKILL);
  (void)(*p)->stop(std::chrono::milliseconds(2000));
  return hit;
}

// Killed in the middle of the self-play, of the training and of the gate (runs 2, 3 and 4),
// resumed after each: the lineage, checksums included, is the one of a loop that ran through.
TEST(TunerLoop, ALoopKilledInTheMiddleOfEachStepResumesToTheSameLineage) {
  // A training long enough to be killed in the middle of: 20 superbatches of a wider network.
  std::string config = loop_config();
  const std::string tiny = R"("hidden": 16, "batch_size": 128, "batches_per_superbatch": 2, "superbatches": 3)";
  config.replace(config.find(tiny), tiny.size(), R"("hidden": 256, "batch_size": 4096, "batches_per_superbatch": 4, "superbatches": 20)");
  // And a gate of 12 games, not 4: it is killed after its first, before its last.
  const std::string gate = R"("tc": "nodes=600", "games": 4, "sprt")";
  config.replace(config.find(gate), gate.size(), R"("tc": "nodes=600", "games": 12, "sprt")");
  const std::string whole = loop_workspace("unkilled", config);
  ASSERT_EQ(run_loop(whole).exit_code, 0);
  const std::string dir = loop_workspace("killed", config);
  const auto games_of = [](std::int64_t run) {
    return [run](tuner::TunerDatabase& db) {
      auto games = db.game_count(run);
      return games && *games >= 1;
    };
  };
  const auto stored = [&] { return tuner::TunerDatabase::open_existing(dir + "t.sqlite").value(); };
  ASSERT_TRUE(kill_loop_when(dir, false, games_of(2))) << "the self-play stored a game";
  EXPECT_LT(*stored()->game_count(2), 8) << "killed before the self-play ended";
  ASSERT_TRUE(kill_loop_when(dir, true, [](tuner::TunerDatabase& db) {
    auto superbatches = db.generations(3);
    return superbatches && !superbatches->empty();
  })) << "the training stored a superbatch";
  EXPECT_LT(stored()->generations(3)->size(), 20u) << "killed before the training ended";
  ASSERT_TRUE(kill_loop_when(dir, true, games_of(4))) << "the gate stored a game";
  EXPECT_LT(*stored()->game_count(4), 12) << "killed before the gate ended";
  const TunerRun r = run_loop(dir, {"--resume"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Generation 1: gate (run 4, resumed)"), std::string::npos) << r.out;
  EXPECT_EQ(lineage(dir), lineage(whole));
}

// Self-play sized by positions: the generation keeps the first games, in order, that hold them,
// and a loop killed in the middle of that self-play resumes to the lineage of one that was not.
TEST(TunerLoop, ASelfPlaySizedByPositionsResumesToTheSameGames) {
  std::string config = loop_config();
  const std::string by_games = R"("datagen": {"games": 8,)";
  config.replace(config.find(by_games), by_games.size(), R"("datagen": {"games": 200, "positions": 1500,)");
  config.replace(config.find(R"("generations": 2)"), 16, R"("generations": 1)");
  const std::string whole = loop_workspace("positions_whole", config);
  ASSERT_EQ(run_loop(whole).exit_code, 0);
  const std::string dir = loop_workspace("positions_killed", config);
  ASSERT_TRUE(kill_loop_when(dir, false, [](tuner::TunerDatabase& db) {
    auto games = db.game_count(2);
    return games && *games >= 3;
  })) << "the self-play stored three games";
  const auto stored = [](const std::string& d) { return tuner::TunerDatabase::open_existing(d + "t.sqlite").value(); };
  const int kept = int(*stored(whole)->game_count(2));
  EXPECT_LT(*stored(dir)->game_count(2), kept) << "killed before the self-play ended";
  EXPECT_LT(kept, 200) << "the positions ended the self-play, not the games";
  const TunerRun r = run_loop(dir, {"--resume"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(*stored(dir)->game_count(2), kept);
  EXPECT_EQ(lineage(dir), lineage(whole));
  // On a cluster the shards could not keep the games in order: refused before anything runs.
  const std::string cluster = loop_workspace("positions_cluster", config);
  const TunerRun refused = run_loop(cluster, {"--cluster", "2"});
  EXPECT_EQ(refused.exit_code, 2) << refused.out;
  EXPECT_NE(refused.out.find("loop.json: datagen: 'positions' keeps the first games of one run in order"), std::string::npos)
      << refused.out;
  EXPECT_FALSE(fs::exists(cluster + "t.sqlite"));
}

// An engine that is not this project's, with its own option for the network: the loop trains
// on its self-play, and it loads the network in the gate (it exits on a file it cannot read).
TEST(TunerLoop, AnotherEngineTakesItsNetworksByItsOwnOption) {
  const std::string dir = loop_workspace("other", std::string(R"({"name": "other", "engine": "name=oneply cmd=)") +
                                                      ONE_PLY_ENGINE_PATH + R"(", "network_option": "NetFile", "generations": 1,
 "datagen": {"games": 4, "nodes": 1, "random_plies": 6, "seed": 3, "concurrency": 2, "maxmoves": 40},
 "training": {"hidden": 32, "batch_size": 64, "batches_per_superbatch": 2, "superbatches": 2, "wdl": 0.5,
              "validation_fraction": 0, "threads": 1},
 "gate": {"tc": "nodes=1", "games": 2, "concurrency": 2}})");
  const TunerRun r = run_loop(dir);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto steps = steps_of(dir);
  const json trained = json::parse(step_of(steps, 1, "train").detail);
  const json gate = json::parse(step_of(steps, 1, "gate").detail);
  EXPECT_EQ(gate["games"], 2);
  EXPECT_EQ(gate["candidate"], trained["network"]);
  auto db = tuner::TunerDatabase::open_existing(dir + "t.sqlite");
  const json config = json::parse((*(*db)->run(step_of(steps, 1, "gate").run_id))->config);
  EXPECT_EQ(config["engines"][0]["options"][0][0], "NetFile");
  EXPECT_EQ(config["engines"][0]["options"][0][1], trained["network"]);
  EXPECT_EQ(selfplay_network(dir, step_of(steps, 1, "datagen").run_id), "") << "its own evaluation first";
}

// The words of the engine's wrapper script a build left in the cache.
std::string script_of(const std::string& binary) {
  std::ifstream in(binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// An engine of another project built from git as OpenBench builds one: the loop gives each
// network to its make as EVALFILE=, each network is a build of its own in the cache, and the
// gate plays the two builds.
TEST(TunerLoop, AnEngineBuiltFromGitTakesItsNetworksAsEvalfile) {
  const std::string dir = loop_workspace("git", std::string(R"({"name": "built", "engine": "oneply-git",
 "registry": "engines.json", "network_by": "build", "generations": 1,
 "datagen": {"games": 4, "nodes": 1, "random_plies": 6, "seed": 3, "concurrency": 2, "maxmoves": 40},
 "training": {"hidden": 32, "batch_size": 64, "batches_per_superbatch": 2, "superbatches": 2, "wdl": 0.5,
              "validation_fraction": 0, "threads": 1},
 "gate": {"tc": "nodes=1", "games": 2, "concurrency": 2}})"));
  GitRepo repo(dir + "repo");
  const std::string make = std::string("EXE ?= oneply\n$(EXE):\n\tprintf '#!/bin/sh\\nexec ") + ONE_PLY_ENGINE_PATH +
                           " $(if $(EVALFILE),--net $(EVALFILE)) \"$$@\"\\n' > $(EXE) && chmod +x $(EXE)\n";
  const std::string commit = repo.commit({{"Makefile", make}}, "one-ply engine whose make bakes in EVALFILE");
  std::ofstream(dir + "engines.json") << R"({"engines": [{"name": "oneply-git", "repo": "repo", "ref": "HEAD"}]})";
  const TunerRun r = run_loop(dir);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto steps = steps_of(dir);
  const std::string network = json::parse(step_of(steps, 1, "train").detail)["network"];
  auto db = tuner::TunerDatabase::open_existing(dir + "t.sqlite");
  const json selfplay = json::parse((*(*db)->run(step_of(steps, 1, "datagen").run_id))->config);
  const json gate = json::parse((*(*db)->run(step_of(steps, 1, "gate").run_id))->config);
  const std::string candidate = gate["engines"][0]["command"], best = gate["engines"][1]["command"];
  EXPECT_EQ(candidate.rfind(dir + "builds/", 0), 0u) << candidate;
  EXPECT_NE(candidate, best);
  EXPECT_NE(script_of(candidate).find("--net " + network + " "), std::string::npos) << script_of(candidate);
  EXPECT_EQ(script_of(best).find("--net"), std::string::npos) << "the first generation plays without a network";
  EXPECT_EQ(selfplay["engines"][0]["command"], best) << "the self-play's build is taken from the cache";
  ASSERT_EQ(gate["tested"].size(), 2u);
  EXPECT_EQ(gate["tested"][0]["commit"], commit);
  EXPECT_EQ(gate["tested"][0]["bench"], 20) << "the bench is run and recorded";
  EXPECT_TRUE(gate["engines"][0]["options"].empty()) << "no UCI option carries the network";
}

// A loop writes only into its own folder: not into one holding something else, nor into
// another loop's; and a resumed loop is sent back to the folder it started with.
TEST(TunerLoop, AFolderThatIsNotTheLoopsOwnIsRefused) {
  const std::string dir = loop_workspace("folders");
  fs::create_directories(dir + "files");
  std::ofstream(dir + "files/keep.txt") << "mine";
  TunerRun r = run_loop(dir, {"--stop-after-steps", "1"});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--dir " + dir + "files: is not empty and not a loop's folder"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir + "t.sqlite")) << "refused before a run is stored";
  EXPECT_EQ(testing_support::file_bytes(dir + "files/keep.txt"), "mine");
  fs::remove(dir + "files/keep.txt");

  ASSERT_EQ(run_loop(dir, {"--stop-after-steps", "1"}).exit_code, 130);
  r = run_tuner({"loop", "--config", "loop.json", "--db", "other.sqlite", "--dir", "files"}, dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--dir " + dir + "files: holds the files of loop run 1 of " + dir + "t.sqlite"), std::string::npos)
      << r.out;
  r = run_tuner({"loop", "--config", "loop.json", "--db", "t.sqlite", "--dir", "elsewhere", "--resume"}, dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("loop run 1 has stored steps but its files are not in this folder"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir + "elsewhere/gen1"));
  EXPECT_EQ(tuner::TunerDatabase::open_existing(dir + "t.sqlite").value()->run(1).value()->status_text(), "stopped")
      << "a refused resume leaves the loop stopped, not running";
  EXPECT_EQ(run_loop(dir, {"--resume", "--stop-after-steps", "1"}).exit_code, 130) << "its own folder, resumed";
}

// A step that fails leaves the loop run "failed", not "running" for ever, and resumable.
TEST(TunerLoop, AFailedStepMarksTheLoopFailed) {
  const std::string dir = loop_workspace("failed");
  ASSERT_EQ(run_loop(dir, {"--stop-after-steps", "2"}).exit_code, 130);
  const std::string data = dir + "files/gen1/selfplay.bf";
  fs::rename(data, data + ".away");
  TunerRun r = run_loop(dir, {"--resume"});
  EXPECT_NE(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(data), std::string::npos) << "the missing file is named\n" << r.out;
  auto db = tuner::TunerDatabase::open_existing(dir + "t.sqlite");
  ASSERT_TRUE(db.ok()) << db.error();
  EXPECT_EQ((*db)->run(1).value()->status_text(), "failed");
  fs::rename(data + ".away", data);
  EXPECT_EQ(run_loop(dir, {"--resume", "--stop-after-steps", "1"}).exit_code, 130) << "a failed loop resumes";

  // A training step whose stored run is not a training is refused before any data is read.
  const std::string broken = loop_workspace("failed_run");
  ASSERT_EQ(run_loop(broken, {"--stop-after-steps", "2"}).exit_code, 130);
  {
    auto stored = tuner::TunerDatabase::open_existing(broken + "t.sqlite").value();
    const std::int64_t other = stored->create_run(harness::RunKind::MATCH, "{}").value();
    ASSERT_TRUE(stored->save_loop_step(1, {1, "train", other, "running", "{}"}).ok());
  }
  r = run_loop(broken, {"--resume"});
  EXPECT_NE(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(" of the loop is missing from "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Data: "), std::string::npos) << "no data read\n" << r.out;
}

TEST(TunerLoop, BadConfigurationsAreNamed) {
  const std::string dir = loop_workspace("bad", R"({"engine": "nosuchengine", "training": {}, "gate": {"tc": "5+0.05"}})");
  TunerRun r = run_loop(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("loop.json: 'engine': "), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir + "t.sqlite")) << "nothing is recorded for a configuration that cannot run";
  std::ofstream(dir + "loop.json") << loop_config(R"("generatons": 3,)");
  r = run_loop(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("loop.json: unknown key 'generatons' (did you mean 'generations'?)"), std::string::npos) << r.out;
  std::string config = loop_config();
  config.replace(config.find(R"("hidden": 16)"), 12, R"("data": [], "hidden": 16)");
  std::ofstream(dir + "loop.json") << config;
  r = run_loop(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("loop.json: training: 'data' is set by the loop for each generation"), std::string::npos) << r.out;
  config = loop_config();
  config.replace(config.find(R"("hidden": 16)"), 12, R"("filters": {"min_ply": 8}, "hidden": 16)");
  std::ofstream(dir + "loop.json") << config;
  r = run_loop(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("loop.json: training: filters: 'min_ply' must be 0: the loop trains on its self-play exported as "
                       "bulletformat"),
            std::string::npos)
      << r.out;
  config = loop_config();
  config.replace(config.find(R"("tc": "nodes=600", "games": 4)"), 29, R"("tc": "nodes=600", "games": 5)");
  std::ofstream(dir + "loop.json") << config;
  r = run_loop(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("loop.json: gate: 'games' must be even"), std::string::npos) << r.out;
  // Files it names are checked before anything runs, not after a generation's work.
  std::ofstream(dir + "loop.json") << loop_config(R"("first_network": "none.nnue",)");
  r = run_loop(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("loop.json: 'first_network': " + dir + "none.nnue: no such file"), std::string::npos) << r.out;
  config = loop_config();
  config.replace(config.find(R"("tc": "nodes=600", "games": 2)"), 29, R"("tc": "nodes=600", "games": 2, "openings": ".")");
  std::ofstream(dir + "loop.json") << config;
  r = run_loop(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("loop.json: measure: 'openings': " + dir), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": not a file"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir + "t.sqlite")) << "nothing is recorded for a configuration that cannot run";
  std::ofstream(dir + "loop.json") << loop_config();
  r = run_loop(dir, {"--resume"});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--resume: no unfinished tuner-loop run with this configuration"), std::string::npos) << r.out;
}

}  // namespace
