#include "record/illegal_move.h"

namespace harness {

std::string illegal_move_text(const GameRecord& g) {
  const std::size_t colon = g.reason.rfind(": ");
  return colon == std::string::npos || colon + 2 >= g.reason.size() ? "<none>" : g.reason.substr(colon + 2);
}

bool is_uci_move_text(const std::string& move) {
  auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](char c) { return c >= '1' && c <= '8'; };
  if (move.size() != 4 && move.size() != 5) return false;
  if (!file(move[0]) || !rank(move[1]) || !file(move[2]) || !rank(move[3])) return false;
  return move.size() == 4 || std::string("nbrq").find(move[4]) != std::string::npos;
}

const std::string& illegal_mover(const GameRecord& g) { return g.result == chess::GameResult::BLACK_WINS ? g.white : g.black; }

}  // namespace harness
