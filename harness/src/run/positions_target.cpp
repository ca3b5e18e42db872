#include "run/positions_target.h"

#include <string>

namespace harness {

std::int64_t scored_positions(const GameRecord& game) {
  std::int64_t n = 0;
  for (const MoveRecord& m : game.moves) n += m.has_score;
  return n;
}

chess::Result<bool> PositionsTarget::stored_before(int game_index, std::int64_t positions) {
  if (game_index != next_)
    return chess::Error{"game " + std::to_string(game_index + 1) + " is stored but game " + std::to_string(next_ + 1) +
                        " is not: a run sized by positions keeps its games in order"};
  stored(positions);
  return true;
}

std::vector<GameRecord> PositionsTarget::arrived(GameRecord game) {
  held_.emplace(game.game_index, std::move(game));
  std::vector<GameRecord> ready;
  // The games from the first not stored on: the caller stores them in order and says so.
  for (int at = next_; !held_.empty() && held_.begin()->first == at; ++at) {
    ready.push_back(std::move(held_.begin()->second));
    held_.erase(held_.begin());
  }
  return ready;
}

void PositionsTarget::stored(std::int64_t positions) {
  ++next_;
  positions_ += positions;
}

int PositionsTarget::give_up_held() {
  const int n = int(held_.size());
  held_.clear();
  return n;
}

}  // namespace harness
