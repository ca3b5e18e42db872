// Position: the board, side to move, castling, en passant, counters and Zobrist key,
// with make/unmake of legal moves. Parsing lives in fen.cpp, generation in movegen.cpp.
#pragma once

#include <string>
#include <string_view>

#include "bitboard.h"
#include "result.h"
#include "types.h"

namespace chess {

inline constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// What do_move needs to restore the previous position.
// How FEN writes castling rights: X-FEN (KQkq unless a right's rook is not the outermost one,
// then its file) reads the same as standard FEN for standard chess; Shredder-FEN always gives
// the rook's file (HAha).
enum class FenCastling { X_FEN, SHREDDER };

struct Undo {
  Key key;
  Square ep;
  bool ep_in_key;
  CastlingRights castling;
  Piece captured;
  int rule50;
};

// A position given piece by piece, as the trainers' binary formats hold it: checked as a FEN is.
struct PositionSetup {
  Piece board[SQUARE_NB] = {};  // NO_PIECE where empty
  Color side = WHITE;
  Square castling_rooks[4] = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};  // rooks with a castling right (any file)
  Square ep = SQ_NONE;  // the square behind a pawn that just moved two
  int rule50 = 0;
  int fullmove = 1;
};

// Where the king and rook start and end for one castling right, on any files (Chess960).
struct CastlingPath {
  Square king_from = SQ_NONE, king_to = SQ_NONE, rook_from = SQ_NONE, rook_to = SQ_NONE;
  Bitboard must_be_empty = 0;
  Bitboard must_be_safe = 0;
};

class Position {
 public:
  Position();  // empty board; use from_fen or startpos
  static Result<Position> from_fen(std::string_view fen);
  // The same checks as from_fen, with "invalid position: ..." errors.
  static Result<Position> from_setup(const PositionSetup& setup);
  static Position startpos();
  std::string fen(FenCastling style = FenCastling::X_FEN) const;
  // Whether a castling right has its king or rook off the standard squares: a Chess960 position.
  bool is_chess960() const;

  Piece piece_on(Square s) const { return board_[s]; }
  const Piece* mailbox() const { return board_; }  // the 64 squares' pieces, a1 first
  Bitboard pieces() const { return by_type_[NO_PIECE_TYPE]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & (by_type_[a] | by_type_[b]); }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }

  Color side_to_move() const { return side_; }
  Square ep_square() const { return ep_; }
  CastlingRights castling_rights() const { return castling_; }
  const CastlingPath& castling_path(CastlingRights single_right) const { return castling_paths_[right_index(single_right)]; }
  int rule50() const { return rule50_; }
  int game_ply() const { return game_ply_; }
  int fullmove_number() const { return 1 + game_ply_ / 2; }
  Key key() const { return key_; }

  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  Bitboard checkers() const { return attackers_to(king_square(side_)) & pieces(~side_); }
  bool in_check() const { return checkers() != 0; }
  bool is_capture(Move m) const {
    return m.kind() == MoveKind::EN_PASSANT || (m.kind() != MoveKind::CASTLING && board_[m.to()] != NO_PIECE);
  }
  Piece moved_piece(Move m) const { return board_[m.from()]; }

  // Both take a legal move of the side to move.
  void do_move(Move m, Undo& undo);
  void undo_move(Move m, const Undo& undo);
  void do_null_move(Undo& undo);
  void undo_null_move(const Undo& undo);

  Key compute_key() const;  // from scratch; equals key() in a consistent position
  // Empty when the internal bitboards, mailbox, key and counters agree; otherwise what is wrong.
  std::string consistency_error() const;
  // An en-passant capture is legal here: the flag kept with the key (each move sets it).
  bool has_legal_en_passant() const { return ep_in_key_; }

  static int right_index(CastlingRights single_right) {
    return single_right == WHITE_OO ? 0 : single_right == WHITE_OOO ? 1 : single_right == BLACK_OO ? 2 : 3;
  }

 private:
  friend class FenReader;
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void set_castling_right(CastlingRights right, Square rook_from);
  char castling_letter(CastlingRights right, FenCastling style) const;
  bool en_passant_legal_for(Color us, Square ep) const;
  // The flag worked out from the board: the en-passant square and a capture there that is legal.
  bool en_passant_capture_legal() const { return ep_ != SQ_NONE && en_passant_legal_for(side_, ep_); }

  Bitboard by_type_[PIECE_TYPE_NB] = {};
  Bitboard by_color_[COLOR_NB] = {};
  Piece board_[SQUARE_NB] = {};
  CastlingPath castling_paths_[4];
  CastlingRights castling_mask_[SQUARE_NB] = {};  // rights lost when a move touches the square
  Key key_ = 0;
  int rule50_ = 0;
  int game_ply_ = 0;
  Color side_ = WHITE;
  Square ep_ = SQ_NONE;     // as in FEN: set after every double push
  bool ep_in_key_ = false;  // hashed only when an en-passant capture is legal
  CastlingRights castling_ = NO_CASTLING;
};

}  // namespace chess
