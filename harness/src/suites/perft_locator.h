// Finds the exact move a move generator gets wrong: compares an engine's divide with a
// reference's, walks into the first move whose count differs, and repeats down to the ply
// where a move is missing or extra.
#pragma once

#include <string>
#include <vector>

#include "perft_source.h"

namespace harness {

struct BugReport {
  std::vector<std::string> path;     // moves from the suite position to the faulty one
  std::string fen;                   // the faulty position
  int depth = 0;                     // the depth still to search there
  std::vector<std::string> missing;  // legal moves the engine does not count
  std::vector<std::string> extra;    // moves the engine counts that are not legal
  std::string note;                  // when no single move could be blamed
  std::string text() const;
};

chess::Result<BugReport> locate_bug(PerftSource& engine, PerftSource& reference, const std::string& fen, int depth);

}  // namespace harness
