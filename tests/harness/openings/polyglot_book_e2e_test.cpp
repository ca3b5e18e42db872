// A Polyglot book made by Debian's polyglot (make-book) at test time, played from by a match:
// every opening move is a book move, the depth limit holds, and the same seed gives the same
// openings again.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "core/game.h"
#include "core/uci_move.h"
#include "openings/polyglot_book.h"
#include "support/engine_specs.h"
#include "support/harness_cli.h"

namespace {

std::string make_book() {
  const std::string dir = ::testing::TempDir() + "polyglot_e2e/";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "games.pgn") << "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 1-0\n\n"
                                   << "[Result \"1/2-1/2\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 1/2-1/2\n\n"
                                   << "[Result \"0-1\"]\n\n1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 0-1\n\n"
                                   << "[Result \"1-0\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 1-0\n\n";
  // Debian installs polyglot in /usr/games, which is not on every PATH.
  const std::string polyglot = std::filesystem::exists("/usr/games/polyglot") ? "/usr/games/polyglot" : "polyglot";
  const std::string cmd =
      "cd " + dir + " && " + polyglot + " make-book -pgn games.pgn -bin book.bin -min-game 1 > make-book.log 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  return dir + "book.bin";
}

std::vector<std::vector<std::string>> openings_played(const std::string& book, const std::string& db, const std::string& mode) {
  HarnessRun r = run_harness({"match", "--engine", testing_support::versioned_engine("a", "dev"), "--engine",
                              testing_support::versioned_engine("b", "v0.2"), "--openings", book, "--plies", "5", "--book-mode",
                              mode, "--games", "8", "--depth", "2", "--concurrency", "2", "--db", db});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  std::vector<std::vector<std::string>> out;
  for (const auto& g : games_in(db)) out.push_back(g.opening_moves);
  return out;
}

TEST(PolyglotBookE2E, OpeningsComeFromTheBookUpToTheDepth) {
  const std::string path = make_book();
  auto book = harness::PolyglotBook::open(path);
  ASSERT_TRUE(book) << book.error();
  for (const std::string mode : {"weighted", "uniform"}) {
    const auto played = openings_played(path, temp_db("polyglot_" + mode), mode);
    ASSERT_EQ(played.size(), 8u);
    for (const auto& moves : played) {
      EXPECT_GE(moves.size(), 1u);
      EXPECT_LE(moves.size(), 5u);  // --plies 5 is the depth
      chess::Game game;
      for (const std::string& text : moves) {
        bool in_book = false;
        for (const auto& [m, weight] : book->moves(game.position())) in_book |= chess::to_uci(m) == text;
        EXPECT_TRUE(in_book) << text << " is not a book move at " << game.position().fen();
        ASSERT_TRUE(game.play_uci(text));
      }
    }
    EXPECT_EQ(openings_played(path, temp_db("polyglot_again_" + mode), mode), played) << "the seed fixes the openings";
  }
}

}  // namespace
