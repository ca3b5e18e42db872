#include "record/packed_moves.h"

#include <gtest/gtest.h>

namespace {

harness::MoveRecord move(const std::string& uci, bool has_score, int score_cp = 0, int mate_in = 0) {
  harness::MoveRecord m;
  m.uci = uci;
  m.has_score = has_score;
  m.score_cp = mate_in ? harness::mate_score_cp(mate_in) : score_cp;
  m.mate_in = mate_in;
  return m;
}

TEST(PackedMoves, FourBytesAMoveAndEveryScoreComesBack) {
  const std::vector<harness::MoveRecord> moves = {
      move("e2e4", true, 35),    move("e7e8q", true, -1200), move("a7a8n", false),       move("h1a8", true, 30000),
      move("b2b1r", true, 0, 3), move("g7g8b", true, 0, -4), move("e1h1", true, -30000), move("d2d4", true, 45000)};
  auto bytes = harness::pack_moves(moves);
  ASSERT_TRUE(bytes) << bytes.error();
  EXPECT_EQ(bytes->size(), moves.size() * harness::PACKED_MOVE_BYTES);
  auto back = harness::unpack_moves(*bytes);
  ASSERT_TRUE(back) << back.error();
  ASSERT_EQ(back->size(), moves.size());
  for (std::size_t i = 0; i + 1 < moves.size(); ++i) {
    EXPECT_EQ((*back)[i].uci, moves[i].uci);
    EXPECT_EQ((*back)[i].has_score, moves[i].has_score) << i;
    if (!moves[i].has_score) continue;
    EXPECT_EQ((*back)[i].mate_in, moves[i].mate_in) << i;
    EXPECT_EQ((*back)[i].score_cp, moves[i].score_cp) << i;
  }
  EXPECT_EQ(back->back().score_cp, 30000) << "a score past the range is clamped, not read as a mate";
  EXPECT_EQ(back->back().mate_in, 0);
}

TEST(PackedMoves, WhatIsNotAMoveOrNotWholeIsAnError) {
  EXPECT_FALSE(harness::pack_moves({move("e2e9", true, 1)}));
  EXPECT_FALSE(harness::pack_moves({move("e7e8k", true, 1)}));
  EXPECT_FALSE(harness::pack_moves({move("0000", false)}));
  auto half = harness::unpack_moves(std::string("\x0c\x07\x00", 3));
  ASSERT_FALSE(half);
  EXPECT_NE(half.error().find("not a multiple of 4"), std::string::npos);
  EXPECT_FALSE(harness::unpack_moves(std::string("\x00\x70\x00\x00", 4))) << "promotion code 7";
}

}  // namespace
