// --ponder with real engines: Stockfish declares Ponder and thinks on its opponent's time; a
// ponder hit goes on with that search, a miss is stopped, and no clock is lost to it. What is
// checked is the harness's accounting, not the engine's time discipline (the benchmarks'): a
// margin of a second absorbs a busy machine's scheduling, while a ponder search charged to the
// clock (about as long as the opponent's moves, over 3 s a game here) would still lose on time.
#include <gtest/gtest.h>

#include <regex>

#include "support/harness_cli.h"

namespace {

const std::string STOCKFISH = "/usr/games/stockfish";

std::string stockfish(const std::string& name) {
  return "name=" + name + " cmd=" + STOCKFISH + " option.Threads=1 option.Hash=8";
}

TEST(Ponder, StockfishPondersAndLosesNoTime) {
  const std::string db = temp_db("ponder");
  HarnessRun r = run_harness({"match", "--engine", stockfish("a"), "--engine", stockfish("b"), "--tc", "1+0.05", "--timemargin",
                              "1000", "--games", "2", "--ponder", "--maxmoves", "40", "--concurrency", "1", "--db", db},
                             std::chrono::seconds(300));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::smatch m;
  const std::regex ponder_line("Ponder: ([0-9]+) of ([0-9]+) moves");
  ASSERT_TRUE(std::regex_search(r.out, m, ponder_line)) << r.out;
  EXPECT_GT(std::stoi(m[1]), 0) << "no move came from a ponder hit";
  EXPECT_LT(std::stoi(m[1]), std::stoi(m[2]));
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) EXPECT_TRUE(g.termination == "normal" || g.termination == "adjudication") << g.reason;
}

// The harness's accounting, without a real engine's clock: an engine that takes 500 ms to end a
// missed ponder search, on a clock of 200 ms. The stop is not the mover's time: its move is
// awaited, and charged, from the "go" after the stop.
TEST(Ponder, StoppingAMissedPonderSearchIsNotChargedToTheMover) {
  const std::string db = temp_db("ponder_slow_stop");
  HarnessRun r =
      run_harness({"match", "--engine", mock("slowstop", "ponder-slow-stop=500"), "--engine", mock("random", "random"), "--tc",
                   "0.2+0.05", "--games", "2", "--ponder", "--maxmoves", "8", "--concurrency", "1", "--db", db},
                  std::chrono::seconds(300));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  const std::regex move_time("([0-9]+\\.[0-9]+)s\\}");
  for (const auto& g : games) {
    EXPECT_EQ(g.termination, "adjudication") << g.reason;  // 8 moves each, no forfeit
    // Each move is charged from its "go": the mocks answer at once, never the stop's 500 ms.
    int moves = 0;
    for (auto it = std::sregex_iterator(g.pgn.begin(), g.pgn.end(), move_time); it != std::sregex_iterator(); ++it, ++moves)
      EXPECT_LT(std::stod((*it)[1]), 0.4) << g.pgn;
    EXPECT_GE(moves, 4) << g.pgn;
  }
}

TEST(Ponder, AnEngineWithoutPonderPlaysOnAndFixedLimitsAreRefused) {
  const std::string db = temp_db("ponder_mixed");
  const std::string dev = "name=dev cmd=" + std::string(ENGINE_PATH) + " option.Hash=4";
  HarnessRun r = run_harness({"match", "--engine", dev, "--engine", stockfish("sf"), "--tc", "1+0.05", "--timemargin", "1000",
                              "--games", "2", "--ponder", "--maxmoves", "30", "--concurrency", "1", "--db", db},
                             std::chrono::seconds(300));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(games_in(db).size(), 2u);
  for (const auto& g : games_in(db)) EXPECT_NE(g.termination, "time forfeit") << g.reason;
  r = run_harness({"match", "--engine", stockfish("a"), "--engine", stockfish("b"), "--nodes", "100", "--ponder", "--db", db});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("--ponder needs a clock time control"), std::string::npos) << r.out;
}

}  // namespace
