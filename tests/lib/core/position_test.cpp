#include "core/position.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "support/random_games.h"

using namespace chess;

namespace {

// Every observable field of a position, for exact before/after comparison.
struct Snapshot {
  std::string fen;
  Key key;
  CastlingRights castling;
  Square ep;
  int rule50;
  int ply;
  Bitboard by_color[2];
  Bitboard by_type[PIECE_TYPE_NB];
  bool operator==(const Snapshot& o) const = default;
};

Snapshot snapshot(const Position& p) {
  Snapshot s{p.fen(), p.key(), p.castling_rights(), p.ep_square(), p.rule50(), p.game_ply(), {p.pieces(WHITE), p.pieces(BLACK)},
             {}};
  for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) s.by_type[pt] = pt == 0 ? p.pieces() : p.pieces(PieceType(pt));
  return s;
}

TEST(Position, UndoRestoresEveryFieldAfterEveryLegalMove) {
  int checked = 0;
  testing_support::for_each_random_move(200, 150, 7, [&](Position& pos, Move) {
    Snapshot before = snapshot(pos);
    for (Move m : legal_moves(pos)) {
      Undo undo;
      pos.do_move(m, undo);
      pos.undo_move(m, undo);
      ASSERT_EQ(snapshot(pos), before) << pos.fen();
      ++checked;
    }
  });
  EXPECT_GT(checked, 100000);
}

TEST(Position, IncrementalKeyEqualsScratchKeyAlongRandomGames) {
  int checked = 0;
  testing_support::for_each_random_move(3000, 200, 11, [&](Position& pos, Move m) {
    Undo undo;
    pos.do_move(m, undo);
    ASSERT_EQ(pos.key(), pos.compute_key()) << pos.fen();
    ASSERT_EQ(pos.consistency_error(), "") << pos.fen();
    pos.undo_move(m, undo);
    ++checked;
  });
  EXPECT_GT(checked, 100000);
}

TEST(Position, NullMoveFlipsSideAndRestores) {
  Position pos = Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").value();
  Snapshot before = snapshot(pos);
  Undo undo;
  pos.do_null_move(undo);
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(pos.ep_square(), SQ_NONE);
  EXPECT_EQ(pos.key(), pos.compute_key());
  pos.undo_null_move(undo);
  EXPECT_EQ(snapshot(pos), before);
}

TEST(Position, EnPassantSquareIsHashedOnlyWhenTheCaptureIsLegal) {
  // After 1.e4 no black pawn can take on e3: same key as the FEN without the square.
  auto with_ep = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").value();
  auto without = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").value();
  EXPECT_EQ(with_ep.key(), without.key());
  // The capture exd6 is legal here, so the square changes the key.
  auto capturable = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").value();
  auto plain = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").value();
  EXPECT_NE(capturable.key(), plain.key());
  // Pinned along the rank: the capture would expose the king, so the square is not hashed.
  auto pinned = Position::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").value();
  auto pinned_plain = Position::from_fen("8/8/8/K2pP2r/8/8/8/7k w - - 0 1").value();
  EXPECT_EQ(pinned.key(), pinned_plain.key());
}

TEST(Position, TranspositionsReachTheSameKey) {
  Position a = Position::startpos(), b = Position::startpos();
  Undo u;
  for (const char* mv : {"g1f3", "g8f6", "b1c3", "b8c6"}) {
    for (Move m : legal_moves(a))
      if (m.from() == make_square(File(mv[0] - 'a'), Rank(mv[1] - '1')) &&
          m.to() == make_square(File(mv[2] - 'a'), Rank(mv[3] - '1'))) {
        a.do_move(m, u);
        break;
      }
  }
  for (const char* mv : {"b1c3", "b8c6", "g1f3", "g8f6"}) {
    for (Move m : legal_moves(b))
      if (m.from() == make_square(File(mv[0] - 'a'), Rank(mv[1] - '1')) &&
          m.to() == make_square(File(mv[2] - 'a'), Rank(mv[3] - '1'))) {
        b.do_move(m, u);
        break;
      }
  }
  EXPECT_EQ(a.key(), b.key());
  EXPECT_EQ(a.fen(), b.fen());
}

}  // namespace
