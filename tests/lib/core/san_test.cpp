#include "core/san.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/uci_move.h"
#include "support/random_games.h"

using namespace chess;

namespace {

std::string san_of(const char* fen, const char* uci) {
  Position pos = Position::from_fen(fen).value();
  Move m = parse_uci(pos, uci);
  EXPECT_FALSE(m.is_none()) << uci;
  return to_san(pos, m);
}

std::string uci_of_san(const char* fen, const char* san) {
  Position pos = Position::from_fen(fen).value();
  Result<Move> m = parse_san(pos, san);
  return m ? to_uci(*m) : "error: " + m.error();
}

TEST(San, RoundTripsEveryLegalMoveOfManyPositions) {
  int checked = 0;
  testing_support::for_each_random_move(300, 160, 21, [&](Position& pos, Move) {
    for (Move m : legal_moves(pos)) {
      std::string san = to_san(pos, m);
      Result<Move> back = parse_san(pos, san);
      ASSERT_TRUE(back) << pos.fen() << " " << san << ": " << back.error();
      ASSERT_EQ(*back, m) << pos.fen() << " " << san;
      ++checked;
    }
  });
  EXPECT_GT(checked, 100000);
}

TEST(San, WritesDisambiguationChecksMatesAndPromotions) {
  EXPECT_EQ(san_of(START_FEN.data(), "g1f3"), "Nf3");
  EXPECT_EQ(san_of("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1"), "Rad1");
  EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"), "O-O");
  EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"), "O-O-O");
  EXPECT_EQ(san_of("1k6/8/R7/8/8/8/8/R3K3 w - - 0 1", "a1a4"), "R1a4");
  EXPECT_EQ(san_of("7k/2N5/8/8/8/2N1N3/8/4K3 w - - 0 1", "c3d5"), "Nc3d5");
  EXPECT_EQ(san_of("7k/2N5/8/8/8/2N1N3/8/4K3 w - - 0 1", "e3d5"), "Ned5");
  EXPECT_EQ(san_of("3k4/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), "a8=Q+");
  EXPECT_EQ(san_of("3k4/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n"), "a8=N");
  EXPECT_EQ(san_of("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6"), "exf6");
  EXPECT_EQ(san_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
}

TEST(San, ReadsTolerantForms) {
  const char* castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_EQ(uci_of_san(castle, "0-0"), "e1g1");
  EXPECT_EQ(uci_of_san(castle, "O-O-O+"), "e1c1");
  EXPECT_EQ(uci_of_san(castle, "0-0-0!?"), "e1c1");
  const char* ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
  EXPECT_EQ(uci_of_san(ep, "exf6"), "e5f6");
  EXPECT_EQ(uci_of_san(ep, "exf6 e.p."), "e5f6");
  EXPECT_EQ(uci_of_san(ep, "exf6e.p."), "e5f6");
  EXPECT_EQ(uci_of_san(ep, "Nf3!!"), "g1f3");
  EXPECT_EQ(uci_of_san(ep, "Ng1f3"), "g1f3");
  EXPECT_EQ(uci_of_san(ep, "Ng1-f3"), "g1f3");
  const char* promo = "3k4/P7/8/8/8/8/8/4K3 w - - 0 1";
  EXPECT_EQ(uci_of_san(promo, "a8=Q+"), "a7a8q");
  EXPECT_EQ(uci_of_san(promo, "a8Q"), "a7a8q");
  EXPECT_EQ(uci_of_san(promo, "a8=N"), "a7a8n");
  EXPECT_EQ(uci_of_san(promo, "a8r"), "a7a8r");
  const char* bishop_or_pawn = "4k3/8/8/8/8/1P6/B7/4K3 w - - 0 1";
  EXPECT_EQ(uci_of_san(bishop_or_pawn, "b4"), "b3b4");
  EXPECT_EQ(uci_of_san(bishop_or_pawn, "Bb1"), "a2b1");
}

TEST(San, RejectsAmbiguousIllegalAndGarbage) {
  const char* knights = "k7/8/8/8/8/2N1N3/8/2N1K3 w - - 0 1";
  EXPECT_NE(uci_of_san(knights, "Nd5").find("ambiguous"), std::string::npos);
  EXPECT_NE(uci_of_san(START_FEN.data(), "e5").find("not legal"), std::string::npos);
  EXPECT_NE(uci_of_san(START_FEN.data(), "Ke2").find("not legal"), std::string::npos);
  EXPECT_NE(uci_of_san(START_FEN.data(), "O-O").find("not legal"), std::string::npos);
  EXPECT_NE(uci_of_san(START_FEN.data(), "").find("empty"), std::string::npos);
  EXPECT_NE(uci_of_san(START_FEN.data(), "hello").find("error"), std::string::npos);
  EXPECT_NE(uci_of_san(START_FEN.data(), "e2e4e4").find("error"), std::string::npos);
  EXPECT_NE(uci_of_san("3k4/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K").find("promotion"), std::string::npos);
}

TEST(UciMove, ParsesOnlyLegalMoves) {
  Position pos = Position::startpos();
  EXPECT_EQ(to_uci(parse_uci(pos, "e2e4")), "e2e4");
  EXPECT_TRUE(parse_uci(pos, "e2e5").is_none());
  EXPECT_TRUE(parse_uci(pos, "e2").is_none());
  EXPECT_TRUE(parse_uci(pos, "zzzz").is_none());
  Position promo = Position::from_fen("3k4/P7/8/8/8/8/8/4K3 w - - 0 1").value();
  EXPECT_EQ(to_uci(parse_uci(promo, "a7a8Q")), "a7a8q");
  EXPECT_TRUE(parse_uci(promo, "a7a8").is_none());
}

}  // namespace
