// fastchess's match_line: for each pattern, the last line of a move's search that it matches.
#include "players/line_matches.h"

#include <gtest/gtest.h>

namespace {

TEST(LineMatches, EachPatternKeepsItsLastMatchingLineInPatternOrder) {
  auto patterns = harness::compile_line_patterns({"^info string pgncomment .*", "nps [0-9]+"});
  ASSERT_TRUE(patterns) << patterns.error();
  harness::LineMatches m(*patterns);
  m.line("info string pgncomment first");
  m.line("info depth 3 nps 1000 pv e2e4");
  m.line("info string pgncomment second");
  m.line("bestmove e2e4");
  EXPECT_EQ(m.take(), (std::vector<std::string>{"info string pgncomment second", "info depth 3 nps 1000 pv e2e4"}));
  harness::LineMatches none(*patterns);
  none.line("info depth 1");
  EXPECT_TRUE(none.take().empty());
}

// std::regex recurses per character: a line of 200 KB is passed over, not matched to a crash.
TEST(LineMatches, AnOverlongLineIsPassedOver) {
  auto patterns = harness::compile_line_patterns({"score.*pv"});
  ASSERT_TRUE(patterns);
  harness::LineMatches m(*patterns);
  m.line("info score cp 1 pv e2e4");
  m.line("info string score " + std::string(200000, 'x') + " pv");
  EXPECT_EQ(m.take(), (std::vector<std::string>{"info score cp 1 pv e2e4"}));
}

// Before, each line was matched as it came, by a matcher that backtracks: (a+)+$ on a line of
// a's ending in "b" took 2^n steps, and this test never ended. Now the line gives up within its
// reads and counts as not matched, and an older line that matches is still found.
TEST(LineMatches, ACatastrophicPatternGivesUpWithinItsReads) {
  auto patterns = harness::compile_line_patterns({"(a+)+$"});
  ASSERT_TRUE(patterns) << patterns.error();
  harness::LineMatches m(*patterns);
  const std::string matching(3000, 'a');
  m.line(matching);
  m.line(std::string(4000, 'a') + "b");
  EXPECT_EQ(m.take(), (std::vector<std::string>{matching}));
}

// Only the move's last lines are matched: an engine flooding info lines is not matched line by line.
TEST(LineMatches, TheMovesLastLinesAreMatched) {
  auto patterns = harness::compile_line_patterns({"pgncomment"});
  ASSERT_TRUE(patterns);
  harness::LineMatches kept(*patterns), passed(*patterns);
  kept.line("info string pgncomment kept");
  passed.line("info string pgncomment passed");
  for (std::size_t i = 0; i < harness::KEPT_LINES; ++i) {
    if (i + 1 < harness::KEPT_LINES) kept.line("info depth " + std::to_string(i));
    passed.line("info depth " + std::to_string(i));
  }
  EXPECT_EQ(kept.take(), (std::vector<std::string>{"info string pgncomment kept"}));
  EXPECT_TRUE(passed.take().empty());
}

// A back-reference needs the backtracking matcher: such a pattern is kept, bounded by its reads.
TEST(LineMatches, APatternWithABackReferenceMatches) {
  auto patterns = harness::compile_line_patterns({"(\\w+) \\1$"});
  ASSERT_TRUE(patterns) << patterns.error();
  harness::LineMatches m(*patterns);
  m.line("info string said said");
  m.line("info string said once");
  EXPECT_EQ(m.take(), (std::vector<std::string>{"info string said said"}));
}

TEST(LineMatches, APatternThatIsNoRegularExpressionIsNamed) {
  auto bad = harness::compile_line_patterns({"ok", "(unclosed"});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("'(unclosed' is not a regular expression"), std::string::npos) << bad.error();
}

}  // namespace
