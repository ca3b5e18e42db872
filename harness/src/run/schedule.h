// A run's schedule: which engines play each game, with which colours and which opening.
#pragma once

#include <utility>
#include <vector>

#include "run/match_config.h"

namespace harness {

// One game to play: who has White, which pair and opening it belongs to.
struct GameSpec {
  int game_index = 0;
  int pair_index = 0;
  int white = 0, black = 0;  // indices into MatchConfig::engines
  int opening = 0;           // which opening of the run's order
};

// Every game of a run, each computed from its index when asked: a run of MAX_GAMES games holds
// its list of encounters, never an entry per game.
class Schedule {
 public:
  explicit Schedule(const MatchConfig& config);
  // Every game of the run, whatever the shard.
  int size() const { return size_; }
  GameSpec at(int game_index) const;
  // The first game of `shard` at or after `from`; size() when there is none.
  int next_in_shard(int from, const Shard& shard) const;
  // How many games `shard` plays.
  int shard_size(const Shard& shard) const;

 private:
  GameSpec uncoloured(int game_index) const;
  bool match_, paired_, datagen_, per_round_, noswap_, reverse_;
  std::vector<std::pair<int, int>> encounters_;  // one round's, in order (a tournament's)
  int games_per_round_ = 0;
  int size_ = 0;
};

// Every game of the schedule as a list: for runs whose games are in hand (an import), and tests.
std::vector<GameSpec> make_schedule(const MatchConfig& config);
// How many games this configuration's shard (or whole run) plays; an import's, those it stored.
int planned_games(const MatchConfig& config);

}  // namespace harness
