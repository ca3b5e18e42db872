#include "tally.h"

namespace harness {

void TallyBuilder::add(int game_index, Outcome2 outcome) {
  if (outcome == Outcome2::WIN)
    ++tally_.wins;
  else if (outcome == Outcome2::DRAW)
    ++tally_.draws;
  else
    ++tally_.losses;
  if (!tally_.paired) return;
  int pair = game_index / 2;
  auto it = half_pairs_.find(pair);
  if (it == half_pairs_.end()) {
    half_pairs_.emplace(pair, outcome);
    return;
  }
  ++tally_.pentanomial[std::size_t(int(it->second) + int(outcome))];
  if (it->second != outcome && int(it->second) + int(outcome) == 2) ++tally_.split_pairs;
  half_pairs_.erase(it);
}

Tally TallyBuilder::paired_tally() const {
  Tally t = tally_;
  for (const auto& [pair, outcome] : half_pairs_) {
    if (outcome == Outcome2::WIN)
      --t.wins;
    else if (outcome == Outcome2::DRAW)
      --t.draws;
    else
      --t.losses;
  }
  return t;
}

}  // namespace harness
