#include "position.h"

#include "zobrist.h"

namespace chess {

Position::Position() {
  init_bitboards();
  zobrist::init();
}

Position Position::startpos() { return from_fen(START_FEN).value(); }

void Position::put_piece(Piece p, Square s) {
  Bitboard b = square_bb(s);
  board_[s] = p;
  by_type_[NO_PIECE_TYPE] |= b;
  by_type_[type_of(p)] |= b;
  by_color_[color_of(p)] |= b;
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  Bitboard b = square_bb(s);
  board_[s] = NO_PIECE;
  by_type_[NO_PIECE_TYPE] ^= b;
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard b = square_bb(from) | square_bb(to);
  board_[from] = NO_PIECE;
  board_[to] = p;
  by_type_[NO_PIECE_TYPE] ^= b;
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
}

void Position::set_castling_right(CastlingRights right, Square rook_from) {
  Color c = (right & (WHITE_OO | WHITE_OOO)) ? WHITE : BLACK;
  bool king_side = right == kingside(c);
  CastlingPath& path = castling_paths_[right_index(right)];
  path.king_from = king_square(c);
  path.rook_from = rook_from;
  path.king_to = relative_square(c, king_side ? SQ_G1 : SQ_C1);
  path.rook_to = relative_square(c, king_side ? SQ_F1 : SQ_D1);
  Bitboard king_walk = between_bb(path.king_from, path.king_to) | square_bb(path.king_from);
  Bitboard rook_walk = between_bb(path.rook_from, path.rook_to);
  path.must_be_empty = (king_walk | rook_walk) & ~(square_bb(path.king_from) | square_bb(path.rook_from));
  path.must_be_safe = king_walk;
  castling_ = castling_ | right;
  castling_mask_[path.king_from] = castling_mask_[path.king_from] | right;
  castling_mask_[path.rook_from] = castling_mask_[path.rook_from] | right;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
         (knight_attacks(s) & pieces(KNIGHT)) | (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) |
         (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) | (king_attacks(s) & pieces(KING));
}

// Whether side `us` (to move) has a legal en-passant capture onto `ep`.
bool Position::en_passant_legal_for(Color us, Square ep) const {
  Color them = ~us;
  Square victim = ep - pawn_push(us);
  Bitboard capturers = pawn_attacks(them, ep) & pieces(us, PAWN);
  Square ksq = king_square(us);
  while (capturers) {
    Square from = pop_lsb(capturers);
    Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(victim)) | square_bb(ep);
    Bitboard attackers = (bishop_attacks(ksq, occ) & pieces(them, BISHOP, QUEEN)) |
                         (rook_attacks(ksq, occ) & pieces(them, ROOK, QUEEN)) | (knight_attacks(ksq) & pieces(them, KNIGHT)) |
                         (pawn_attacks(us, ksq) & pieces(them, PAWN) & ~square_bb(victim));
    if (!attackers) return true;
  }
  return false;
}

void Position::do_move(Move m, Undo& undo) {
  undo = {key_, ep_, ep_in_key_, castling_, NO_PIECE, rule50_};
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  Key k = key_ ^ zobrist::side_to_move;
  if (ep_in_key_) k ^= zobrist::en_passant_file[file_of(ep_)];
  ep_ = SQ_NONE;
  ep_in_key_ = false;
  ++rule50_;
  ++game_ply_;

  if (m.kind() == MoveKind::CASTLING) {
    const CastlingPath& path = castling_paths_[right_index(to > from ? kingside(us) : queenside(us))];
    Piece rook = board_[path.rook_from];
    remove_piece(path.rook_from);
    remove_piece(from);
    put_piece(pc, path.king_to);
    put_piece(rook, path.rook_to);
    k ^= zobrist::piece_square[pc][from] ^ zobrist::piece_square[pc][path.king_to] ^ zobrist::piece_square[rook][path.rook_from] ^
         zobrist::piece_square[rook][path.rook_to];
  } else {
    Square victim_sq = m.kind() == MoveKind::EN_PASSANT ? to - pawn_push(us) : to;
    Piece victim = board_[victim_sq];
    if (victim != NO_PIECE) {
      undo.captured = victim;
      remove_piece(victim_sq);
      k ^= zobrist::piece_square[victim][victim_sq];
      rule50_ = 0;
    }
    move_piece(from, to);
    k ^= zobrist::piece_square[pc][from] ^ zobrist::piece_square[pc][to];
    if (type_of(pc) == PAWN) {
      rule50_ = 0;
      if (m.kind() == MoveKind::PROMOTION) {
        Piece promoted = make_piece(us, m.promotion());
        remove_piece(to);
        put_piece(promoted, to);
        k ^= zobrist::piece_square[pc][to] ^ zobrist::piece_square[promoted][to];
      } else if ((int(to) ^ int(from)) == 16) {
        ep_ = from + pawn_push(us);
      }
    }
  }

  CastlingRights lost = castling_ & (castling_mask_[from] | castling_mask_[to]);
  if (lost) {
    k ^= zobrist::castling[castling_] ^ zobrist::castling[castling_ & ~lost];
    castling_ = castling_ & ~lost;
  }
  side_ = them;
  if (ep_ != SQ_NONE && (pawn_attacks(us, ep_) & pieces(them, PAWN)) && en_passant_legal_for(them, ep_)) {
    ep_in_key_ = true;
    k ^= zobrist::en_passant_file[file_of(ep_)];
  }
  key_ = k;
}

void Position::undo_move(Move m, const Undo& undo) {
  side_ = ~side_;
  --game_ply_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  if (m.kind() == MoveKind::CASTLING) {
    const CastlingPath& path = castling_paths_[right_index(to > from ? kingside(us) : queenside(us))];
    Piece king = board_[path.king_to], rook = board_[path.rook_to];
    remove_piece(path.king_to);
    remove_piece(path.rook_to);
    put_piece(king, from);
    put_piece(rook, path.rook_from);
  } else {
    if (m.kind() == MoveKind::PROMOTION) {
      remove_piece(to);
      put_piece(make_piece(us, PAWN), to);
    }
    move_piece(to, from);
    if (undo.captured != NO_PIECE) put_piece(undo.captured, m.kind() == MoveKind::EN_PASSANT ? to - pawn_push(us) : to);
  }
  key_ = undo.key;
  ep_ = undo.ep;
  ep_in_key_ = undo.ep_in_key;
  castling_ = undo.castling;
  rule50_ = undo.rule50;
}

void Position::do_null_move(Undo& undo) {
  undo = {key_, ep_, ep_in_key_, castling_, NO_PIECE, rule50_};
  if (ep_in_key_) key_ ^= zobrist::en_passant_file[file_of(ep_)];
  key_ ^= zobrist::side_to_move;
  ep_ = SQ_NONE;
  ep_in_key_ = false;
  ++rule50_;
  ++game_ply_;
  side_ = ~side_;
}

void Position::undo_null_move(const Undo& undo) {
  side_ = ~side_;
  --game_ply_;
  key_ = undo.key;
  ep_ = undo.ep;
  ep_in_key_ = undo.ep_in_key;
  rule50_ = undo.rule50;
}

Key Position::compute_key() const {
  Key k = 0;
  for (Square s = SQ_A1; s < SQ_NONE; ++s)
    if (board_[s] != NO_PIECE) k ^= zobrist::piece_square[board_[s]][s];
  k ^= zobrist::castling[castling_];
  if (en_passant_capture_legal()) k ^= zobrist::en_passant_file[file_of(ep_)];
  if (side_ == BLACK) k ^= zobrist::side_to_move;
  return k;
}

std::string Position::consistency_error() const {
  Bitboard all = 0;
  for (Square s = SQ_A1; s < SQ_NONE; ++s) {
    Piece p = board_[s];
    if (p == NO_PIECE) continue;
    all |= square_bb(s);
    if (!(pieces(color_of(p), type_of(p)) & square_bb(s))) return "mailbox and bitboards disagree";
  }
  if (all != pieces()) return "occupancy bitboard is wrong";
  if ((pieces(WHITE) | pieces(BLACK)) != pieces() || (pieces(WHITE) & pieces(BLACK))) return "colour bitboards are wrong";
  if (popcount(pieces(WHITE, KING)) != 1 || popcount(pieces(BLACK, KING)) != 1) return "king count is wrong";
  if (key_ != compute_key()) return "incremental key differs from scratch key";
  if (ep_in_key_ != en_passant_capture_legal()) return "en-passant key flag is wrong";
  return {};
}

}  // namespace chess
