#include "tally.h"

namespace harness {

void TallyBuilder::add(int game_index, Outcome2 outcome) {
  if (outcome == Outcome2::WIN)
    ++tally_.wins;
  else if (outcome == Outcome2::DRAW)
    ++tally_.draws;
  else
    ++tally_.losses;
  int pair = game_index / 2;
  auto it = half_pairs_.find(pair);
  if (it == half_pairs_.end()) {
    half_pairs_.emplace(pair, outcome);
    return;
  }
  ++tally_.pentanomial[std::size_t(int(it->second) + int(outcome))];
  half_pairs_.erase(it);
}

}  // namespace harness
