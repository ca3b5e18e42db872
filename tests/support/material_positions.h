// A file of positions a network can learn exactly: positions of seeded random games, each
// scored by its material balance (pawn 100, knight and bishop 300, rook 500, queen 900) from
// White's view, in the text format trainers read ('FEN | score | result').
#pragma once

#include <fstream>
#include <string>

#include "support/random_games.h"

namespace testing_support {

inline int material_white(const chess::Position& pos) {
  static constexpr int VALUE[] = {0, 100, 300, 300, 500, 900, 0};
  int score = 0;
  for (int sq = 0; sq < 64; ++sq) {
    const chess::Piece p = pos.piece_on(chess::Square(sq));
    if (p != chess::NO_PIECE) score += (chess::color_of(p) == chess::WHITE ? 1 : -1) * VALUE[chess::type_of(p)];
  }
  return score;
}

// Writes about `games` x 60 positions to `path`; returns how many.
inline int write_material_positions(const std::string& path, int games, std::uint32_t seed) {
  std::ofstream out(path);
  int written = 0;
  for_each_random_move(games, 60, seed, [&](chess::Position& pos, chess::Move) {
    const int score = material_white(pos);
    out << pos.fen() << " | " << score << " | " << (score > 0 ? "1.0" : score < 0 ? "0.0" : "0.5") << "\n";
    ++written;
  });
  return written;
}

}  // namespace testing_support
