// The Bench: line of a commit message, as OpenBench and fishtest read it.
#include "builds/git_commit.h"

#include <gtest/gtest.h>

namespace {

using harness::bench_in_message;

// As OpenBench reads a commit message: BENCH or NODES in any case, then spaces, ':' or '=',
// then digits with commas; the last match counts.
TEST(BenchLine, TheLastSignatureOfAMessageCountsInEveryFormTheFieldWrites) {
  EXPECT_EQ(bench_in_message("Faster movegen\n\nBench: 4231871\n"), 4231871u);
  EXPECT_EQ(bench_in_message("Tune\n\nbench: 1\nBENCH:  22  \n"), 22u);
  EXPECT_EQ(bench_in_message("Bench: 7"), 7u);
  EXPECT_EQ(bench_in_message("Retune king safety\n\nBench 2492187"), 2492187u);  // Ethereal
  EXPECT_EQ(bench_in_message("Simplify\n\nBENCH : 8,976,216\n"), 8976216u);      // commas
  EXPECT_EQ(bench_in_message("Bench: 4,252,962"), 4252962u);
  EXPECT_EQ(bench_in_message("nodes=123\nbench = 456 after the rebase"), 456u);  // '=', and the last match
  EXPECT_EQ(bench_in_message("NODES 99"), 99u);
  EXPECT_FALSE(bench_in_message("No functional change"));
  EXPECT_FALSE(bench_in_message("Bench: soon"));
  EXPECT_FALSE(bench_in_message("Benchmarked on two machines"));
  EXPECT_FALSE(bench_in_message("Bench: ,,,"));
  EXPECT_FALSE(bench_in_message("Bench: 123456789012345678901234"));  // more digits than a count
}

}  // namespace
