#include "stats/terminations.h"

#include <gtest/gtest.h>

namespace {

TEST(Terminations, EveryStoredReasonHasItsKind) {
  using harness::EndKind;
  EXPECT_EQ(harness::end_kind("normal", "White mates"), EndKind::MATE);
  EXPECT_EQ(harness::end_kind("normal", "Black resigns"), EndKind::RESIGNATION);
  EXPECT_EQ(harness::end_kind("normal", "threefold repetition"), EndKind::REPETITION);
  EXPECT_EQ(harness::end_kind("normal", "fifty-move rule"), EndKind::FIFTY_MOVES);
  EXPECT_EQ(harness::end_kind("normal", "insufficient material"), EndKind::INSUFFICIENT);
  EXPECT_EQ(harness::end_kind("normal", "stalemate"), EndKind::STALEMATE);
  EXPECT_EQ(harness::end_kind("adjudication", "draw by adjudication"), EndKind::ADJUDICATION);
  EXPECT_EQ(harness::end_kind("time forfeit", "White loses on time"), EndKind::TIME);
  EXPECT_EQ(harness::end_kind("abandoned", "Black disconnects"), EndKind::CRASH);
  EXPECT_EQ(harness::end_kind("rules infraction", "White makes an illegal move: e1e8"), EndKind::ILLEGAL);
}

TEST(Terminations, TheSummaryCountsKindsAndLosers) {
  const std::string s = harness::terminations_summary({{"a", "b", "1-0", "normal", "White mates"},
                                                       {"b", "a", "1-0", "normal", "White mates"},
                                                       {"a", "b", "0-1", "time forfeit", "White loses on time"},
                                                       {"b", "a", "1/2-1/2", "normal", "threefold repetition"}});
  EXPECT_NE(s.find("mate                        2   lost by a 1, b 1"), std::string::npos) << s;
  EXPECT_NE(s.find("time forfeit                1   lost by a 1"), std::string::npos) << s;
  EXPECT_NE(s.find("threefold repetition        1\n"), std::string::npos) << s;
  EXPECT_EQ(s.find("illegal"), std::string::npos) << s;
}

}  // namespace
