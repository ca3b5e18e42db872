// Tablebase adjudication with the real 3-piece Gaviota tables Debian ships (gaviotatb): games
// end as soon as their position is in the tables, with the verdict endgame theory gives; bad
// --tb arguments are refused before anything is recorded. Syzygy: real tables made by Ronald de
// Man's generator (syzygy/README.md), probed through Fathom, the fifty-move count included.
#include <gtest/gtest.h>

#include <fstream>

#include "support/engine_specs.h"
#include "support/harness_cli.h"

namespace {

const std::string GAVIOTA = "/usr/share/gaviotatb/gtb4";
const std::string SYZYGY = std::string(PROJECT_DIR) + "/tests/harness/adjudication/syzygy";

TEST(Tablebases, GamesEndAsSoonAsTheTablesKnowTheResult) {
  const std::string book = ::testing::TempDir() + "tb_book.epd";
  // Queen takes rook into KQK (a win), a blocked KPK (a draw from the start), KQK with Black to move.
  std::ofstream(book) << "8/8/8/8/8/8/3r4/3QK2k w - - id \"kqkr\";\n"
                      << "8/8/8/8/8/4k3/4P3/4K3 w - - id \"kpk\";\n"
                      << "8/8/8/8/8/8/4k3/K6Q b - - id \"kqk\";\n";
  const std::string db = temp_db("tablebases");
  HarnessRun r = run_harness({"match", "--engine", testing_support::versioned_engine("a", "dev"), "--engine",
                              testing_support::versioned_engine("b", "v0.2"), "--openings", book, "--games", "6", "--depth", "4",
                              "--tb", GAVIOTA, "--tb-pieces", "3", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 6u);
  for (const auto& g : games) {
    EXPECT_EQ(g.termination, "adjudication") << g.reason;
    EXPECT_NE(g.reason.find("by the tablebase (Gaviota"), std::string::npos) << g.reason;
    EXPECT_NE(g.pgn.find("[Termination \"adjudication\"]"), std::string::npos);
    EXPECT_NE(g.pgn.find("tablebase"), std::string::npos) << g.pgn;
    if (g.opening_fen.find("3QK2k") != std::string::npos || g.opening_fen.find("K6Q") != std::string::npos) {
      EXPECT_EQ(g.result, "1-0") << g.reason;
      EXPECT_LE(g.plies, 1) << "the queen's side wins as soon as three pieces are left";
    } else {
      EXPECT_EQ(g.result, "1/2-1/2") << g.reason;
      EXPECT_EQ(g.plies, 0) << "the start position is in the tables";
    }
  }
}

TEST(Tablebases, RealSyzygyTablesAdjudicateWithTheFiftyMoveRule) {
  const std::string book = ::testing::TempDir() + "syzygy_book.epd";
  // KRK with Black to move, 32 plies from the rook's mate (the table's longest): won with 68 plies
  // on the fifty-move count, a draw with 69 (a cursed win). KQK and KPK wins; a blocked KPK.
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"8/8/8/8/8/8/2Rk4/1K6 b - - 68 41", "1-0"},    {"8/8/8/8/8/8/2Rk4/1K6 b - - 69 41", "1/2-1/2"},
      {"8/8/8/8/8/8/4k3/K6Q b - - 0 1", "1-0"},       {"8/8/8/8/8/8/4P3/4K2k w - - 0 1", "1-0"},
      {"8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", "1/2-1/2"},
  };
  std::ofstream out(book);
  for (const auto& [fen, result] : expected) out << fen << "\n";
  out.close();
  const std::string db = temp_db("syzygy");
  HarnessRun r = run_harness({"match", "--engine", testing_support::versioned_engine("a", "dev"), "--engine",
                              testing_support::versioned_engine("b", "v0.2"), "--openings", book, "--games", "10", "--depth", "2",
                              "--tb", SYZYGY, "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.find("munmap"), std::string::npos) << "Fathom's message after unmapping a table: " << r.out;
  EXPECT_EQ(r.out.find("info string"), std::string::npos) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 10u);
  for (const auto& g : games) {
    EXPECT_EQ(g.plies, 0) << "the start position is in the tables: " << g.opening_fen;
    EXPECT_NE(g.reason.find("by the tablebase (Syzygy)"), std::string::npos) << g.reason;
    bool found = false;
    for (const auto& [fen, result] : expected)
      if (g.opening_fen == fen) {
        found = true;
        EXPECT_EQ(g.result, result) << fen << ": " << g.reason;
      }
    EXPECT_TRUE(found) << g.opening_fen;
  }
}

TEST(Tablebases, BadArgumentsAreRefusedBeforeAnythingIsRecorded) {
  const std::string db = temp_db("tablebases_bad");
  const std::string empty = ::testing::TempDir() + "no_tables/";
  const std::string fake = ::testing::TempDir() + "fake_syzygy/";
  std::filesystem::create_directories(empty);
  std::filesystem::create_directories(fake);
  std::ofstream(fake + "KQvK.rtbw") << "not a table";
  const std::string forged = ::testing::TempDir() + "forged_syzygy/";
  std::filesystem::create_directories(forged);
  std::ofstream(forged + "KRvK.rtbz") << std::string(80, 'x');  // a table's size, not its first bytes
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--tb", "/no/such/dir"}, "--tb /no/such/dir: no such directory"},
      {{"--tb", empty}, "no Gaviota (.gtb.cp1 to .gtb.cp4) or Syzygy (.rtbw) tables in it"},
      {{"--tb", fake}, "KQvK.rtbw is not a whole Syzygy table (11 bytes; a table's size is a multiple of 64 bytes and 16 more)"},
      {{"--tb", forged}, "KRvK.rtbz does not start as a Syzygy .rtbz table does"},
      {{"--tb-pieces", "3"}, "--tb-pieces needs --tb DIRECTORY"},
      {{"--tb", GAVIOTA, "--tb-pieces", "9"}, "--tb-pieces must be from 3 to 7, got 9"},
  };
  for (const auto& [extra, message] : cases) {
    std::vector<std::string> args = {"match",
                                     "--engine",
                                     testing_support::versioned_engine("a", "dev"),
                                     "--engine",
                                     testing_support::versioned_engine("b", "v0.2"),
                                     "--games",
                                     "2",
                                     "--depth",
                                     "2",
                                     "--db",
                                     db};
    args.insert(args.end(), extra.begin(), extra.end());
    HarnessRun r = run_harness(args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << r.out;
  }
  EXPECT_FALSE(std::filesystem::exists(db));
}

}  // namespace
