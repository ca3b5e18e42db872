// The Bench: line of a commit message, as OpenBench and fishtest read it.
#include "builds/git_commit.h"

#include <gtest/gtest.h>

namespace {

using harness::bench_in_message;

TEST(BenchLine, TheLastBenchLineOfAMessageCounts) {
  EXPECT_EQ(bench_in_message("Faster movegen\n\nBench: 4231871\n"), 4231871u);
  EXPECT_EQ(bench_in_message("Tune\n\nbench: 1\nBENCH:  22  \n"), 22u);
  EXPECT_EQ(bench_in_message("Bench: 7"), 7u);
  EXPECT_FALSE(bench_in_message("No functional change"));
  EXPECT_FALSE(bench_in_message("Bench: soon"));
  EXPECT_FALSE(bench_in_message("The Bench: 5 in a sentence is not a signature"));
  EXPECT_FALSE(bench_in_message("Bench: 12 nodes"));
}

}  // namespace
