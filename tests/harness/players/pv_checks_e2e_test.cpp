// fastchess's PV checks through both doors: the fastchess front end prints each warning in
// fastchess's words (fishtest stops a task on them), and harness match counts them per engine in
// its results, as it counts PV mismatches.
#include <gtest/gtest.h>

#include "storage/database.h"
#include "support/harness_cli.h"

namespace {

TEST(PvChecksE2e, TheFastchessFrontEndPrintsFastchessWarnings) {
  const std::string db = temp_db("pv_checks_front");
  const std::string cmd = std::string("cmd=") + MOCK_ENGINE_PATH;
  HarnessRun r =
      run_harness({"fastchess",   "-testEnv",  "-engine",   cmd,
                   "args=bad-pv", "name=bad",  "-engine",   cmd,
                   "args=random", "name=good", "-each",     "tc=inf",
                   "nodes=100",   "proto=uci", "-openings", std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                   "-maxmoves",   "10",        "-rounds",   "1",
                   "-games",      "2",         "-repeat",   "-check-mate-pvs",
                   "-db",         db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Warning; Illegal PV move - move e2e5 from bad :: Info; info depth 1 score cp 0 pv e2e5 :: Position; "),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("from good"), std::string::npos) << r.out;
}

// fastchess's -strict: the first warning stops the run, which exits with status 1; without it the
// same run plays every game.
TEST(PvChecksE2e, StrictStopsTheRunAtTheFirstWarning) {
  const std::string cmd = std::string("cmd=") + MOCK_ENGINE_PATH;
  auto args = [&](const std::string& db) {
    return std::vector<std::string>{"fastchess",
                                    "-engine",
                                    cmd,
                                    "args=bad-pv",
                                    "name=bad",
                                    "-engine",
                                    cmd,
                                    "args=random",
                                    "name=good",
                                    "-each",
                                    "tc=inf",
                                    "nodes=100",
                                    "proto=uci",
                                    "-openings",
                                    std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                                    "-maxmoves",
                                    "10",
                                    "-rounds",
                                    "10",
                                    "-games",
                                    "2",
                                    "-db",
                                    db};
  };
  const std::string strict_db = temp_db("pv_checks_strict");
  auto strict = args(strict_db);
  strict.push_back("-strict");
  HarnessRun r = run_harness(strict);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("Warning; Illegal PV move - move e2e5 from bad"), std::string::npos) << r.out;
  EXPECT_LT(games_in(strict_db).size(), 20u);
  const std::string lax_db = temp_db("pv_checks_lax");
  HarnessRun lax = run_harness(args(lax_db));
  EXPECT_EQ(lax.exit_code, 0) << lax.out;
  EXPECT_EQ(games_in(lax_db).size(), 20u);
}

TEST(PvChecksE2e, AMatchCountsThemPerEngine) {
  const std::string db = temp_db("pv_checks_match");
  HarnessRun r = run_harness({"match", "--engine", mock("bad", "bad-pv"), "--engine", mock("good", "random"), "--games", "2",
                              "--nodes", "100", "--maxmoves", "10", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  // One illegal PV a move of bad's: as many as its moves in the two games.
  int bad_moves = 0;
  auto stored = harness::Database::open(db).value();
  for (const harness::StoredGame& g : stored->games(1).value()) {
    const int plies = int(stored->game_moves(g.id).value().size());
    bad_moves += g.white == "bad" ? (plies + 1) / 2 : plies / 2;  // the openings leave White to move
  }
  const std::string line = "Warning: bad's info lines: " + std::to_string(bad_moves) + " with an illegal PV move";
  EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  EXPECT_EQ(r.out.find("good's info lines"), std::string::npos) << r.out;
  EXPECT_NE(run_harness({"show", "1", "--db", db}).out.find(line), std::string::npos);
}

}  // namespace
