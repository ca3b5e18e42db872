// Perft: counts leaf nodes of the legal move tree, the standard move-generator check.
#pragma once

#include <cstdint>
#include <vector>

#include "position.h"

namespace chess {

struct DivideEntry {
  Move move;
  std::uint64_t nodes;
};

// Leaf count at `depth`; the last ply is bulk-counted without making the moves.
std::uint64_t perft(Position& pos, int depth);
// Per-root-move leaf counts at `depth` (each entry counts depth - 1 below that move).
std::vector<DivideEntry> divide(Position& pos, int depth);

}  // namespace chess
