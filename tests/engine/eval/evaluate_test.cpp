#include "eval/evaluate.h"

#include <gtest/gtest.h>

#include "search/search.h"

using namespace chess;

namespace {

// Every weight zero: a term under test is then the whole evaluation.
eval::EvalParams zero_params() {
  eval::EvalParams p = eval::default_params();
  for (const auto& info : eval::param_list()) {
    int* data = eval::param_data(p, eval::find_param(info.name));
    for (int i = 0; i < info.size; ++i) data[i] = 0;
  }
  return p;
}

int full_eval(const char* fen, const eval::EvalParams& p) {
  return eval::evaluate(Position::from_fen(fen).value(), p, eval::EvalMode::FULL);
}

TEST(Evaluate, ThreatByPawnCountsEachAttackedPiece) {
  eval::EvalParams p = zero_params();
  p.threat_by_pawn_mg = p.threat_by_pawn_eg = 40;
  // The e4 pawn attacks the knight on d5 and the bishop on f5; the pawn on a2 attacks nothing.
  EXPECT_EQ(full_eval("4k3/8/8/3n1b2/4P3/8/P7/4K3 w - - 0 1", p), 80);
  // Colours reversed, Black to move: the same for Black.
  EXPECT_EQ(full_eval("4k3/p7/8/4p3/3N1B2/8/8/4K3 b - - 0 1", p), 80);
  // A pawn attacking a pawn or the king is no threat.
  EXPECT_EQ(full_eval("8/8/8/3p1k2/4P3/8/8/4K3 b - - 0 1", p), 0);
}

TEST(Evaluate, ThreatByMinorCountsRooksAndQueens) {
  eval::EvalParams p = zero_params();
  p.threat_by_minor_mg = p.threat_by_minor_eg = 25;
  // The knight on e4 attacks the rook on d6 and the queen on f6; the bishop on h1 is blocked by it.
  EXPECT_EQ(full_eval("4k3/8/3r1q2/8/4N3/8/8/4K2B w - - 0 1", p), 50);
}

TEST(Evaluate, MobilityByCountTakesTheWeightOfEachPiecesSquareCount) {
  eval::EvalParams p = zero_params();
  p.mobility_knight_by_count_mg[2] = p.mobility_knight_by_count_eg[2] = 30;
  p.mobility_knight_by_count_mg[8] = p.mobility_knight_by_count_eg[8] = 70;
  p.mobility_knight_by_count_mg[0] = p.mobility_knight_by_count_eg[0] = -45;
  EXPECT_EQ(full_eval("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", p), 30);   // a1: b3 and c2
  EXPECT_EQ(full_eval("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", p), 70);  // d4: all eight
  EXPECT_EQ(full_eval("n3k3/8/8/8/8/8/8/4K3 w - - 0 1", p), -30);  // Black's knight counts for Black
  // Squares held by its own pieces or attacked by enemy pawns do not count: none is left.
  EXPECT_EQ(full_eval("4k3/8/8/8/8/1P6/2P5/N3K3 w - - 0 1", p), -45);
  EXPECT_EQ(full_eval("4k3/8/8/8/p7/8/8/N3K3 w - - 0 1", p), 0);  // the a4 pawn guards b3: one square, weight 0
}

TEST(Evaluate, MobilityByCountReachesTheLastEntryOfEachTable) {
  eval::EvalParams p = zero_params();
  p.mobility_bishop_by_count_mg[13] = p.mobility_bishop_by_count_eg[13] = 13;
  p.mobility_rook_by_count_mg[14] = p.mobility_rook_by_count_eg[14] = 14;
  p.mobility_queen_by_count_mg[27] = p.mobility_queen_by_count_eg[27] = 27;
  // From d4 on a board with only the kings out of its lines: every square a piece can attack.
  EXPECT_EQ(full_eval("4k3/8/8/8/3B4/8/8/7K w - - 0 1", p), 13);
  EXPECT_EQ(full_eval("4k3/8/8/8/3R4/8/8/7K w - - 0 1", p), 14);
  EXPECT_EQ(full_eval("4k3/8/8/8/3Q4/8/8/7K w - - 0 1", p), 27);
}

TEST(Evaluate, PassedPawnKingDistanceInTheEndGame) {
  eval::EvalParams p = zero_params();
  p.passed_king_distance_eg = 10;
  // Passed pawn on b5 (fifth rank), stop square b6: the black king on h8 is 6 away, ours on c5 is 1.
  EXPECT_EQ(full_eval("7k/8/8/1PK5/8/8/8/8 w - - 0 1", p), 50);
  // On the third rank the term does not count.
  EXPECT_EQ(full_eval("7k/8/8/2K5/8/1P6/8/8 w - - 0 1", p), 0);
}

TEST(Evaluate, QuiescenceScoreForTheTunerIgnoresScoresOfOtherWeights) {
  const Position pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4").value();
  eval::EvalParams a = eval::default_params();
  eval::EvalParams b = a;
  b.piece_value_mg[1] += 200;  // knights much dearer
  search::Searcher reused;
  reused.set_params(a);
  reused.quiescence_score(pos);
  reused.set_params(b);
  search::Searcher fresh;
  fresh.set_params(b);
  EXPECT_EQ(reused.quiescence_score(pos), fresh.quiescence_score(pos));
}

}  // namespace
