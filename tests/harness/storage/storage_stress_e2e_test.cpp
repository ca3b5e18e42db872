// The database under stress: a disk that fills during a match, readers while a match writes,
// and two harness processes writing one file.
#include <gtest/gtest.h>

#include <set>

#include "support/harness_cli.h"

namespace {

std::vector<std::string> quick_match(const std::string& db, int games) {
  return {"match",
          "--engine",
          mock("a", "random"),
          "--engine",
          mock("b", "random"),
          "--games",
          std::to_string(games),
          "--movetime",
          "0.01",
          "--maxmoves",
          "30",
          "--concurrency",
          "2",
          "--db",
          db};
}

void expect_exact_games(const std::string& db, std::int64_t run, int games) {
  auto stored = games_in(db, run);
  std::set<int> indices;
  for (const auto& g : stored) indices.insert(g.game_index);
  EXPECT_EQ(stored.size(), std::size_t(games));
  EXPECT_EQ(indices.size(), std::size_t(games));
}

// A file-size limit stands in for a full disk: SQLite's write fails, the harness says so
// once and exits 2, the games stored before stay, and resume completes the run exactly. The
// limit (600 KiB) leaves room for a new database's schema, about 300 KiB of write-ahead log
// with every migration, and some games after it: the write that fails is a game's.
TEST(StorageStress, AFullDiskStopsTheRunCleanlyAndItResumes) {
  std::string db = temp_db("disk_full");
  std::vector<std::string> args = {"-c", "ulimit -f 600; exec \"$0\" \"$@\"", HARNESS_PATH};
  auto match = quick_match(db, 200);
  args.insert(args.end(), match.begin(), match.end());
  std::string err = ::testing::TempDir() + "disk_full_err.txt";
  auto p = harness::ChildProcess::start({"/bin/bash", args, "", err}).value();
  std::string line, out;
  while (p->read_line(line, 120s) == harness::ReadStatus::LINE) out += line + "\n";
  EXPECT_EQ(p->stop(5000ms), 2) << out;
  std::ifstream e(err);
  std::string message(std::istreambuf_iterator<char>(e), {});
  EXPECT_NE(message.find("games stored before are intact: make room and continue with 'harness resume 1 --db " + db + "'"),
            std::string::npos)
      << message;
  const std::size_t stored = games_in(db).size();
  EXPECT_GT(stored, 0u);
  EXPECT_LT(stored, 200u);
  HarnessRun r = run_harness({"resume", "1", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Resuming run 1: " + std::to_string(stored) + " of 200 games already played"), std::string::npos) << r.out;
  expect_exact_games(db, 1, 200);
}

TEST(StorageStress, RunsAndShowWorkWhileAMatchWrites) {
  std::string db = temp_db("readers");
  auto writer = start_harness({"match", "--engine", mock("a", "slow=5"), "--engine", mock("b", "slow=5"), "--games", "40",
                               "--movetime", "0.1", "--maxmoves", "20", "--concurrency", "2", "--db", db},
                              ::testing::TempDir() + "readers_err.txt");
  std::string line;
  ASSERT_EQ(writer->read_line(line, 60s), harness::ReadStatus::LINE);  // "Run 1 in ...": the run exists
  int reads = 0;
  while (writer->read_line(line, 10ms) != harness::ReadStatus::CLOSED && reads < 30) {
    HarnessRun runs = run_harness({"runs", "--db", db});
    EXPECT_EQ(runs.exit_code, 0) << runs.out;
    HarnessRun show = run_harness({"show", "1", "--db", db});
    EXPECT_EQ(show.exit_code, 0) << show.out;
    ++reads;
  }
  EXPECT_GE(reads, 5);
  while (writer->read_line(line, 120s) == harness::ReadStatus::LINE) {
  }
  EXPECT_EQ(writer->stop(5000ms), 0);
  expect_exact_games(db, 1, 40);
}

TEST(StorageStress, TwoHarnessesWriteOneDatabase) {
  std::string db = temp_db("two_writers");
  auto first = start_harness(quick_match(db, 60), ::testing::TempDir() + "two_writers_1.txt");
  auto second = start_harness(quick_match(db, 60), ::testing::TempDir() + "two_writers_2.txt");
  std::string line;
  for (auto* p : {first.get(), second.get()})
    while (p->read_line(line, 120s) == harness::ReadStatus::LINE) {
    }
  auto text = [](const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(first->stop(5000ms), 0) << text(::testing::TempDir() + "two_writers_1.txt");
  EXPECT_EQ(second->stop(5000ms), 0) << text(::testing::TempDir() + "two_writers_2.txt");
  expect_exact_games(db, 1, 60);
  expect_exact_games(db, 2, 60);
  auto dbh = harness::Database::open(db).value();
  EXPECT_EQ(dbh->run(1).value()->status_text(), "finished");
  EXPECT_EQ(dbh->run(2).value()->status_text(), "finished");
}

}  // namespace
