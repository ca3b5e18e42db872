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

TEST(LineMatches, APatternThatIsNoRegularExpressionIsNamed) {
  auto bad = harness::compile_line_patterns({"ok", "(unclosed"});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("'(unclosed' is not a regular expression"), std::string::npos) << bad.error();
}

}  // namespace
