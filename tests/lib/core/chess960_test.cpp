// Chess960 in the rules library: start positions, Shredder-FEN and X-FEN, castling with king
// and rook anywhere, and castling in UCI (both forms) and SAN.
#include "core/chess960.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/movegen.h"
#include "core/perft.h"
#include "core/san.h"
#include "core/uci_move.h"

using namespace chess;

namespace {

Position at(const std::string& fen) {
  Result<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos) << fen << ": " << (pos ? "" : pos.error());
  return pos ? *pos : Position::startpos();
}

Move castling_move(const Position& pos, bool king_side) {
  for (Move m : legal_moves(pos))
    if (m.kind() == MoveKind::CASTLING && (m.to() > m.from()) == king_side) return m;
  return Move::none();
}

std::string after(const std::string& fen, Move m) {
  Position pos = at(fen);
  Undo undo;
  pos.do_move(m, undo);
  EXPECT_EQ(pos.consistency_error(), "");
  return pos.fen();
}

TEST(Chess960, StartPositionFiveHundredEighteenIsStandardChess) {
  EXPECT_EQ(at(chess960_fen(518, 518)).fen(), START_FEN);
  EXPECT_EQ(chess960_fen(518, 518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  EXPECT_EQ(chess960_fen(0, 0), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
}

TEST(Chess960, TheNineHundredSixtyStartsAreDistinctAndFollowTheRules) {
  std::set<std::string> ranks;
  for (int n = 0; n < CHESS960_POSITIONS; ++n) {
    auto rank = chess960_back_rank(n);
    std::string text;
    int king = -1, rooks[2] = {-1, -1}, bishops[2] = {-1, -1};
    for (int f = 0; f < 8; ++f) {
      text += " PNBRQK"[rank[f]];
      if (rank[f] == KING) king = f;
      if (rank[f] == ROOK) rooks[rooks[0] < 0 ? 0 : 1] = f;
      if (rank[f] == BISHOP) bishops[bishops[0] < 0 ? 0 : 1] = f;
    }
    ASSERT_EQ(std::count(text.begin(), text.end(), 'N'), 2) << n;
    ASSERT_EQ(std::count(text.begin(), text.end(), 'Q'), 1) << n;
    EXPECT_TRUE(rooks[0] < king && king < rooks[1]) << n << " " << text;
    EXPECT_NE(bishops[0] % 2, bishops[1] % 2) << n << " " << text;
    ranks.insert(text);
    Position pos = at(chess960_fen(n, n));
    EXPECT_EQ(pos.fen(FenCastling::SHREDDER), chess960_fen(n, n));
    EXPECT_EQ(at(pos.fen()).key(), pos.key()) << "X-FEN round trip of " << n;
    // Castling differs from standard chess unless the king starts on e and the rooks on a and h.
    EXPECT_EQ(pos.is_chess960(), !(king == 4 && rooks[0] == 0 && rooks[1] == 7)) << n;
  }
  EXPECT_EQ(ranks.size(), 960u);
}

TEST(Chess960, ReadsShredderAndXFenTheSameWay) {
  const std::string shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  Position pos = at(shredder);
  EXPECT_EQ(pos.fen(FenCastling::SHREDDER), shredder);
  EXPECT_EQ(pos.fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  EXPECT_EQ(at(pos.fen()).key(), pos.key());
  // X-FEN names a rook by its file when it is not the outermost one on its side.
  Position inner = at("2r1k2r/8/8/8/8/8/8/R3K1R1 w Ah - 0 1");
  EXPECT_EQ(inner.fen(), "2r1k2r/8/8/8/8/8/8/R3K1R1 w Qk - 0 1");
  Position g_rook = at("r3k1rr/8/8/8/8/8/8/R3K1RR w Gq - 0 1");
  EXPECT_EQ(g_rook.fen(), "r3k1rr/8/8/8/8/8/8/R3K1RR w Gq - 0 1");
  EXPECT_EQ(g_rook.castling_path(WHITE_OO).rook_from, SQ_G1);
}

TEST(Chess960, CastlesWithTheKingAlreadyOnItsSquare) {
  const std::string fen = "6k1/8/8/8/8/8/8/6KR w K - 0 1";
  Move m = castling_move(at(fen), true);
  ASSERT_FALSE(m.is_none());
  EXPECT_EQ(to_uci(m, Variant::FISCHERANDOM), "g1h1");
  EXPECT_EQ(after(fen, m), "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(Chess960, CastlesLongFromBOne) {
  const std::string fen = "1k6/8/8/8/8/8/8/RK6 w Q - 0 1";
  Move m = castling_move(at(fen), false);
  ASSERT_FALSE(m.is_none());
  EXPECT_EQ(after(fen, m), "1k6/8/8/8/8/8/8/2KR4 b - - 1 1");
  EXPECT_EQ(to_uci(m), "b1c1");
  EXPECT_EQ(to_uci(m, Variant::FISCHERANDOM), "b1a1");
}

TEST(Chess960, KingAndRookSwapSquares) {
  const std::string fen = "4k3/8/8/8/8/8/8/5KR1 w G - 0 1";
  Move m = castling_move(at(fen), true);
  ASSERT_FALSE(m.is_none());
  EXPECT_EQ(after(fen, m), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
  Position pos = at(fen);
  Undo undo;
  const Key before = pos.key();
  pos.do_move(m, undo);
  EXPECT_EQ(pos.key(), pos.compute_key());
  pos.undo_move(m, undo);
  EXPECT_EQ(pos.fen(FenCastling::SHREDDER), fen);
  EXPECT_EQ(pos.key(), before);
}

TEST(Chess960, TheKingMayCrossTheSquareItsRookLeaves) {
  const std::string fen = "4k3/8/8/8/8/8/8/1KR5 w C - 0 1";
  Move m = castling_move(at(fen), true);
  ASSERT_FALSE(m.is_none());
  EXPECT_EQ(after(fen, m), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(Chess960, ARookThatShieldsTheDestinationCannotCastle) {
  // After O-O-O the king on c1 would stand in the a1 rook's line, which the b1 rook now blocks.
  EXPECT_TRUE(castling_move(at("4k3/8/8/8/8/8/8/rR3K2 w B - 0 1"), false).is_none());
  EXPECT_FALSE(castling_move(at("4k3/8/8/8/8/8/8/1R3K2 w B - 0 1"), false).is_none());
  // An attacked square on the king's way forbids castling; one on the rook's way only does not.
  EXPECT_TRUE(castling_move(at("2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), false).is_none());
  EXPECT_FALSE(castling_move(at("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), false).is_none());
}

TEST(Chess960, CastlingInUciBothFormsAndInSan) {
  const std::string fen = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
  Position pos = at(fen);
  Move short_castle = castling_move(pos, true), long_castle = castling_move(pos, false);
  ASSERT_FALSE(short_castle.is_none());
  ASSERT_FALSE(long_castle.is_none());
  EXPECT_EQ(to_uci(short_castle, Variant::FISCHERANDOM), "b1h1");
  EXPECT_EQ(to_uci(short_castle), "b1g1");
  EXPECT_EQ(parse_uci(pos, "b1h1", Variant::FISCHERANDOM), short_castle);
  EXPECT_EQ(parse_uci(pos, "b1a1", Variant::FISCHERANDOM), long_castle);
  EXPECT_EQ(parse_uci(pos, "b1h1"), short_castle);  // the other form is read too
  EXPECT_EQ(to_san(pos, short_castle), "O-O");
  EXPECT_EQ(to_san(pos, long_castle), "O-O-O");
  EXPECT_EQ(parse_san(pos, "O-O").value(), short_castle);
  EXPECT_EQ(parse_san(pos, "O-O-O").value(), long_castle);
  // King on f1 and rook on h1: f1g1 is the king's step in Chess960, not castling.
  Position f1 = at("4k3/8/8/8/8/8/8/5K1R w K - 0 1");
  EXPECT_EQ(parse_uci(f1, "f1g1", Variant::FISCHERANDOM).kind(), MoveKind::NORMAL);
  EXPECT_EQ(parse_uci(f1, "f1h1", Variant::FISCHERANDOM).kind(), MoveKind::CASTLING);
  // Standard chess writes castling as the king's two-square move, as before.
  Position standard = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(to_uci(parse_uci(standard, "e1g1")), "e1g1");
  EXPECT_EQ(parse_uci(standard, "e1h1"), parse_uci(standard, "e1g1"));
}

TEST(Chess960, PerftOfAMiddlegamePositionMatchesThePublishedCounts) {
  Position pos = at("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  EXPECT_EQ(perft(pos, 1), 21u);
  EXPECT_EQ(perft(pos, 2), 528u);
  EXPECT_EQ(perft(pos, 3), 12189u);
  EXPECT_EQ(perft(pos, 4), 326672u);
}

}  // namespace
