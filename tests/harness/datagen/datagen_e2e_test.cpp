// harness datagen and harness positions end to end: the project's engine plays itself at a node
// limit from random-ply openings, every game is stored with its moves packed (no move rows, no
// PGN), and the export replays them: each written position's score and result agree with the
// game, the filters leave out what they say, duplicates go, and a killed run resumes.
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "core/position.h"
#include "support/harness_cli.h"
#include "support/stored_runs.h"

namespace {

std::vector<std::string> datagen_args(const std::string& db, int games) {
  return {"datagen",        "--engine", project_engine("dev"), "--nodes", "1500", "--games", std::to_string(games),
          "--random-plies", "6",        "--concurrency",       "2",       "--db", db};
}

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(Datagen, SelfPlayIsStoredPackedAndExportedInEveryFormat) {
  const std::string db = temp_db("datagen");
  HarnessRun r = run_harness(datagen_args(db, 8), 300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(Games 8/8  positions \d+ \(\d+/s\))"))) << r.out;
  EXPECT_NE(r.out.find("the engines searched"), std::string::npos) << r.out;
  auto d = harness::Database::open(db).value();
  EXPECT_EQ(d->run(1).value()->kind, "datagen");
  const auto games = d->games(1).value();
  ASSERT_EQ(games.size(), 8u);
  for (const auto& g : games) {
    EXPECT_TRUE(g.pgn.empty());
    EXPECT_TRUE(d->game_moves(g.id).value().empty()) << "no move rows";
  }
  EXPECT_NE(games[0].opening_fen + games[0].result, games[1].opening_fen + games[1].result) << "each game its own opening";

  const std::string dir = std::filesystem::path(db).parent_path().string();
  HarnessRun all = run_harness({"positions", "1", "--db", db, "-o", dir + "/all.txt", "--format", "text", "--keep",
                                "checks,tactical,mates", "--no-dedup"});
  ASSERT_EQ(all.exit_code, 0) << all.out;
  HarnessRun quiet = run_harness({"positions", "1", "--db", db, "-o", dir + "/quiet.txt", "--format", "text"});
  ASSERT_EQ(quiet.exit_code, 0) << quiet.out;
  const std::vector<std::string> every = lines_of(dir + "/all.txt"), kept = lines_of(dir + "/quiet.txt");
  ASSERT_GT(every.size(), 100u);
  ASSERT_GT(kept.size(), 20u);
  EXPECT_LT(kept.size(), every.size());
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      quiet.out, m,
      std::regex(
          R"(: (\d+) written; left out (\d+) in check, (\d+) captures or promotions, (\d+) mate scores, 0 before ply 0, (\d+) duplicates)")))
      << quiet.out;
  EXPECT_EQ(std::stoul(m[1].str()), kept.size());
  std::size_t left_out = 0;
  for (int i = 2; i <= 5; ++i) left_out += std::stoul(m[i].str());
  EXPECT_EQ(kept.size() + left_out, every.size()) << "every scored position is written or counted as left out";
  for (const std::string& line : kept) {
    std::smatch f;
    ASSERT_TRUE(std::regex_match(line, f, std::regex(R"((.+) \| (-?\d+) \| (1\.0|0\.5|0\.0))"))) << line;
    auto pos = chess::Position::from_fen(f[1].str());
    ASSERT_TRUE(pos) << line;
    EXPECT_FALSE(pos->in_check()) << line;
  }
  HarnessRun epd = run_harness({"positions", "1", "--db", db, "-o", dir + "/t.epd"});
  ASSERT_EQ(epd.exit_code, 0) << epd.out;
  const std::vector<std::string> texel = lines_of(dir + "/t.epd");
  ASSERT_EQ(texel.size(), kept.size());
  EXPECT_TRUE(std::regex_match(texel[0], std::regex(R"re([^ ]+ [wb] [-KQkqA-Ha-h]+ [-a-h1-8]+ c9 "(1-0|0-1|1/2-1/2)";)re")))
      << texel[0];
  HarnessRun zero = run_harness({"datagen", "--engine", project_engine("dev"), "--nodes", "500", "--games", "2", "--random-plies",
                                 "0", "--db", dir + "/zero.sqlite"},
                                120s);
  EXPECT_EQ(zero.exit_code, 0) << "openings of no random plies are the start position:\n" << zero.out;
  HarnessRun bad = run_harness({"positions", "1", "--db", db, "-o", dir + "/x", "--keep", "quiet"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.out.find("--keep takes checks, tactical and mates"), std::string::npos) << bad.out;
}

TEST(Datagen, TheScoreIsFromWhitesViewAndTheResultIsTheGames) {
  const std::string db = temp_db("datagen_signs");
  ASSERT_EQ(run_harness(datagen_args(db, 4), 300s).exit_code, 0);
  const std::string dir = std::filesystem::path(db).parent_path().string();
  ASSERT_EQ(run_harness({"positions", "1", "--db", db, "-o", dir + "/p.txt", "--format", "text", "--keep", "mates", "--no-dedup"})
                .exit_code,
            0);
  // In a decided game the winner's positions late in the game score for the winner.
  auto d = harness::Database::open(db).value();
  int agree = 0, disagree = 0;
  for (const std::string& line : lines_of(dir + "/p.txt")) {
    std::smatch f;
    ASSERT_TRUE(std::regex_match(line, f, std::regex(R"((.+) \| (-?\d+) \| (1\.0|0\.5|0\.0))")));
    const int score = std::stoi(f[2].str());
    if (f[3].str() == "0.5" || std::abs(score) < 500) continue;
    ((score > 0) == (f[3].str() == "1.0") ? agree : disagree)++;
  }
  EXPECT_GT(agree, 10 * (disagree + 1)) << agree << " " << disagree;
}

TEST(Datagen, AKilledRunResumesAndNoGameIsLost) {
  const std::string db = temp_db("datagen_resume");
  auto p = start_harness(datagen_args(db, 40), ::testing::TempDir() + "datagen_killed.txt");
  const auto deadline = std::chrono::steady_clock::now() + 300s;
  for (;;) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline);
    if (auto d = harness::Database::open_readonly(db)) {
      auto count = (*d)->game_count(1);
      if (count && *count >= 4) break;
    }
    std::this_thread::sleep_for(50ms);
  }
  ::kill(p->pid(), SIGKILL);
  (void)p->stop(5000ms);
  std::vector<std::string> args = datagen_args(db, 40);
  args.push_back("--resume");
  // An openings file edited since the run began is refused: the games left would be played on
  // other openings than the run was planned on (before, they were, silently).
  const std::string book = std::filesystem::path(db).parent_path() / "datagen-openings-40x6-seed1.epd";
  const std::vector<std::string> original = lines_of(book);
  ASSERT_GT(original.size(), 40u);
  std::vector<std::string> edited = original;
  std::swap(edited[1], edited[2]);
  auto write = [&book](const std::vector<std::string>& lines) {
    std::ofstream out(book);
    for (const std::string& line : lines) out << line << "\n";
  };
  write(edited);
  for (const std::vector<std::string>& door : {args, std::vector<std::string>{"resume", "1", "--db", db}}) {
    HarnessRun refused = run_harness(door, 120s);
    EXPECT_EQ(refused.exit_code, 2) << refused.out;
    EXPECT_NE(refused.out.find(book + ": the openings are not those the run was planned on"), std::string::npos) << refused.out;
  }
  write(original);
  HarnessRun r = run_harness(args, 300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto d = harness::Database::open(db).value();
  EXPECT_EQ(d->game_count(1).value(), 40);
  EXPECT_EQ(d->run(1).value()->status, "finished");
}

}  // namespace
