// Chess960 and DFRC end to end: a book the harness writes, a match of real engine processes in
// both protocols on it, PGN that reads back, and the refusals that come before any game.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "core/game.h"
#include "core/san.h"
#include "openings/opening_book.h"
#include "support/harness_cli.h"

namespace {

std::string dev_engine(const std::string& name, const std::string& proto = "uci") {
  return "name=" + name + " cmd=" + ENGINE_PATH + " arg=--version arg=dev proto=" + proto + " option.Hash=4";
}

std::string write_book(const std::string& name, const std::vector<std::string>& args) {
  const std::string path = ::testing::TempDir() + name + ".epd";
  std::vector<std::string> full = {"openings", "-o", path};
  full.insert(full.end(), args.begin(), args.end());
  HarnessRun r = run_harness(full);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  return path;
}

TEST(Chess960, OpeningsWritesDistinctChess960AndDfrcStarts) {
  const std::string all = write_book("all960", {"--chess960", "960"});
  auto book = harness::read_opening_book(all, 0);
  ASSERT_TRUE(book) << book.error();
  ASSERT_EQ(book->openings.size(), 960u);
  EXPECT_EQ(book->openings[518].fen, std::string(chess::START_FEN));  // Scharnagl's 518 is chess
  EXPECT_EQ(book->openings[518].name, "chess960 518");
  const std::string dfrc = write_book("dfrc", {"--dfrc", "30", "--seed", "9", "--plies", "2"});
  book = harness::read_opening_book(dfrc, 0);
  ASSERT_TRUE(book) << book.error();
  ASSERT_EQ(book->openings.size(), 30u);
  int different_sides = 0;
  for (const harness::Opening& o : book->openings) {
    const std::size_t slash = o.name.find('/');
    ASSERT_NE(slash, std::string::npos) << o.name;
    different_sides += o.name.substr(5, slash - 5) != o.name.substr(slash + 1);
  }
  EXPECT_GE(different_sides, 25);
  // The same seed writes the same book.
  const std::string again = write_book("dfrc_again", {"--dfrc", "30", "--seed", "9", "--plies", "2"});
  std::ifstream a(dfrc), b(again);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(a), {}), std::string(std::istreambuf_iterator<char>(b), {}));
}

TEST(Chess960, ADfrcMatchInBothProtocolsCastlesAndReadsBack) {
  const std::string book = write_book("match_book", {"--dfrc", "8", "--seed", "4"});
  const std::string db = temp_db("chess960_match");
  const std::string pgn = ::testing::TempDir() + "chess960_match.pgn";
  std::filesystem::remove(pgn);
  HarnessRun r = run_harness({"match", "--engine", dev_engine("uci"), "--engine", dev_engine("xboard", "xboard"), "--openings",
                              book, "--games", "16", "--depth", "3", "--concurrency", "2", "--db", db, "--pgn", pgn});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("fischerandom"), std::string::npos) << r.out;  // detected from the book
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 16u);
  for (const auto& g : games) EXPECT_TRUE(g.termination == "normal" || g.termination == "adjudication") << g.reason;
  // Every game reads back from the PGN with its FEN tag and SAN castling.
  std::ifstream in(pgn);
  const std::string text(std::istreambuf_iterator<char>(in), {});
  std::size_t variant_tags = 0;
  for (std::size_t at = text.find("[Variant \"Chess960\"]"); at != std::string::npos;
       at = text.find("[Variant \"Chess960\"]", at + 1))
    ++variant_tags;
  EXPECT_EQ(variant_tags, 16u);
  int castles = 0;
  for (const auto& g : games) {
    // Each game alone, read as a book of all its moves but the last (which may end the game).
    const std::string one = ::testing::TempDir() + "chess960_game.pgn";
    std::ofstream(one) << g.pgn;
    auto read_back = harness::read_pgn_book(one, g.plies - 1);
    ASSERT_TRUE(read_back) << read_back.error() << "\n" << g.pgn;
    ASSERT_EQ(read_back->openings.size(), 1u);
    EXPECT_EQ(int(read_back->openings[0].moves.size()), g.plies - 1) << g.pgn;
    for (std::size_t at = g.pgn.find(" O-O"); at != std::string::npos; at = g.pgn.find(" O-O", at + 1)) ++castles;
  }
  EXPECT_GT(castles, 0) << "no game castled";
  // binpack cannot hold Chess960's castling rights: such positions are counted, not written;
  // marlinformat holds them.
  const std::string exported = ::testing::TempDir() + "chess960_positions";
  r = run_harness({"positions", "1", "--db", db, "-o", exported, "--format", "binpack"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::smatch held;
  ASSERT_TRUE(std::regex_search(r.out, held, std::regex(R"((\d+) the format cannot hold \(Chess960 castling rights\))")))
      << r.out;
  EXPECT_GT(std::stoi(held[1].str()), 0);
  r = run_harness({"positions", "1", "--db", db, "-o", exported, "--format", "marlinformat", "--keep", "checks,tactical,mates"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.find("cannot hold"), std::string::npos) << r.out;
}

TEST(Chess960, EnginesThatCannotPlayItAreRefusedBeforeAnyGame) {
  const std::string book = write_book("refusal_book", {"--chess960", "4", "--seed", "2"});
  const std::string db = temp_db("chess960_refused");
  HarnessRun r = run_harness({"match", "--engine", dev_engine("dev"), "--engine", mock("mock", "random"), "--openings", book,
                              "--games", "2", "--db", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("engine 'mock' does not declare the UCI_Chess960 option"), std::string::npos) << r.out;
  EXPECT_TRUE(games_in(db).empty());
  auto opened = harness::Database::open(db);
  EXPECT_TRUE(!opened || (*opened)->runs().value().empty());
  // A standard-chess run on a Chess960 book, and an unknown variant.
  r = run_harness({"match", "--engine", dev_engine("a"), "--engine", dev_engine("b"), "--openings", book, "--variant", "standard",
                   "--games", "2", "--db", db});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("has Chess960 castling"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--variant fischerandom"), std::string::npos) << r.out;
  r = run_harness(
      {"match", "--engine", dev_engine("a"), "--engine", dev_engine("b"), "--variant", "crazyhouse", "--games", "2", "--db", db});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("--variant must be 'standard' or 'fischerandom', got 'crazyhouse'"), std::string::npos) << r.out;
}

TEST(Chess960, AMalformedShredderFenNamesTheFieldAndTheLine) {
  const std::string book = ::testing::TempDir() + "bad_shredder.epd";
  std::ofstream(book) << "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - id \"good\";\n"
                      << "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HXhf - id \"bad\";\n";
  HarnessRun r = run_harness({"match", "--engine", dev_engine("a"), "--engine", dev_engine("b"), "--openings", book, "--games",
                              "2", "--db", temp_db("bad_shredder")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("bad_shredder.epd:2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("castling field 'HXhf'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("unknown castling letter 'X'"), std::string::npos) << r.out;
}

TEST(Chess960, BadOpeningsCommandLinesAreRefused) {
  for (const auto& [args, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"openings", "--chess960", "0"}, "--chess960 must be from 1 to 960"},
           {{"openings", "--dfrc", "3", "--chess960", "3"}, "give one of --chess960 N and --dfrc N"},
           {{"openings", "--chess960", "3", "--plies", "-1"}, "--plies must be from 0 to 40"},
           {{"openings", "--chess960", "3", "--check", "dev"}, "--check needs --plies"}}) {
    HarnessRun r = run_harness(args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << r.out;
  }
}

}  // namespace
