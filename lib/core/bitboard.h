// Bitboard helpers and precomputed attack tables (fancy magic bitboards).
#pragma once

#include <bit>

#include "types.h"

namespace chess {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_2_BB = RANK_1_BB << 8;
constexpr Bitboard RANK_3_BB = RANK_1_BB << 16;
constexpr Bitboard RANK_6_BB = RANK_1_BB << 40;
constexpr Bitboard RANK_7_BB = RANK_1_BB << 48;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(File f) { return FILE_A_BB << f; }
constexpr Bitboard rank_bb(Rank r) { return RANK_1_BB << (8 * r); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

template <int D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == 8) return b << 8;
  if constexpr (D == -8) return b >> 8;
  if constexpr (D == 16) return b << 16;
  if constexpr (D == -16) return b >> 16;
  if constexpr (D == 9) return (b & ~FILE_H_BB) << 9;
  if constexpr (D == 7) return (b & ~FILE_A_BB) << 7;
  if constexpr (D == -7) return (b & ~FILE_H_BB) >> 7;
  if constexpr (D == -9) return (b & ~FILE_A_BB) >> 9;
  return 0;
}

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
  return C == WHITE ? shift<9>(pawns) | shift<7>(pawns) : shift<-7>(pawns) | shift<-9>(pawns);
}

struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occupied) const { return unsigned(((occupied & mask) * magic) >> shift); }
};

namespace tables {
extern Bitboard pawn_attacks[COLOR_NB][SQUARE_NB];
extern Bitboard knight_attacks[SQUARE_NB];
extern Bitboard king_attacks[SQUARE_NB];
extern Bitboard between[SQUARE_NB][SQUARE_NB];  // squares strictly between, plus the second square
extern Bitboard line[SQUARE_NB][SQUARE_NB];     // whole line through both squares, or 0
extern Magic bishop_magics[SQUARE_NB];
extern Magic rook_magics[SQUARE_NB];
}  // namespace tables

// Fills the tables; safe to call more than once. Called by Position's static initialiser.
void init_bitboards();

inline Bitboard pawn_attacks(Color c, Square s) { return tables::pawn_attacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return tables::knight_attacks[s]; }
inline Bitboard king_attacks(Square s) { return tables::king_attacks[s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const Magic& m = tables::bishop_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const Magic& m = tables::rook_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) { return bishop_attacks(s, occupied) | rook_attacks(s, occupied); }
inline Bitboard attacks_of(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
  }
}
// Squares between a and b exclusive, plus b itself (so a checker's square is included).
inline Bitboard between_bb(Square a, Square b) { return tables::between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return tables::line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return (line_bb(a, b) & square_bb(c)) != 0; }

}  // namespace chess
