#include "core/movegen.h"

#include <gtest/gtest.h>

#include "core/uci_move.h"
#include "support/random_games.h"

using namespace chess;

namespace {

std::vector<std::string> uci_moves(const char* fen) {
  std::vector<std::string> out;
  for (Move m : legal_moves(Position::from_fen(fen).value())) out.push_back(to_uci(m));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(MoveGen, CountMatchesListEverywhere) {
  testing_support::for_each_random_move(
      300, 200, 3, [](Position& pos, Move) { ASSERT_EQ(count_legal(pos), legal_moves(pos).size()) << pos.fen(); });
}

TEST(MoveGen, NoisyMovesAreTheLegalCapturesAndPromotions) {
  testing_support::for_each_random_move(200, 200, 5, [](Position& pos, Move) {
    MoveList noisy;
    generate_noisy(pos, noisy);
    int expected = 0;
    for (Move m : legal_moves(pos))
      if (pos.is_capture(m) || m.is_promotion()) {
        ++expected;
        ASSERT_TRUE(noisy.contains(m)) << pos.fen() << " " << to_uci(m);
      }
    ASSERT_EQ(noisy.size(), expected) << pos.fen();
  });
}

TEST(MoveGen, EnPassantThatExposesTheKingOnTheRankIsIllegal) {
  auto moves = uci_moves("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e5d6"), 0);
  moves = uci_moves("8/8/8/K2pP3/8/8/8/7k w - d6 0 1");
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e5d6"), 1);
}

TEST(MoveGen, EnPassantCanCaptureACheckingPawn) {
  auto moves = uci_moves("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e4d3"), 1);
}

TEST(MoveGen, DoubleCheckAllowsOnlyKingMoves) {
  for (const std::string& m : uci_moves("4k3/8/8/8/1b6/5n2/8/R3K3 w Q - 0 1")) EXPECT_EQ(m.substr(0, 2), "e1") << m;
}

TEST(MoveGen, CastlingNeedsEmptyAndSafeSquares) {
  auto moves = uci_moves("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1g1"), 1);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1c1"), 1);
  moves = uci_moves("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");  // f2 rook: e1 in check? no, attacks f1
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1g1"), 0);
  moves = uci_moves("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");  // b1 occupied: no long castling
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1c1"), 0);
  moves = uci_moves("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1");  // b1 attacked only: long castling still legal
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1c1"), 1);
}

TEST(MoveGen, PromotionsComeInFourPieces) {
  auto moves = uci_moves("7k/P7/8/8/8/8/8/K7 w - - 0 1");
  for (const char* m : {"a7a8q", "a7a8r", "a7a8b", "a7a8n"}) EXPECT_EQ(std::count(moves.begin(), moves.end(), m), 1) << m;
}

TEST(MoveGen, CheckmateAndStalemateHaveNoMoves) {
  EXPECT_TRUE(uci_moves("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").empty());
  EXPECT_TRUE(uci_moves("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").empty());
}

}  // namespace
