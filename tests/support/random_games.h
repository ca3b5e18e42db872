// Seeded random legal games, for property tests over many positions.
#pragma once

#include <cstdint>
#include <functional>
#include <random>

#include "core/movegen.h"
#include "core/position.h"

namespace testing_support {

// Plays `games` random games of up to `max_plies` from the start position, calling
// visit(position_before, move) for each move before it is made.
inline void for_each_random_move(int games, int max_plies, std::uint32_t seed,
                                 const std::function<void(chess::Position&, chess::Move)>& visit) {
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    chess::Position pos = chess::Position::startpos();
    for (int ply = 0; ply < max_plies; ++ply) {
      chess::MoveList moves = chess::legal_moves(pos);
      if (moves.empty()) break;
      chess::Move m = moves[int(rng() % unsigned(moves.size()))];
      visit(pos, m);
      chess::Undo undo;
      pos.do_move(m, undo);
    }
  }
}

}  // namespace testing_support
