#include "zobrist.h"

#include <mutex>

namespace chess::zobrist {

Key piece_square[PIECE_NB][SQUARE_NB];
Key castling[CASTLING_RIGHT_NB];
Key en_passant_file[FILE_NB];
Key side_to_move;

namespace {

std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

void fill() {
  std::uint64_t state = 0x1234ABCD5678EF01ULL;
  for (auto& row : piece_square)
    for (Key& k : row) k = splitmix(state);
  // Castling keys combine per-right keys so that a set of rights hashes as the xor of its parts.
  Key single[4];
  for (Key& k : single) k = splitmix(state);
  for (int rights = 0; rights < CASTLING_RIGHT_NB; ++rights) {
    castling[rights] = 0;
    for (int bit = 0; bit < 4; ++bit)
      if (rights & (1 << bit)) castling[rights] ^= single[bit];
  }
  for (Key& k : en_passant_file) k = splitmix(state);
  side_to_move = splitmix(state);
}

}  // namespace

void init() {
  static std::once_flag once;
  std::call_once(once, fill);
}

}  // namespace chess::zobrist
