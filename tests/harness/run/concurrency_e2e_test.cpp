// 64 games at once on whatever machine runs the tests, with the load mocks: every game is stored
// and none is a forfeit that a slow start-up invented (time losses are the benchmark's to count).
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>

#include <fstream>
#include <thread>

#include "support/harness_cli.h"

namespace {

TEST(RunnerAtScale, SixtyFourGamesAtOnceAreAllPlayedAndNoneIsAStartUpForfeit) {
  const std::string db = temp_db("concurrency64");
  // One engine sleeps on its clock, the other starts slowly (1.5 s before "uciok") and answers at once.
  const std::vector<std::string> args = {"match",
                                         "--engine",
                                         mock("sleeper", "sleeper=100"),
                                         "--engine",
                                         mock("slowstart", "slow-start=1500"),
                                         "--games",
                                         "64",
                                         "--concurrency",
                                         "64",
                                         "--tc",
                                         "2+0.02",
                                         "--maxmoves",
                                         "30",
                                         "--timemargin",
                                         "200",
                                         "--db",
                                         db};
  HarnessRun r = run_harness(args, 600s);
  ASSERT_EQ(r.exit_code, 0) << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0);
  const auto games = games_in(db);
  ASSERT_EQ(games.size(), 64u);
  for (const auto& g : games) {
    const bool forfeit_before_a_move = g.reason.find("disconnects") != std::string::npos && g.pgn.find("1.") == std::string::npos;
    EXPECT_FALSE(forfeit_before_a_move) << "game " << g.game_index + 1 << ": " << g.reason;
    EXPECT_EQ(g.reason.find("disconnects"), std::string::npos) << "game " << g.game_index + 1 << ": " << g.reason;
  }
  EXPECT_EQ(r.out.find("was not played"), std::string::npos);
}

TEST(RunnerAtScale, AGameWhoseEnginesNeverStartIsLeftUnplayedNotLost) {
  const std::string db = temp_db("neverstarts");
  // An engine that starts for the check before the run, then never again in time (it answers
  // "uci" after 30 s, longer than the harness waits: --startup-ms 1000): its games cannot start.
  const std::string flag = ::testing::TempDir() + "harness_e2e/neverstarts/probed";
  std::filesystem::remove(flag);
  const std::string script = ::testing::TempDir() + "harness_e2e/neverstarts/engine.sh";
  {
    std::ofstream s(script);
    s << "#!/bin/sh\nif [ -e " << flag << " ]; then exec " << MOCK_ENGINE_PATH << " slow-start=30000; fi\ntouch " << flag
      << "\nexec " << MOCK_ENGINE_PATH << " random\n";
  }
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  std::vector<std::string> args = match_args(db, mock("good", "random"), "name=late cmd=" + script, 2);
  args.insert(args.end(), {"--movetime", "0.05", "--startup-ms", "1000"});
  HarnessRun r = run_harness(args, 600s);
  EXPECT_EQ(r.exit_code, 3) << r.out;
  EXPECT_TRUE(games_in(db).empty());  // nothing stored: no invented result
  EXPECT_NE(r.out.find("was not played: engine 'late' did not answer 'uci' with 'uciok' within 1000 ms (--startup-ms)"),
            std::string::npos)
      << r.out;
  // The database is not the default one: the hint names it, so that it can be typed as it is.
  EXPECT_NE(r.out.find("Resume with: harness resume 1 --db " + db + "\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(harness resume 1 --db " + db + " plays it)"), std::string::npos) << r.out;
}

// A second process resuming a run that another plays would play its games twice (before, it
// did, until a UNIQUE constraint stopped it with advice to "make room"): it is refused, naming
// the process; once that process is gone, even killed, the run is taken over.
TEST(RunnerAtScale, ARunIsPlayedByOneProcessAtATime) {
  const std::string db = temp_db("one_player");
  std::vector<std::string> args = match_args(db, mock("a", "sleeper=100"), mock("b", "sleeper=100"), 16);
  args.insert(args.end(), {"--tc", "2+0.02"});
  auto first = start_harness(args, ::testing::TempDir() + "harness_e2e/one_player/first.txt");
  ASSERT_TRUE(wait_for_games(db, 1, 1, 300s)) << "the first process never stored a game";
  HarnessRun second = run_harness({"resume", "1", "--db", db}, 120s);
  EXPECT_EQ(second.exit_code, 2) << second.out;
  EXPECT_NE(second.out.find("run 1 is being played by process " + std::to_string(first->pid())), std::string::npos) << second.out;
  EXPECT_NE(harness::Database::open(db).value()->run(1).value()->status_text(), "failed")
      << "the refused process changed nothing";
  ::kill(first->pid(), SIGKILL);
  (void)first->stop(5000ms);
  HarnessRun taken_over = run_harness({"resume", "1", "--db", db, "--concurrency", "16"}, 300s);
  EXPECT_EQ(taken_over.exit_code, 0) << taken_over.out;
  EXPECT_EQ(games_in(db).size(), 16u);
}

// The highest game number in a dialogue log: the last game a slot began.
int last_game_begun(const std::string& log) {
  std::ifstream in(log);
  int last = 0;
  for (std::string line; std::getline(in, line);) {
    const std::size_t tab = line.find('\t');
    if (tab != std::string::npos) last = std::max(last, std::atoi(line.c_str() + tab + 1));
  }
  return last;
}

// While the database cannot be written (here another connection holds its write lock for two
// seconds), the slots stop once a round of finished games waits to be stored: they used to
// go on playing, and on a machine too busy for the storing thread finished games piled up in
// memory without end (the first soak's round robin grew by 30 MB every 200 s).
TEST(RunnerAtScale, SlotsWaitForTheStoringThread) {
  const std::string db = temp_db("backpressure");
  const std::string log = ::testing::TempDir() + "harness_e2e/backpressure/dialogue.log";
  std::vector<std::string> args = match_args(db, mock("a", "instant"), mock("b", "instant"), 400);
  args[args.size() - 3] = "4";  // --concurrency
  args.insert(args.end(), {"--tc", "10+0.1", "--log", log});
  auto p = start_harness(args, ::testing::TempDir() + "harness_e2e/backpressure/out.txt");
  ASSERT_TRUE(wait_for_games(db, 1, 4, 300s)) << "no game was stored";
  sqlite3* writer = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &writer), SQLITE_OK);
  sqlite3_busy_timeout(writer, 5000);
  ASSERT_EQ(sqlite3_exec(writer, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(writer);
  const int before = last_game_begun(log);
  std::this_thread::sleep_for(2000ms);  // less than the harness's 5 s busy timeout: its store waits, then succeeds
  const int during = last_game_begun(log) - before;
  EXPECT_EQ(sqlite3_exec(writer, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(writer);
  // At most the games in progress, a round of 8 (max(8, concurrency)) waiting, and one more
  // in progress per slot: 4 + 8 + 4.
  EXPECT_LE(during, 16) << "games begun while nothing could be stored";
  ::kill(p->pid(), SIGKILL);
  (void)p->stop(5000ms);
}

}  // namespace
