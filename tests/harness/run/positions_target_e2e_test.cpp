// harness datagen --positions: the run keeps the shortest run of games, in order, whose scored
// positions reach the target, whatever order the two slots finish them in; a run killed with
// SIGKILL holds only games in order and, resumed, keeps the same games as a run that was not.
#include <gtest/gtest.h>
#include <signal.h>

#include <fstream>
#include <iterator>
#include <numeric>

#include "support/harness_cli.h"
#include "support/stored_runs.h"

namespace {

constexpr int TARGET = 6000;

std::vector<std::string> positions_datagen_args(const std::string& db) {
  return {"datagen", "--engine", project_engine("dev"), "--nodes", "300",           "--positions", std::to_string(TARGET),
          "--games", "400",      "--random-plies",      "6",       "--concurrency", "4",           "--db",
          db};
}

// Each stored game's scored positions, by game index.
std::vector<std::pair<int, std::int64_t>> scored_games(const std::string& db_path) {
  auto db = harness::Database::open_existing(db_path).value();
  std::vector<std::pair<int, std::int64_t>> games;
  (void)db->for_each_scored_game(1, [&](const harness::ScoredGame& g) {
    games.emplace_back(g.game_index, std::count_if(g.moves.begin(), g.moves.end(), [](const auto& m) { return m.has_score; }));
    return true;
  });
  return games;
}

// The stored games are games 0 to K-1, with no gap.
void expect_in_order(const std::vector<std::pair<int, std::int64_t>>& games) {
  for (std::size_t i = 0; i < games.size(); ++i) ASSERT_EQ(games[i].first, int(i)) << "a game stored ahead of the order";
}

TEST(PositionsTarget, TheKeptGamesAreTheShortestRunInOrderThatReachesTheTarget) {
  const std::string db = temp_db("positions_target");
  HarnessRun r = run_harness(positions_datagen_args(db), 300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto games = scored_games(db);
  ASSERT_FALSE(games.empty());
  expect_in_order(games);
  const std::int64_t all =
      std::accumulate(games.begin(), games.end(), std::int64_t(0), [](auto n, auto g) { return n + g.second; });
  EXPECT_GE(all, TARGET);
  EXPECT_LT(all - games.back().second, TARGET) << "the last game was not needed";
  EXPECT_LT(int(games.size()), 400);
  EXPECT_NE(r.out.find("Positions: the target of " + std::to_string(TARGET) + " was reached"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("resume plays them"), std::string::npos) << "a finished run leaves nothing to resume\n" << r.out;
  EXPECT_NE(r.out.find("Positions: " + std::to_string(all) + " scored positions in the first " + std::to_string(games.size()) +
                       " games"),
            std::string::npos)
      << r.out;
  auto d = harness::Database::open_existing(db).value();
  EXPECT_EQ(d->run(1).value()->status_text(), "finished");
}

TEST(PositionsTarget, AKilledRunKeepsTheGamesOfARunThatWasNot) {
  const std::string whole = temp_db("positions_whole"), killed = temp_db("positions_killed");
  ASSERT_EQ(run_harness(positions_datagen_args(whole), 300s).exit_code, 0);
  auto p = start_harness(positions_datagen_args(killed), ::testing::TempDir() + "positions_killed.txt");
  ASSERT_TRUE(wait_for_games(killed, 1, 8, 300s));
  ::kill(p->pid(), SIGKILL);
  (void)p->stop(5000ms);
  const auto before = scored_games(killed);
  expect_in_order(before);
  std::vector<std::string> args = positions_datagen_args(killed);
  args.push_back("--resume");
  HarnessRun r = run_harness(args, 300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  // The engine is deterministic at a node limit: the same games, move for move.
  EXPECT_EQ(game_rows(killed, 1), game_rows(whole, 1));
  EXPECT_EQ(scored_games(killed), scored_games(whole));
  // A finished run resumed again plays nothing.
  HarnessRun again = run_harness({"resume", "1", "--db", killed}, 120s);
  EXPECT_EQ(game_rows(killed, 1), game_rows(whole, 1)) << again.out;
}

// A file-size limit stands in for a full disk: the run stops with the message, the slots that
// wait for the order to move on stop waiting, and the games stored are still the first ones.
TEST(PositionsTarget, AFullDiskStopsTheRunAndTheGamesStoredAreInOrder) {
  const std::string db = temp_db("positions_disk_full");
  std::vector<std::string> args = {"-c", "ulimit -f 600; exec \"$0\" \"$@\"", HARNESS_PATH};
  std::vector<std::string> datagen = positions_datagen_args(db);
  datagen[4] = "100";       // nodes
  datagen[6] = "10000000";  // positions
  datagen[8] = "2000";      // games
  args.insert(args.end(), datagen.begin(), datagen.end());
  auto p = harness::ChildProcess::start({"/bin/bash", args, "", ::testing::TempDir() + "positions_disk_full.txt"}).value();
  std::string line, out;
  while (p->read_line(line, 120s) == harness::ReadStatus::LINE) out += line + "\n";
  EXPECT_EQ(p->stop(5000ms), 2) << out;
  std::ifstream e(::testing::TempDir() + "positions_disk_full.txt");
  const std::string message(std::istreambuf_iterator<char>(e), {});
  EXPECT_NE(message.find("games stored before are intact"), std::string::npos) << message;
  const auto games = scored_games(db);
  EXPECT_GT(games.size(), 0u);
  expect_in_order(games);
}

TEST(PositionsTarget, BadSettingsAreRefusedByTheirName) {
  const std::string db = temp_db("positions_refused");
  std::vector<std::string> zero = positions_datagen_args(db);
  zero[6] = "0";
  HarnessRun r = run_harness(zero);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.out.find("--positions"), std::string::npos) << r.out;
  std::vector<std::string> sharded = positions_datagen_args(db);
  sharded.insert(sharded.end(), {"--shard", "1/2"});
  r = run_harness(sharded);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("positions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("shard"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(db));
}

}  // namespace
