#include <gtest/gtest.h>

#include "record/game_record.h"

namespace {

harness::MoveRecord mate(int mate_in) {
  harness::MoveRecord m;
  m.has_score = true;
  m.mate_in = mate_in;
  return m;
}

// fastchess's sign check: each side's mate score is its own view, so after "I mate in 3" the
// opponent must say it is mated (negative); both positive, or both negative, is a mismatch.
TEST(MateSigns, TwoMovesInARowThatBothClaimTheMateAreAMismatch) {
  harness::GameRecord g;
  harness::MoveRecord plain;
  plain.has_score = true;
  plain.score_cp = 30;
  g.moves = {plain, mate(3), mate(-2), mate(2), mate(1), mate(-1), mate(-1)};
  const auto found = harness::mate_sign_mismatches(g);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].move, 4u);
  EXPECT_EQ(found[0].them_mate, 2);
  EXPECT_EQ(found[0].us_mate, 1);
  EXPECT_EQ(found[1].move, 6u);
  EXPECT_EQ(found[1].us_mate, -1);
}

}  // namespace
