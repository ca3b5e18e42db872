// Reading bench signatures: this project's engine's and Stockfish's "Nodes searched" lines,
// Ethereal's "OVERALL: N nodes M nps", a pattern of the user's, and what is not a signature.
#include "engines/bench_signature.h"

#include <gtest/gtest.h>

namespace {

using harness::BenchCommand;
using harness::parse_bench_output;

TEST(BenchSignature, ReadsTheLastCountInEachEnginesWords) {
  const BenchCommand plain;
  auto ours = parse_bench_output(
      {"fen1: 100 nodes, bestmove e2e4", "fen2: 200 nodes, bestmove d2d4", "", "Nodes searched: 300", "Nodes/second: 150000"},
      plain, 0.5);
  ASSERT_TRUE(ours) << ours.error();
  EXPECT_EQ(ours->nodes, 300u);
  EXPECT_EQ(ours->nps, 150000u);
  auto stockfish = parse_bench_output({"Position: 1/2 (fen)", "info depth 13 nodes 999 nps 5", "===========================",
                                       "Total time (ms) : 1000", "Nodes searched  : 2351543", "Nodes/second    : 2351543"},
                                      plain, 1.2);
  ASSERT_TRUE(stockfish) << stockfish.error();
  EXPECT_EQ(stockfish->nodes, 2351543u);
  EXPECT_EQ(stockfish->nps, 2351543u);
  auto ethereal = parse_bench_output(
      {"Bench [#  1]  13 cp  Best:e2e4  4000 nodes  2000 nps", "OVERALL:                       8123456 nodes  1234567 nps"},
      plain, 7.0);
  ASSERT_TRUE(ethereal) << ethereal.error();
  EXPECT_EQ(ethereal->nodes, 8123456u);
  EXPECT_EQ(ethereal->nps, 1234567u);
}

// The forms OpenBench reads, and never a UCI info line: one search's score, nodes and time are
// no signature.
TEST(BenchSignature, ReadsTheFieldsFormsAndNeverAnInfoLine) {
  const BenchCommand plain;
  auto spaced = parse_bench_output(
      {"info depth 20 score cp 138 nodes 54683 nps 990 time 55 pv e2e4", "Nodes : 7536246", "NPS : 1851657", "info string done"},
      plain, 4.0);
  ASSERT_TRUE(spaced) << spaced.error();
  EXPECT_EQ(spaced->nodes, 7536246u);
  EXPECT_EQ(spaced->nps, 1851657u);
  auto upper = parse_bench_output({"info depth 5 seldepth 9 nodes 4000 time 3", "NODES: 4252962", "NPS: 633352"}, plain, 7.0);
  ASSERT_TRUE(upper) << upper.error();
  EXPECT_EQ(upper->nodes, 4252962u);
  EXPECT_EQ(upper->nps, 633352u);
  auto only_info = parse_bench_output({"info depth 13 score cp 138 nodes 54683 nps 37266"}, plain, 1.0);
  ASSERT_FALSE(only_info);
  EXPECT_EQ(only_info.error(), "no node count in the bench output");
}

TEST(BenchSignature, ASpeedNotPrintedIsNodesOverTheWallTime) {
  auto s = parse_bench_output({"12000 nodes"}, BenchCommand{}, 2.0);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->nps, 6000u);
}

TEST(BenchSignature, AUsersPatternAndWhatIsNoSignature) {
  BenchCommand custom;
  custom.nodes_pattern = R"(signature=(\d+))";
  auto s = parse_bench_output({"signature=42 (nodes 7)"}, custom, 1.0);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->nodes, 42u);
  custom.nodes_pattern = "(unclosed";
  auto bad = parse_bench_output({"1 nodes"}, custom, 1.0);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("bench pattern '(unclosed' is not a regular expression"), std::string::npos) << bad.error();
  custom.nodes_pattern = R"(\d+ nodes)";
  auto groupless = parse_bench_output({"1 nodes"}, custom, 1.0);
  ASSERT_FALSE(groupless);
  EXPECT_EQ(groupless.error(), "bench pattern '\\d+ nodes' has no group for the count");
  auto none = parse_bench_output({"id name X", "uciok"}, BenchCommand{}, 1.0);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error(), "no node count in the bench output");
}

}  // namespace
