#include "move_delta.h"

namespace nnue {

namespace {

void remove(MoveDelta& d, chess::Piece p, chess::Square s) { d.removed[d.removed_count++] = {p, s}; }
void add(MoveDelta& d, chess::Piece p, chess::Square s) { d.added[d.added_count++] = {p, s}; }

}  // namespace

MoveDelta delta_of(const chess::Position& before, chess::Move m) {
  using namespace chess;
  MoveDelta d;
  const Color us = before.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece moved = before.piece_on(from);
  if (m.kind() == MoveKind::CASTLING) {
    const CastlingPath& path = before.castling_path(to > from ? kingside(us) : queenside(us));
    remove(d, moved, from);
    remove(d, before.piece_on(path.rook_from), path.rook_from);
    add(d, moved, path.king_to);
    add(d, before.piece_on(path.rook_from), path.rook_to);
    return d;
  }
  remove(d, moved, from);
  const Square victim_square = m.kind() == MoveKind::EN_PASSANT ? Square(us == WHITE ? to - 8 : to + 8) : to;
  if (const Piece victim = before.piece_on(victim_square); victim != NO_PIECE) remove(d, victim, victim_square);
  add(d, m.is_promotion() ? make_piece(us, m.promotion()) : moved, to);
  return d;
}

}  // namespace nnue
