// Strong small types of the chess rules: colours, pieces, squares, moves.
#pragma once

#include <algorithm>
#include <cstdint>

namespace chess {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

enum PieceType : std::uint8_t { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB = 7 };

enum Piece : std::uint8_t {
  NO_PIECE,
  W_PAWN = 1,
  W_KNIGHT,
  W_BISHOP,
  W_ROOK,
  W_QUEEN,
  W_KING,
  B_PAWN = 9,
  B_KNIGHT,
  B_BISHOP,
  B_ROOK,
  B_QUEEN,
  B_KING,
  PIECE_NB = 16
};

// clang-format off
enum Square : std::uint8_t {
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  SQ_NONE, SQUARE_NB = 64
};
// clang-format on

enum File : std::uint8_t { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H, FILE_NB };
enum Rank : std::uint8_t { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_NB };

// Castling rights as four bits; the rook squares they refer to live in the
// position, so Chess960 can be added without changing this type.
enum CastlingRights : std::uint8_t {
  NO_CASTLING = 0,
  WHITE_OO = 1,
  WHITE_OOO = 2,
  BLACK_OO = 4,
  BLACK_OOO = 8,
  ALL_CASTLING = 15,
  CASTLING_RIGHT_NB = 16
};

constexpr Color operator~(Color c) { return Color(c ^ 1); }
constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

constexpr Square make_square(File f, Rank r) { return Square((r << 3) | f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
// Chebyshev distance: the king moves from one square to the other.
constexpr int distance(Square a, Square b) {
  const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
  return std::max(df < 0 ? -df : df, dr < 0 ? -dr : dr);
}
constexpr bool is_ok(Square s) { return s < SQ_NONE; }
constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }
constexpr Square& operator++(Square& s) { return s = Square(s + 1); }
// The square as seen from White's side: flips ranks for Black.
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

constexpr CastlingRights operator|(CastlingRights a, CastlingRights b) { return CastlingRights(int(a) | int(b)); }
constexpr CastlingRights operator&(CastlingRights a, CastlingRights b) { return CastlingRights(int(a) & int(b)); }
constexpr CastlingRights operator~(CastlingRights a) { return CastlingRights(~int(a) & 15); }
constexpr CastlingRights kingside(Color c) { return c == WHITE ? WHITE_OO : BLACK_OO; }
constexpr CastlingRights queenside(Color c) { return c == WHITE ? WHITE_OOO : BLACK_OOO; }
constexpr CastlingRights rights_of(Color c) { return c == WHITE ? (WHITE_OO | WHITE_OOO) : (BLACK_OO | BLACK_OOO); }

enum class MoveKind : std::uint16_t { NORMAL = 0, PROMOTION = 1, EN_PASSANT = 2, CASTLING = 3 };

// A move in 16 bits: from (6), to (6), promotion piece minus knight (2), kind (2).
// Castling is encoded as the king taking its own rook (from = king, to = the castling rook's
// square), which names every Chess960 castling without ambiguity; to_uci writes it either way.
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to) : data_(std::uint16_t(from | (to << 6))) {}
  constexpr Move(Square from, Square to, MoveKind kind, PieceType promo = KNIGHT)
      : data_(std::uint16_t(from | (to << 6) | ((promo - KNIGHT) << 12) | (int(kind) << 14))) {}

  static constexpr Move none() { return Move(); }
  static constexpr Move from_raw(std::uint16_t raw) {
    Move m;
    m.data_ = raw;
    return m;
  }

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr MoveKind kind() const { return MoveKind(data_ >> 14); }
  constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
  constexpr bool is_promotion() const { return kind() == MoveKind::PROMOTION; }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

}  // namespace chess
