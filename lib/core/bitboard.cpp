#include "bitboard.h"

#include <cstdlib>
#include <mutex>

namespace chess {

namespace tables {
Bitboard pawn_attacks[COLOR_NB][SQUARE_NB];
Bitboard knight_attacks[SQUARE_NB];
Bitboard king_attacks[SQUARE_NB];
Bitboard between[SQUARE_NB][SQUARE_NB];
Bitboard line[SQUARE_NB][SQUARE_NB];
Magic bishop_magics[SQUARE_NB];
Magic rook_magics[SQUARE_NB];
}  // namespace tables

namespace {

Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

constexpr int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

Bitboard step_attacks(Square s, const int (*steps)[2], int count) {
  Bitboard b = 0;
  for (int i = 0; i < count; ++i) {
    int f = file_of(s) + steps[i][0], r = rank_of(s) + steps[i][1];
    if (on_board(f, r)) b |= square_bb(make_square(File(f), Rank(r)));
  }
  return b;
}

Bitboard slider_attacks(Square s, Bitboard occupied, const int (*dirs)[2]) {
  Bitboard b = 0;
  for (int d = 0; d < 4; ++d) {
    int f = file_of(s), r = rank_of(s);
    while (on_board(f += dirs[d][0], r += dirs[d][1])) {
      Bitboard sq = square_bb(make_square(File(f), Rank(r)));
      b |= sq;
      if (occupied & sq) break;
    }
  }
  return b;
}

// xorshift64* generator; a fixed seed makes the magics the same on every run.
struct Prng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

// The generator's seed at the start of each rank. Any seed finds the magics; these were chosen
// (from 1 to 3999, the fewest trials for the rooks of each rank) so that the search takes a few
// milliseconds at start-up instead of a fifth of a second: every engine, harness and test
// process pays it. The bishops' magics, of fewer bits, are found quickly from any seed.
constexpr std::uint64_t RANK_SEEDS[8] = {1776, 1387, 250, 2719, 1643, 2078, 3059, 30};

// Finds a magic for every square by trial, the way Stockfish does it.
void init_magics(Bitboard* table, Magic* magics, const int (*dirs)[2]) {
  Bitboard occupancy[4096], reference[4096];
  int epoch[4096] = {}, current = 0;
  Prng rng{RANK_SEEDS[0]};
  Bitboard* next_slot = table;
  for (Square s = SQ_A1; s < SQ_NONE; ++s) {
    if (file_of(s) == FILE_A) rng = Prng{RANK_SEEDS[rank_of(s)]};
    Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    Magic& m = magics[s];
    m.mask = slider_attacks(s, 0, dirs) & ~edges;
    m.shift = unsigned(64 - popcount(m.mask));
    m.attacks = next_slot;
    int size = 0;
    Bitboard b = 0;
    do {
      occupancy[size] = b;
      reference[size++] = slider_attacks(s, b, dirs);
      b = (b - m.mask) & m.mask;
    } while (b);
    Bitboard* slots = next_slot;
    for (int i = 0; i < size;) {
      for (m.magic = 0; popcount((m.magic * m.mask) >> 56) < 6;) m.magic = rng.sparse();
      ++current;
      for (i = 0; i < size; ++i) {
        unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] < current) {
          epoch[idx] = current;
          slots[idx] = reference[i];
        } else if (slots[idx] != reference[i]) {
          break;
        }
      }
    }
    next_slot += size;
  }
}

void init_all() {
  constexpr int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int KING_STEPS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  constexpr int WPAWN_STEPS[2][2] = {{-1, 1}, {1, 1}};
  constexpr int BPAWN_STEPS[2][2] = {{-1, -1}, {1, -1}};
  for (Square s = SQ_A1; s < SQ_NONE; ++s) {
    tables::knight_attacks[s] = step_attacks(s, KNIGHT_STEPS, 8);
    tables::king_attacks[s] = step_attacks(s, KING_STEPS, 8);
    tables::pawn_attacks[WHITE][s] = step_attacks(s, WPAWN_STEPS, 2);
    tables::pawn_attacks[BLACK][s] = step_attacks(s, BPAWN_STEPS, 2);
  }
  init_magics(rook_table, tables::rook_magics, ROOK_DIRS);
  init_magics(bishop_table, tables::bishop_magics, BISHOP_DIRS);
  for (Square a = SQ_A1; a < SQ_NONE; ++a) {
    for (Square b = SQ_A1; b < SQ_NONE; ++b) {
      tables::between[a][b] = square_bb(b);
      tables::line[a][b] = 0;
      if (a == b) continue;
      for (PieceType pt : {BISHOP, ROOK}) {
        if (attacks_of(pt, a, 0) & square_bb(b)) {
          tables::line[a][b] = (attacks_of(pt, a, 0) & attacks_of(pt, b, 0)) | square_bb(a) | square_bb(b);
          tables::between[a][b] |= attacks_of(pt, a, square_bb(b)) & attacks_of(pt, b, square_bb(a));
        }
      }
    }
  }
}

}  // namespace

void init_bitboards() {
  static std::once_flag once;
  std::call_once(once, init_all);
}

}  // namespace chess
