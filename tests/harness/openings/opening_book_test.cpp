#include "openings/opening_book.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "core/game.h"
#include "support/files.h"

namespace {

TEST(OpeningBook, ReadsEpdWithCrlfCommentsCountersAndOperations) {
  std::string path = testing_support::write_temp_file("book.epd",
                                                      "# comment\r\n"
                                                      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\r\n"
                                                      "\r\n"
                                                      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\r\n"
                                                      "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - bm Nc6;");
  auto book = harness::read_opening_book(path, 0);
  ASSERT_TRUE(book) << book.error();
  ASSERT_EQ(book->openings.size(), 3u);
  EXPECT_EQ(book->openings[0].name, "e4");
  EXPECT_EQ(book->openings[1].fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
}

TEST(OpeningBook, EpdErrorsNameFileAndLine) {
  std::string path = testing_support::write_temp_file(
      "bad.epd", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq -\n");
  auto book = harness::read_opening_book(path, 0);
  ASSERT_FALSE(book);
  EXPECT_NE(book.error().find("bad.epd:2: invalid FEN"), std::string::npos) << book.error();
  EXPECT_NE(harness::read_opening_book(testing_support::write_temp_file("x.txt", ""), 0)
                .error()
                .find("must end in .epd, .pgn or .bin (Polyglot)"),
            std::string::npos);
  EXPECT_NE(harness::read_opening_book("/nonexistent.epd", 0).error().find("cannot open"), std::string::npos);
}

TEST(OpeningBook, ReadsPgnWithTagsCommentsVariationsAndPlyLimit) {
  std::string path = testing_support::write_temp_file(
      "book.pgn",
      "[Event \"a\"]\r\n[Site \"?\"]\r\n\r\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3. Bb5 a6 *\r\n\r\n"
      "[Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e3 Kd7 2. e4 1/2-1/2\n");
  auto book = harness::read_opening_book(path, 4);
  ASSERT_TRUE(book) << book.error();
  ASSERT_EQ(book->openings.size(), 2u);
  EXPECT_EQ(book->openings[0].moves, (std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6"}));
  EXPECT_EQ(book->openings[1].fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  EXPECT_EQ(book->openings[1].moves.size(), 3u);
}

TEST(OpeningBook, PgnErrorsNameFileAndLine) {
  std::string path = testing_support::write_temp_file("badmove.pgn", "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n");
  auto book = harness::read_opening_book(path, 0);
  ASSERT_FALSE(book);
  EXPECT_NE(book.error().find("badmove.pgn:1: move 'Ke3' is not legal"), std::string::npos) << book.error();
  path = testing_support::write_temp_file("unclosed.pgn", "[Event \"a\"]\n\n1. e4 {oops e5 *\n");
  EXPECT_NE(harness::read_opening_book(path, 0).error().find("unclosed.pgn:3: '{' comment not closed"), std::string::npos)
      << harness::read_opening_book(path, 0).error();
}

TEST(OpeningBook, RandomOrderIsFixedBySeedAndPairsShareOpenings) {
  auto a = harness::opening_order(10, harness::OpeningOrder::RANDOM, 42);
  auto b = harness::opening_order(10, harness::OpeningOrder::RANDOM, 42);
  auto c = harness::opening_order(10, harness::OpeningOrder::RANDOM, 43);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  auto seq = harness::opening_order(3, harness::OpeningOrder::SEQUENTIAL, 1);
  EXPECT_EQ(seq, (std::vector<std::size_t>{0, 1, 2}));
}

// Random plies are drawn from the game's number and the seed alone: the same opening whatever
// was drawn before it, in any order and in any process, a playable position after the plies
// (the counters 0 and 1, as an EPD book's), and nothing held per game.
TEST(OpeningBook, RandomPliesAreDrawnFromTheNumberAndTheSeedAlone) {
  const harness::OpeningBook book = harness::random_ply_book({8, 7});
  EXPECT_TRUE(book.openings.empty());
  EXPECT_TRUE(book.has_fen_starts());
  const harness::Opening late = harness::opening_for_pair(book, {}, 9'999'999);
  std::set<std::string> seen;
  for (int n = 0; n < 50; ++n) {
    const harness::Opening o = harness::opening_for_pair(book, {}, n);
    EXPECT_EQ(o.name, "random-" + std::to_string(n + 1));
    EXPECT_TRUE(o.moves.empty());
    auto position = chess::Position::from_fen(o.fen);
    ASSERT_TRUE(position) << o.fen;
    EXPECT_EQ(chess::Game(*position).outcome().result, chess::GameResult::ONGOING) << o.fen;
    EXPECT_TRUE(o.fen.ends_with(" 0 1")) << o.fen;
    EXPECT_NE(o.fen, std::string(chess::START_FEN));
    seen.insert(o.fen);
  }
  EXPECT_GT(seen.size(), 45u) << "each game its own opening";
  EXPECT_EQ(harness::opening_for_pair(book, {}, 9'999'999).fen, late.fen) << "drawn again, the same";
  EXPECT_EQ(harness::opening_for_pair(book, {2, 1, 0}, 3).fen, harness::opening_for_pair(book, {}, 3).fen)
      << "whatever the order";
  EXPECT_NE(harness::opening_for_pair(harness::random_ply_book({8, 8}), {}, 3).fen, harness::opening_for_pair(book, {}, 3).fen);
  EXPECT_EQ(harness::opening_for_pair(harness::random_ply_book({0, 7}), {}, 5).fen, std::string(chess::START_FEN));
  EXPECT_NE(book.digest(), harness::random_ply_book({8, 8}).digest());
}

}  // namespace
