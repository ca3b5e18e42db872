// tuner loop checks everything before anything runs, and a refusal records nothing: a misspelt
// network option, an engine that cannot start, and the second of two loops racing for one
// folder. Before, the first failed at the first gate after self-play and training, the second
// left a "failed" loop run, the third a "stopped" one (tuner/src/loop/loop_engine_check.h,
// loop_folder.h).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

#include "process/child_process.h"
#include "support/files.h"
#include "support/tuner_cli.h"

namespace {

namespace fs = std::filesystem;

// A one-generation loop of the engine with its own evaluation; `engine` and `extra` keys replace
// or add to it.
std::string checked_loop_config(const std::string& engine, const std::string& extra = "") {
  return R"({"name": "checks", "engine": ")" + engine + R"(", )" + extra + R"( "generations": 1,
 "datagen": {"games": 4, "nodes": 300, "random_plies": 6, "seed": 7, "concurrency": 2, "maxmoves": 40},
 "training": {"hidden": 16, "batch_size": 128, "batches_per_superbatch": 2, "superbatches": 1, "threads": 1},
 "gate": {"tc": "nodes=300", "games": 2, "concurrency": 2}})";
}

std::string dev_engine_spec() { return std::string("name=dev cmd=") + ENGINE_PATH + " arg=--version arg=dev option.Hash=16"; }

std::string checked_loop_workspace(const std::string& name, const std::string& config) {
  const std::string dir = ::testing::TempDir() + "loop_checks_" + name + "/";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir + "loop.json") << config;
  return dir;
}

TunerRun run_checked_loop(const std::string& dir) {
  return run_tuner({"loop", "--config", "loop.json", "--db", "t.sqlite", "--dir", "files"}, dir);
}

// Refused with exit 2 and `message`, and nothing recorded: no database, no loop folder.
void expect_refused_before_anything(const std::string& dir, const std::string& message) {
  const TunerRun r = run_checked_loop(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(message), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Generation 1"), std::string::npos) << "no step ran\n" << r.out;
  EXPECT_FALSE(fs::exists(dir + "t.sqlite")) << "nothing is recorded\n" << r.out;
  EXPECT_FALSE(fs::exists(dir + "files")) << r.out;
}

TEST(LoopStartChecks, AMisspeltNetworkOptionIsRefusedBeforeAnythingRuns) {
  const std::string dir = checked_loop_workspace("misspelt", checked_loop_config(dev_engine_spec(), R"("network_option": "EvalFle",)"));
  expect_refused_before_anything(dir, "loop.json: 'network_option': the engine has no option 'EvalFle' (did you mean 'EvalFile'?)");
}

TEST(LoopStartChecks, ANetworkOptionThatTakesNoFileIsRefused) {
  const std::string dir = checked_loop_workspace("spin", checked_loop_config(dev_engine_spec(), R"("network_option": "Hash",)"));
  expect_refused_before_anything(dir, "loop.json: 'network_option': option 'Hash' is a spin option");
}

// The name goes to the engine in "setoption name NAME value FILE": a newline would be a command.
TEST(LoopStartChecks, ANetworkOptionWithAControlCharacterIsRefused) {
  const std::string dir = checked_loop_workspace(
      "control", checked_loop_config(dev_engine_spec(), R"("network_option": "EvalFile\nsetoption name Hash value 1",)"));
  expect_refused_before_anything(dir, "loop.json: 'network_option': \"EvalFile\\nsetoption name Hash value 1\" holds a control character");
}

TEST(LoopStartChecks, AnEngineThatCannotStartIsRefusedBeforeAnythingRuns) {
  const std::string dir = checked_loop_workspace("no_engine", checked_loop_config("name=x cmd=/no/such/engine"));
  expect_refused_before_anything(dir, "loop.json: 'engine': engine 'x': cannot start '/no/such/engine'");
}

// Loops started at once on one folder, each with a database of its own: one takes the folder,
// every other is refused before it records anything (before, each that found the folder free
// stored a run, then lost the folder and left the run "stopped").
TEST(LoopStartChecks, OfLoopsRacingForOneFolderOneRunsAndTheOthersRecordNothing) {
  const std::string dir = checked_loop_workspace("race", checked_loop_config(dev_engine_spec()));
  constexpr int RACERS = 4;
  std::vector<std::unique_ptr<harness::ChildProcess>> racers;
  for (int k = 0; k < RACERS; ++k) {
    const std::string db = "racer" + std::to_string(k) + ".sqlite";
    auto p = harness::ChildProcess::start({TUNER_PATH,
                                           {"loop", "--config", "loop.json", "--db", db, "--dir", "files", "--stop-after-steps", "0"},
                                           dir,
                                           dir + "racer" + std::to_string(k) + ".err"});
    ASSERT_TRUE(p) << p.error();
    racers.push_back(std::move(p).value());
  }
  int winners = 0;
  for (int k = 0; k < RACERS; ++k) {
    std::string out, line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (racers[std::size_t(k)]->read_line(line, deadline) == harness::ReadStatus::LINE) out += line + "\n";
    const int status = racers[std::size_t(k)]->stop(std::chrono::milliseconds(5000));
    out += testing_support::file_bytes(dir + "racer" + std::to_string(k) + ".err");
    const bool stored = fs::exists(dir + "racer" + std::to_string(k) + ".sqlite");
    if (status == 130) {
      ++winners;
      EXPECT_TRUE(stored) << out;
      continue;
    }
    EXPECT_EQ(status, 2) << out;
    EXPECT_NE(out.find("--dir " + dir + "files: "), std::string::npos) << out;
    EXPECT_FALSE(stored) << "a refused loop records nothing\n" << out;
  }
  EXPECT_EQ(winners, 1);
  EXPECT_TRUE(fs::exists(dir + "files/.loop"));
}

// A reservation whose run cannot be stored (the database cannot be opened) is given back: the
// folder it made is gone, and the next loop takes it.
TEST(LoopStartChecks, AFolderReservedForARunThatCouldNotBeStoredIsGivenBack) {
  const std::string dir = checked_loop_workspace("given_back", checked_loop_config(dev_engine_spec()));
  fs::create_directories(dir + "a_folder.sqlite");
  TunerRun r = run_tuner({"loop", "--config", "loop.json", "--db", "a_folder.sqlite", "--dir", "files"}, dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_FALSE(fs::exists(dir + "files")) << r.out;
  r = run_tuner({"loop", "--config", "loop.json", "--db", "t.sqlite", "--dir", "files", "--stop-after-steps", "0"}, dir);
  EXPECT_EQ(r.exit_code, 130) << r.out;
  EXPECT_TRUE(fs::exists(dir + "files/.loop"));
}

}  // namespace
