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

// Every move of every kind from every square to every square: is_legal says what the list says.
void expect_is_legal_matches_the_list(const Position& pos) {
  const MoveList legal = legal_moves(pos);
  int found = 0;
  for (int from = 0; from < 64; ++from)
    for (int to = 0; to < 64; ++to) {
      const Square f = Square(from), t = Square(to);
      for (Move m : {Move(f, t), Move(f, t, MoveKind::EN_PASSANT), Move(f, t, MoveKind::CASTLING),
                     Move(f, t, MoveKind::PROMOTION, KNIGHT), Move(f, t, MoveKind::PROMOTION, BISHOP),
                     Move(f, t, MoveKind::PROMOTION, ROOK), Move(f, t, MoveKind::PROMOTION, QUEEN)}) {
        ASSERT_EQ(is_legal(pos, m), legal.contains(m)) << pos.fen() << " " << to_uci(m);
        found += is_legal(pos, m);
      }
    }
  ASSERT_EQ(found, legal.size()) << pos.fen();
}

TEST(MoveGen, IsLegalAgreesWithTheListForEveryMove) {
  testing_support::for_each_random_move(12, 80, 11, [](Position& pos, Move) { expect_is_legal_matches_the_list(pos); });
  // Positions the random games rarely reach: en passant into a pin, castling through attacks,
  // Chess960 castling with the rook beside the king, promotions that capture, double check.
  // Every one of the 65,536 values a move's 16 bits can hold, in each of them.
  for (const char* fen : {"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "r3k2r/8/8/8/8/8/8/R3K1qR w KQkq - 0 1",
                          "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w FBfb - 0 1",
                          "r1b1k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1", "4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1",
                          "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1", "4k3/8/8/8/8/8/8/6KR w H - 0 1", "4k3/8/8/8/8/8/8/1RK5 w B - 0 1",
                          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"}) {
    const Position pos = Position::from_fen(fen).value();
    const MoveList legal = legal_moves(pos);
    for (unsigned raw = 0; raw < 65536; ++raw) {
      const Move m = Move::from_raw(std::uint16_t(raw));
      ASSERT_EQ(is_legal(pos, m), legal.contains(m)) << fen << " raw move " << raw;
    }
  }
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
