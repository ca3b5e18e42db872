// Runs perft with divide and prints it the way Stockfish does, for the command line and UCI.
#pragma once

#include <iosfwd>

#include "core/position.h"
#include "core/variant.h"

namespace engine {

struct PerftReport {
  std::uint64_t nodes;
  double seconds;
};

// Prints "move: count" for each root move, a blank line, then "Nodes searched: N".
PerftReport run_divide(chess::Position pos, int depth, std::ostream& out, chess::Variant variant = chess::Variant::STANDARD);

}  // namespace engine
