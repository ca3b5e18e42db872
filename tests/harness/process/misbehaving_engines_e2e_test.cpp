// Engines that misbehave in ways that threaten the harness itself rather than one game: an
// endless line, a flood of info lines, an engine that ignores quit, and one that writes to
// standard error without pause. Each must end as recorded games, with nothing left running.
#include <errno.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <thread>

#include "support/harness_cli.h"

namespace {

std::vector<std::string> two_games(const std::string& db, const std::string& mode, const std::string& tc) {
  return {"match", "--engine", mock("bad", mode), "--engine", mock("good", "random"), "--games", "2",
          "--db",  db,         "--concurrency",   "1",        "--maxmoves",           "20",      "--tc",
          tc};
}

TEST(MisbehavingEngines, AnEndlessLineIsAFaultNotAnOutOfMemory) {
  std::string db = temp_db("endless_line");
  HarnessRun r = run_harness(two_games(db, "endless-line", "5+0.05"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) {
    EXPECT_EQ(g.termination, "abandoned");
    EXPECT_NE(g.reason.find("writes a line of more than 1 MiB"), std::string::npos) << g.reason;
    EXPECT_EQ(g.result, g.white == "bad" ? "0-1" : "1-0");
  }
}

TEST(MisbehavingEngines, AFloodOfInfoLinesIsReadAndTheEngineKeepsItsClock) {
  std::string db = temp_db("info_flood");
  // 60 s a side: the engine's own flood is its time, and a sanitizer build on a core shared
  // with another process writes and reads the 2 million lines of a game in up to 25 s.
  HarnessRun r = run_harness(two_games(db, "info-flood", "60+0.6"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) EXPECT_EQ(g.termination, "adjudication") << g.reason;  // 20 moves, no forfeit
  // Every flood line was read: the last one's PV (e2e4) is not the move the engine then plays,
  // which the harness counts as fastchess does.
  EXPECT_NE(r.out.find("Warning: bad played a move other than its PV's first"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Warning: good"), std::string::npos) << r.out;
}

TEST(MisbehavingEngines, AnEngineIgnoringQuitIsKilledAndReaped) {
  std::string db = temp_db("ignore_quit");
  HarnessRun r = run_harness(two_games(db, "ignore-quit", "2+0.02"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto dbh = harness::Database::open(db).value();
  std::vector<int> pids;
  for (const char* path : {"stderr/ignore_quit-run1-slot0-engine0.log"}) {
    std::ifstream in((std::filesystem::path(db).parent_path() / path).string());
    for (std::string word; in >> word;)
      if (word == "pid") {
        int pid = 0;
        in >> pid;
        pids.push_back(pid);
      }
  }
  ASSERT_FALSE(pids.empty());
  for (int pid : pids) {
    // Reaped by the harness, which has exited: nothing of that pid is left, not even a zombie.
    auto deadline = std::chrono::steady_clock::now() + 30s;
    while (::kill(pid, 0) == 0 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(50ms);
    EXPECT_NE(::kill(pid, 0), 0) << "pid " << pid << " is still there";
    EXPECT_EQ(errno, ESRCH);
  }
  EXPECT_EQ(games_in(db).size(), 2u);
}

TEST(MisbehavingEngines, StandardErrorWithoutPauseNeitherBlocksNorFillsTheDisk) {
  std::string db = temp_db("stderr_flood");
  HarnessRun r = run_harness(two_games(db, "stderr-flood", "5+0.05"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) EXPECT_EQ(g.termination, "adjudication") << g.reason;
  auto size = std::filesystem::file_size(std::filesystem::path(db).parent_path() / "stderr/stderr_flood-run1-slot0-engine0.log");
  EXPECT_LT(size, 64u * 1024 * 1024);  // cut back once past 16 MiB
}

}  // namespace
