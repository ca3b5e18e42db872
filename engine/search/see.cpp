#include "see.h"

#include <algorithm>

namespace search {

using namespace chess;

namespace {

Square least_valuable(const Position& pos, Bitboard attackers, Color side, PieceType& type) {
  for (int pt = PAWN; pt <= KING; ++pt) {
    Bitboard b = attackers & pos.pieces(side, PieceType(pt));
    if (b) {
      type = PieceType(pt);
      return lsb(b);
    }
  }
  return SQ_NONE;
}

}  // namespace

int see(const Position& pos, Move m) {
  if (m.kind() == MoveKind::CASTLING) return 0;
  const Square from = m.from(), to = m.to();
  int gain[32];
  int d = 0;
  PieceType victim = m.kind() == MoveKind::EN_PASSANT ? PAWN : type_of(pos.piece_on(to));
  PieceType attacker = type_of(pos.piece_on(from));
  gain[0] = SEE_VALUE[victim];
  if (m.is_promotion()) {
    gain[0] += SEE_VALUE[m.promotion()] - SEE_VALUE[PAWN];
    attacker = m.promotion();
  }
  Bitboard occ = pos.pieces() ^ square_bb(from);
  if (m.kind() == MoveKind::EN_PASSANT) occ ^= square_bb(to - pawn_push(pos.side_to_move()));
  Bitboard attackers = pos.attackers_to(to, occ) & occ;
  Color side = ~pos.side_to_move();
  while (d < 31) {
    PieceType next;
    Square sq = least_valuable(pos, attackers & pos.pieces(side), side, next);
    if (sq == SQ_NONE) break;
    ++d;
    gain[d] = SEE_VALUE[attacker] - gain[d - 1];
    occ ^= square_bb(sq);
    // Sliders behind the piece that just captured join in.
    attackers |= (bishop_attacks(to, occ) & pos.pieces(BISHOP, QUEEN)) | (rook_attacks(to, occ) & pos.pieces(ROOK, QUEEN));
    attackers &= occ;
    if (next == KING && (attackers & pos.pieces(~side))) {
      --d;  // the king may not capture onto a defended square
      break;
    }
    attacker = next;
    side = ~side;
  }
  while (d > 0) {
    gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    --d;
  }
  return gain[0];
}

}  // namespace search
