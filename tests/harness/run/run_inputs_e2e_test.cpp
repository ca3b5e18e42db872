// The start check of a run (run/run_inputs.h) starts every engine with its own options before
// anything is recorded. Before, one process per program was started, with the first engine's
// options: a bad EvalFile on the second engine of one program passed, the run was recorded, its
// games could not be played, and it ended "stopped" with exit 3.
#include <gtest/gtest.h>

#include <filesystem>

#include "support/harness_cli.h"

namespace {

TEST(RunInputs, ABadEvalFileOnTheSecondEngineOfOneProgramStopsTheRunBeforeItBegins) {
  const std::string db = temp_db("second_engine_evalfile");
  HarnessRun r = run_harness({"match", "--engine", "name=a cmd=" + std::string(ENGINE_PATH), "--engine",
                              "name=b cmd=" + std::string(ENGINE_PATH) + " option.EvalFile=/nonexistent-network.nnue", "--games",
                              "2", "--nodes", "1000", "--db", db},
                             120s);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("engine 'b' exited instead of answering 'isready'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("/nonexistent-network.nnue"), std::string::npos) << "the engine's own words name the file\n" << r.out;
  EXPECT_EQ(r.out.find("Run 1"), std::string::npos) << "no run began\n" << r.out;
  if (std::filesystem::exists(db)) {
    EXPECT_TRUE(harness::Database::open(db).value()->runs().value().empty()) << "nothing is recorded";
  }
}

// Engines of one program that differ only in harmless options still play: each is started once
// at the check, and the run goes on.
TEST(RunInputs, EnginesOfOneProgramWithTheirOwnOptionsEachStartAndPlay) {
  const std::string db = temp_db("second_engine_options");
  HarnessRun r = run_harness({"match", "--engine", "name=a cmd=" + std::string(ENGINE_PATH) + " option.Hash=1", "--engine",
                              "name=b cmd=" + std::string(ENGINE_PATH) + " option.Hash=2", "--games", "2", "--nodes", "300",
                              "--db", db},
                             120s);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(games_in(db).size(), 2u) << r.out;
}

}  // namespace
