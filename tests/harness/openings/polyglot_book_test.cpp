// Polyglot books: the format's keys (the values the format's documentation publishes), reading
// and refusing files, and weighted and uniform choice.
#include "openings/polyglot_book.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "core/game.h"
#include "core/uci_move.h"
#include "openings/opening_book.h"

namespace {

std::uint64_t key_after(const std::vector<std::string>& moves) {
  chess::Game game;
  for (const std::string& m : moves) EXPECT_TRUE(game.play_uci(m)) << m;
  return harness::polyglot_key(game.position());
}

TEST(PolyglotBook, KeysAreTheFormatsPublishedOnes) {
  EXPECT_EQ(key_after({}), 0x463b96181691fc9cULL);
  EXPECT_EQ(key_after({"e2e4"}), 0x823c9b50fd114196ULL);
  EXPECT_EQ(key_after({"e2e4", "d7d5"}), 0x0756b94461c50fb0ULL);
  EXPECT_EQ(key_after({"e2e4", "d7d5", "e4e5"}), 0x662fafb965db29d4ULL);
  EXPECT_EQ(key_after({"e2e4", "d7d5", "e4e5", "f7f5"}), 0x22a48b5a8e47ff78ULL);  // en passant counts
  EXPECT_EQ(key_after({"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}), 0x652a607ca3f242c1ULL);
  EXPECT_EQ(key_after({"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}), 0x00fdd303c946bdd9ULL);
  EXPECT_EQ(key_after({"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}), 0x3c8123ea7b067637ULL);
  EXPECT_EQ(key_after({"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}), 0x5c3f9b829b279560ULL);
}

void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i) out += char((v >> (8 * i)) & 0xff);
}

// A book file of these entries (key, move, weight), in the order given.
std::string write_book(const std::string& name,
                       const std::vector<std::tuple<std::uint64_t, std::uint16_t, std::uint16_t>>& entries) {
  std::string data;
  for (auto [key, move, weight] : entries) {
    put(data, key, 8);
    put(data, move, 2);
    put(data, weight, 2);
    put(data, 0, 4);
  }
  const std::string path = ::testing::TempDir() + name + ".bin";
  std::ofstream(path, std::ios::binary) << data;
  return path;
}

std::uint16_t book_move(const char* uci) {
  const int from = (uci[0] - 'a') + 8 * (uci[1] - '1'), to = (uci[2] - 'a') + 8 * (uci[3] - '1');
  return std::uint16_t(to | (from << 6));
}

TEST(PolyglotBook, WeightedChoiceFollowsTheWeightsAndUniformIgnoresThem) {
  const std::uint64_t start = key_after({});
  const std::string path =
      write_book("weights", {{start, book_move("e2e4"), 3}, {start, book_move("d2d4"), 1}, {start, book_move("e2e5"), 9}});
  auto book = harness::PolyglotBook::open(path);
  ASSERT_TRUE(book) << book.error();
  EXPECT_EQ(book->size(), 3u);
  EXPECT_EQ(book->moves(chess::Position::startpos()).size(), 2u);  // e2e5 is no legal move: skipped
  std::map<std::string, int> weighted, uniform;
  for (const auto& o : harness::polyglot_openings(*book, "b", 4000, 4, harness::BookChoice::WEIGHTED, 7)) {
    ASSERT_EQ(o.moves.size(), 1u);  // the book ends after one move
    ++weighted[o.moves[0]];
  }
  for (const auto& o : harness::polyglot_openings(*book, "b", 4000, 4, harness::BookChoice::UNIFORM, 7)) ++uniform[o.moves[0]];
  EXPECT_NEAR(weighted["e2e4"] / 4000.0, 0.75, 0.03);
  EXPECT_NEAR(uniform["e2e4"] / 4000.0, 0.5, 0.03);
  // Keys out of order are refused (the start position's key is the smaller of the two).
  const std::uint64_t after_e4 = key_after({"e2e4"});
  ASSERT_LT(start, after_e4);
  auto unsorted =
      harness::PolyglotBook::open(write_book("unsorted", {{after_e4, book_move("e7e5"), 1}, {start, book_move("e2e4"), 1}}));
  ASSERT_FALSE(unsorted);
  EXPECT_NE(unsorted.error().find("entry 2 is out of key order"), std::string::npos) << unsorted.error();
  // The depth limit stops a line where the book goes on.
  auto two = harness::PolyglotBook::open(write_book("two", {{start, book_move("e2e4"), 1}, {after_e4, book_move("e7e5"), 1}}));
  ASSERT_TRUE(two) << two.error();
  EXPECT_EQ(harness::polyglot_openings(*two, "b", 1, 0, harness::BookChoice::WEIGHTED, 1)[0].moves.size(), 2u);
  EXPECT_EQ(harness::polyglot_openings(*two, "b", 1, 1, harness::BookChoice::WEIGHTED, 1)[0].moves.size(), 1u);
  const std::string torn = ::testing::TempDir() + "torn.bin";
  std::ofstream(torn, std::ios::binary) << std::string(17, 'x');
  auto bad = harness::read_opening_book(torn, 0);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("torn.bin: 17 bytes is not a whole number of 16-byte Polyglot entries"), std::string::npos)
      << bad.error();
  const std::string elsewhere = write_book("no_start", {{1, book_move("e2e4"), 1}});
  bad = harness::read_opening_book(elsewhere, 0);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("no move for the start position"), std::string::npos) << bad.error();
}

}  // namespace
