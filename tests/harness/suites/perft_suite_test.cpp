#include "suites/perft_suite.h"

#include <gtest/gtest.h>

#include <fstream>

#include "support/files.h"

namespace {

TEST(PerftSuite, ReadsTheClassicFormAndItsVariants) {
  std::string path =
      testing_support::write_temp_file("suite.epd",
                                       "# comment\r\n"
                                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\r\n"
                                       "\r\n"
                                       "4k3/8/8/8/8/8/8/4K2R w K - 0 1;D1 15;D2 66;\r\n"
                                       "4k3/8/8/8/8/8/8/4K2R w K - id \"rook\"; D2 66; D1 15; acd 2;\n"
                                       "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48");
  auto suite = harness::read_perft_suite(path, true);
  ASSERT_TRUE(suite) << suite.error();
  ASSERT_EQ(suite->cases.size(), 4u);
  EXPECT_EQ(suite->cases[0].line, 2);
  EXPECT_EQ(suite->cases[0].id, "line 2");
  EXPECT_EQ(suite->cases[0].depths, (std::vector<std::pair<int, std::uint64_t>>{{1, 20}, {2, 400}}));
  EXPECT_EQ(suite->cases[1].depths.size(), 2u);
  EXPECT_EQ(suite->cases[2].id, "rook");
  EXPECT_EQ(suite->cases[2].depths, (std::vector<std::pair<int, std::uint64_t>>{{1, 15}, {2, 66}}));
  EXPECT_EQ(suite->cases[3].depths.front().second, 48u);
}

TEST(PerftSuite, MalformedLinesAreSkippedOrFatalWithFileAndLine) {
  std::string path = testing_support::write_temp_file("bad.epd",
                                                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n"
                                                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1 ;D1 20\n"
                                                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 twenty\n"
                                                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                                                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D1 20\n");
  auto lenient = harness::read_perft_suite(path, false);
  ASSERT_TRUE(lenient) << lenient.error();
  EXPECT_EQ(lenient->cases.size(), 1u);
  ASSERT_EQ(lenient->skipped.size(), 4u);
  EXPECT_NE(lenient->skipped[0].find("bad.epd:2: invalid FEN"), std::string::npos) << lenient->skipped[0];
  EXPECT_NE(lenient->skipped[1].find("bad.epd:3: count for D1 is not a number: 'twenty'"), std::string::npos)
      << lenient->skipped[1];
  EXPECT_NE(lenient->skipped[2].find("bad.epd:4: no depth counts"), std::string::npos) << lenient->skipped[2];
  EXPECT_NE(lenient->skipped[3].find("bad.epd:5: depth D1 appears twice"), std::string::npos) << lenient->skipped[3];
  auto strict = harness::read_perft_suite(path, true);
  ASSERT_FALSE(strict);
  EXPECT_NE(strict.error().find("bad.epd:2:"), std::string::npos);
  EXPECT_NE(harness::read_perft_suite("/nonexistent.epd", false).error().find("cannot open"), std::string::npos);
}

// Fuzzing found: a depth too large for an int threw std::out_of_range out of the reader.
TEST(PerftSuite, AnEnormousDepthIsRefusedNotThrown) {
  auto c = harness::parse_perft_line("8/8/8/8/8/8/8/K1k5 w - - ;D99999999999 1", "x.epd:1");
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error(), "x.epd:1: depth D99999999999 is outside 1..20");
}

}  // namespace
