// UCI move text read against the legal moves: squares, promotions (an upper-case letter too),
// and text that names no legal move.
#include "core/uci_move.h"

#include <gtest/gtest.h>

#include "core/position.h"

using namespace chess;

namespace {

TEST(UciMove, PromotionsAreReadByTheirLetterInEitherCase) {
  const Position pos = Position::from_fen("8/P6k/8/8/8/8/8/4K3 w - - 0 1").value();
  for (const auto& [text, piece] :
       {std::pair{"a7a8n", KNIGHT}, {"a7a8b", BISHOP}, {"a7a8r", ROOK}, {"a7a8q", QUEEN}, {"a7a8Q", QUEEN}}) {
    const Move m = parse_uci(pos, text);
    ASSERT_TRUE(m.is_promotion()) << text;
    EXPECT_EQ(m.promotion(), piece) << text;
  }
  EXPECT_TRUE(parse_uci(pos, "a7a8").is_none()) << "a promotion needs its piece";
  EXPECT_TRUE(parse_uci(pos, "a7a8k").is_none());
  EXPECT_TRUE(parse_uci(pos, "a7a8x").is_none());
}

TEST(UciMove, TextThatNamesNoLegalMoveIsNone) {
  const Position pos = Position::startpos();
  EXPECT_EQ(to_uci(parse_uci(pos, "g1f3")), "g1f3");
  for (const char* text : {"e2e4q", "E2E4", "e2e9", "i2i4", "e2", "e2e4e5", "e7e5", "0000"})
    EXPECT_TRUE(parse_uci(pos, text).is_none()) << text;
}

}  // namespace
