// The Bench: line of a commit message, as OpenBench and fishtest read it, and a commit's
// message as it is read from git.
#include "builds/git_commit.h"

#include <gtest/gtest.h>

#include "core/utf8.h"
#include "support/git_repo.h"

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

// A commit written in Latin-1 without an encoding header (old repositories have them; git hands
// them over as written) is read as Windows-1252 and converted: its subject goes into stored runs
// as JSON, where a raw 0xFC made the harness abort. The Bench line in it is still read.
TEST(GitCommit, ALatin1MessageIsReadAsUtf8) {
  GitRepo repo(::testing::TempDir() + "latin1_commit_repo");
  repo.commit({{"a.txt", "1"}}, "first");
  std::ofstream(::testing::TempDir() + "latin1_message.txt") << "Gr\xFC\xDF"
                                                                "e an M\xFCller\n\nBench: 4,321\n";
  sh("git -C " + repo.dir() +
     " -c user.name=t -c user.email=t@example.org -c i18n.commitEncoding=UTF-8 commit -q --allow-empty -F " +
     ::testing::TempDir() + "latin1_message.txt");
  auto commit = harness::resolve_commit(repo.dir(), "HEAD");
  ASSERT_TRUE(commit) << commit.error();
  EXPECT_EQ(commit->subject, "Grüße an Müller");
  EXPECT_TRUE(chess::is_utf8(commit->message));
  EXPECT_EQ(bench_in_message(commit->message), 4321u);
}

}  // namespace
