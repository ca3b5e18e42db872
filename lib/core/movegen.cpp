#include "movegen.h"

#include <algorithm>

namespace chess {

namespace {

enum class GenType { ALL, NOISY };

// Writes moves into a list.
struct ListSink {
  MoveList& list;
  void piece_moves(Square from, Bitboard targets) {
    while (targets) list.push(Move(from, pop_lsb(targets)));
  }
  void pawn_moves(Bitboard targets, int delta) {
    while (targets) {
      Square to = pop_lsb(targets);
      list.push(Move(to - delta, to));
    }
  }
  void promotions(Bitboard targets, int delta) {
    while (targets) {
      Square to = pop_lsb(targets);
      for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP}) list.push(Move(to - delta, to, MoveKind::PROMOTION, pt));
    }
  }
  void single(Move m) { list.push(m); }
};

// Only counts moves: the bulk count at perft's last ply.
struct CountSink {
  int count = 0;
  void piece_moves(Square, Bitboard targets) { count += popcount(targets); }
  void pawn_moves(Bitboard targets, int) { count += popcount(targets); }
  void promotions(Bitboard targets, int) { count += 4 * popcount(targets); }
  void single(Move) { ++count; }
};

template <Color Us>
struct PawnDirs {
  static constexpr int UP = Us == WHITE ? 8 : -8;
  static constexpr int UP_LEFT = Us == WHITE ? 7 : -9;
  static constexpr int UP_RIGHT = Us == WHITE ? 9 : -7;
  static constexpr Bitboard LAST_RANK = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  static constexpr Bitboard DOUBLE_PUSH_RANK = Us == WHITE ? RANK_3_BB : RANK_6_BB;  // after one step
};

// Pawn moves of pawns that are free to move anywhere within `mask`.
template <Color Us, GenType Type, class Sink>
void pawn_moves(const Position& pos, Bitboard pawns, Bitboard mask, Sink& sink) {
  using D = PawnDirs<Us>;
  const Bitboard empty = ~pos.pieces();
  const Bitboard enemies = pos.pieces(~Us);
  Bitboard push1 = shift<D::UP>(pawns) & empty;
  Bitboard push2 = shift<D::UP>(push1 & D::DOUBLE_PUSH_RANK) & empty & mask;
  push1 &= mask;
  Bitboard left = shift<D::UP_LEFT>(pawns) & enemies & mask;
  Bitboard right = shift<D::UP_RIGHT>(pawns) & enemies & mask;
  sink.promotions(push1 & D::LAST_RANK, D::UP);
  sink.promotions(left & D::LAST_RANK, D::UP_LEFT);
  sink.promotions(right & D::LAST_RANK, D::UP_RIGHT);
  sink.pawn_moves(left & ~D::LAST_RANK, D::UP_LEFT);
  sink.pawn_moves(right & ~D::LAST_RANK, D::UP_RIGHT);
  if constexpr (Type == GenType::ALL) {
    sink.pawn_moves(push1 & ~D::LAST_RANK, D::UP);
    sink.pawn_moves(push2, 2 * D::UP);
  }
}

template <Color Us, class Sink>
void en_passant_moves(const Position& pos, Sink& sink) {
  Square ep = pos.ep_square();
  if (ep == SQ_NONE) return;
  constexpr Color Them = ~Us;
  Bitboard capturers = pawn_attacks(Them, ep) & pos.pieces(Us, PAWN);
  if (!capturers) return;
  const Square ksq = pos.king_square(Us);
  const Square victim = ep - pawn_push(Us);
  while (capturers) {
    Square from = pop_lsb(capturers);
    Bitboard occ = (pos.pieces() ^ square_bb(from) ^ square_bb(victim)) | square_bb(ep);
    Bitboard attackers =
        (bishop_attacks(ksq, occ) & pos.pieces(Them, BISHOP, QUEEN)) | (rook_attacks(ksq, occ) & pos.pieces(Them, ROOK, QUEEN)) |
        (knight_attacks(ksq) & pos.pieces(Them, KNIGHT)) | (pawn_attacks(Us, ksq) & pos.pieces(Them, PAWN) & ~square_bb(victim));
    if (!attackers) sink.single(Move(from, ep, MoveKind::EN_PASSANT));
  }
}

template <Color Us, class Sink>
void castling_moves(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  for (CastlingRights right : {kingside(Us), queenside(Us)}) {
    if (!(pos.castling_rights() & right)) continue;
    const CastlingPath& path = pos.castling_path(right);
    if (pos.pieces() & path.must_be_empty) continue;
    // Without the castling rook: in Chess960 it may be what shields the king's destination.
    const Bitboard occupied = pos.pieces() ^ square_bb(path.rook_from);
    Bitboard walk = path.must_be_safe;
    bool safe = true;
    while (walk && safe) safe = !(pos.attackers_to(pop_lsb(walk), occupied) & pos.pieces(Them));
    if (safe) sink.single(Move(path.king_from, path.rook_from, MoveKind::CASTLING));
  }
}

template <Color Us, GenType Type, class Sink>
void generate(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard occ = pos.pieces();
  const Bitboard ours = pos.pieces(Us);
  const Bitboard theirs = pos.pieces(Them);
  const Bitboard checkers = pos.attackers_to(ksq, occ) & theirs;
  const Bitboard target_filter = Type == GenType::NOISY ? theirs : ~ours;

  // King: each target tested with the king lifted off the board, so it cannot hide behind itself.
  Bitboard king_targets = king_attacks(ksq) & target_filter;
  const Bitboard occ_without_king = occ ^ square_bb(ksq);
  Bitboard legal_king = 0;
  while (king_targets) {
    Square to = pop_lsb(king_targets);
    if (!(pos.attackers_to(to, occ_without_king) & theirs)) legal_king |= square_bb(to);
  }
  sink.piece_moves(ksq, legal_king);
  if (more_than_one(checkers)) return;

  const Bitboard check_mask = checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0);
  const Bitboard mask = check_mask & target_filter;

  Bitboard pinned = 0;
  Bitboard snipers = (rook_attacks(ksq, theirs) & pos.pieces(Them, ROOK, QUEEN)) |
                     (bishop_attacks(ksq, theirs) & pos.pieces(Them, BISHOP, QUEEN));
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard blockers = between_bb(ksq, s) & occ & ~square_bb(s);
    if (!more_than_one(blockers)) pinned |= blockers & ours;
  }

  // Pawns: unpinned together, pinned ones one at a time along their pin line.
  const Bitboard pawns = pos.pieces(Us, PAWN);
  pawn_moves<Us, Type>(pos, pawns & ~pinned, check_mask, sink);
  if (!checkers) {
    Bitboard pinned_pawns = pawns & pinned;
    while (pinned_pawns) {
      Square from = pop_lsb(pinned_pawns);
      pawn_moves<Us, Type>(pos, square_bb(from), line_bb(ksq, from), sink);
    }
  }
  en_passant_moves<Us>(pos, sink);

  Bitboard knights = pos.pieces(Us, KNIGHT) & ~pinned;
  while (knights) {
    Square from = pop_lsb(knights);
    sink.piece_moves(from, knight_attacks(from) & mask);
  }
  Bitboard diagonal = pos.pieces(Us, BISHOP, QUEEN);
  while (diagonal) {
    Square from = pop_lsb(diagonal);
    Bitboard targets = bishop_attacks(from, occ) & mask;
    if (pinned & square_bb(from)) targets &= line_bb(ksq, from);
    sink.piece_moves(from, targets);
  }
  Bitboard straight = pos.pieces(Us, ROOK, QUEEN);
  while (straight) {
    Square from = pop_lsb(straight);
    Bitboard targets = rook_attacks(from, occ) & mask;
    if (pinned & square_bb(from)) targets &= line_bb(ksq, from);
    sink.piece_moves(from, targets);
  }
  if (Type == GenType::ALL && !checkers) castling_moves<Us>(pos, sink);
}

template <GenType Type, class Sink>
void generate_for_side(const Position& pos, Sink& sink) {
  if (pos.side_to_move() == WHITE)
    generate<WHITE, Type>(pos, sink);
  else
    generate<BLACK, Type>(pos, sink);
}

}  // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

void generate_legal(const Position& pos, MoveList& list) {
  ListSink sink{list};
  generate_for_side<GenType::ALL>(pos, sink);
}

MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return list;
}

namespace {

// Whether the king of the side to move is safe once `m` (a pseudo-legal move that is not
// castling) is made: the board's occupancy with the move made, the captured piece taken off.
bool king_safe_after(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  Bitboard occupied = (pos.pieces() ^ square_bb(from)) | square_bb(to);
  Bitboard taken = square_bb(to);
  if (m.kind() == MoveKind::EN_PASSANT) {
    const Square victim = to - pawn_push(us);
    occupied ^= square_bb(victim);
    taken |= square_bb(victim);
  }
  const Square king = type_of(pos.piece_on(from)) == KING ? to : pos.king_square(us);
  return !(pos.attackers_to(king, occupied) & pos.pieces(~us) & ~taken);
}

// Castling as the generator makes it: the right held, its king and rook, not out of check, the
// path empty and safe without the castling rook.
bool castling_legal(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  for (CastlingRights right : {kingside(us), queenside(us)}) {
    const CastlingPath& path = pos.castling_path(right);
    if (!(pos.castling_rights() & right) || path.king_from != m.from() || path.rook_from != m.to()) continue;
    if (pos.in_check() || (pos.pieces() & path.must_be_empty)) return false;
    const Bitboard occupied = pos.pieces() ^ square_bb(path.rook_from);
    for (Bitboard walk = path.must_be_safe; walk;)
      if (pos.attackers_to(pop_lsb(walk), occupied) & pos.pieces(~us)) return false;
    return true;
  }
  return false;
}

// The squares a pawn of `us` on `from` may move to, captures and pushes.
Bitboard pawn_targets(const Position& pos, Color us, Square from) {
  const Bitboard empty = ~pos.pieces();
  Bitboard targets = pawn_attacks(us, from) & pos.pieces(~us);
  const Square one = from + pawn_push(us);
  if (empty & square_bb(one)) {
    targets |= square_bb(one);
    if (relative_rank(us, rank_of(from)) == RANK_2 && (empty & square_bb(one + pawn_push(us)))) targets |= square_bb(one + pawn_push(us));
  }
  return targets;
}

// Whether `m` is a move the generator could make, before the king's safety: its kind fits its
// piece and squares.
bool pseudo_legal(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  const PieceType type = type_of(pos.piece_on(from));
  const bool last_rank = relative_rank(us, rank_of(to)) == RANK_8;
  switch (m.kind()) {
    case MoveKind::EN_PASSANT:
      return type == PAWN && to == pos.ep_square() && (pawn_attacks(us, from) & square_bb(to)) &&
             (pos.pieces(~us, PAWN) & square_bb(to - pawn_push(us)));
    case MoveKind::PROMOTION: return type == PAWN && last_rank && (pawn_targets(pos, us, from) & square_bb(to));
    case MoveKind::NORMAL: break;
    case MoveKind::CASTLING: return false;
  }
  if (type == PAWN) return !last_rank && (pawn_targets(pos, us, from) & square_bb(to));
  return (attacks_of(type, from, pos.pieces()) & ~pos.pieces(us) & square_bb(to)) != 0;
}

}  // namespace

bool is_legal(const Position& pos, Move m) {
  const Piece piece = pos.piece_on(m.from());
  if (piece == NO_PIECE || color_of(piece) != pos.side_to_move() || m.from() == m.to()) return false;
  // Only a promotion has its piece bits set in a generated move: with them set, any other kind is
  // a move the generator never makes.
  if (m.kind() != MoveKind::PROMOTION && m != Move(m.from(), m.to(), m.kind())) return false;
  if (m.kind() == MoveKind::CASTLING) return type_of(piece) == KING && castling_legal(pos, m);
  return pseudo_legal(pos, m) && king_safe_after(pos, m);
}

bool is_legal_pseudo_legal(const Position& pos, Move m) {
  return m.kind() == MoveKind::CASTLING ? castling_legal(pos, m) : king_safe_after(pos, m);
}

int count_legal(const Position& pos) {
  CountSink sink;
  generate_for_side<GenType::ALL>(pos, sink);
  return sink.count;
}

void generate_noisy(const Position& pos, MoveList& list) {
  ListSink sink{list};
  generate_for_side<GenType::NOISY>(pos, sink);
}

}  // namespace chess
