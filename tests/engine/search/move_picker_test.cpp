#include "search/move_picker.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "core/uci_move.h"
#include "search/versions.h"

using namespace chess;
using namespace search;

namespace {

TEST(MovePicker, GoodCapturesFirstLosingCapturesAfterTheQuietMoves) {
  // White: Qd1xd5 loses the queen to the pawn on e6; c4xd5 wins a knight for a pawn.
  Position pos = Position::from_fen("4k3/8/4p3/3n4/2P5/8/8/3QK3 w - - 0 1").value();
  auto tables = std::make_unique<OrderingTables>();
  const Features& dev = find_version("dev")->features;
  MovePicker picker(pos, Move::none(), *tables, 0, dev, false);
  std::vector<std::string> order;
  std::vector<bool> bad;
  for (Move m = picker.next(); !m.is_none(); m = picker.next()) {
    order.push_back(to_uci(m));
    bad.push_back(picker.last_was_bad_capture());
  }
  ASSERT_EQ(order.size(), std::size_t(picker.size()));
  EXPECT_EQ(order.front(), "c4d5");
  EXPECT_FALSE(bad.front());
  EXPECT_EQ(order.back(), "d1d5");
  EXPECT_TRUE(bad.back());
  for (std::size_t i = 0; i + 1 < bad.size(); ++i) EXPECT_FALSE(bad[i]) << order[i];
}

TEST(MovePicker, TheFirstMoveComesFirstEvenWhenItLosesMaterial) {
  Position pos = Position::from_fen("4k3/8/4p3/3n4/2P5/8/8/3QK3 w - - 0 1").value();
  auto tables = std::make_unique<OrderingTables>();
  MovePicker picker(pos, parse_uci(pos, "d1d5"), *tables, 0, find_version("dev")->features, false);
  EXPECT_EQ(to_uci(picker.next()), "d1d5");
  EXPECT_FALSE(picker.last_was_bad_capture());
}

TEST(OrderingTables, HistoryWithGravityStaysBounded) {
  Position pos = Position::startpos();
  auto tables = std::make_unique<OrderingTables>();
  Features f = find_version("dev")->features;
  ASSERT_TRUE(f.history_gravity && f.continuation_history);
  PieceToHistory* followed[2] = {tables->continuation_after(W_KNIGHT, SQ_F3), nullptr};
  const Move e4 = parse_uci(pos, "e2e4");
  for (int i = 0; i < 1000; ++i) tables->record_cutoff(pos, e4, 3, 20, f, followed);
  const int h = tables->history[WHITE][SQ_E2][SQ_E4];
  EXPECT_GT(h, 15000);
  EXPECT_LE(h, 16384);
  EXPECT_EQ((*followed[0])[W_PAWN][SQ_E4], h);  // the continuation row moves the same way
  EXPECT_EQ(tables->killers[3][0], e4);
  for (int i = 0; i < 1000; ++i) tables->penalise(pos, e4, 20, f, followed);
  EXPECT_GE(tables->history[WHITE][SQ_E2][SQ_E4], -16384);
  EXPECT_LT(tables->history[WHITE][SQ_E2][SQ_E4], -15000);
  // The picker orders quiet moves by history plus the continuation rows of the path.
  PathContext ctx;
  ctx.followed[0] = followed[0];
  (*followed[0])[W_KNIGHT][SQ_C3] = 30000;
  MovePicker picker(pos, Move::none(), *tables, 5, f, false, ctx);
  EXPECT_EQ(to_uci(picker.next()), "b1c3");
}

}  // namespace
