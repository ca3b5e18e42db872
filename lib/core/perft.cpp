#include "perft.h"

#include "movegen.h"

namespace chess {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return std::uint64_t(count_legal(pos));
  MoveList list;
  generate_legal(pos, list);
  std::uint64_t nodes = 0;
  Undo undo;
  for (Move m : list) {
    pos.do_move(m, undo);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return nodes;
}

std::vector<DivideEntry> divide(Position& pos, int depth) {
  std::vector<DivideEntry> entries;
  if (depth <= 0) return entries;
  Undo undo;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m, undo);
    entries.push_back({m, perft(pos, depth - 1)});
    pos.undo_move(m, undo);
  }
  return entries;
}

}  // namespace chess
