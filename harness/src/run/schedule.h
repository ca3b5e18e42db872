// A run's schedule: which engines play each game, with which colours and which opening.
#pragma once

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

// Every game of the run, whatever the shard.
std::vector<GameSpec> make_schedule(const MatchConfig& config);
// The games of the schedule that the config's shard plays.
std::vector<GameSpec> shard_games(const std::vector<GameSpec>& schedule, const Shard& shard);
// How many games this configuration's shard (or whole run) plays; an import's, those it stored.
int planned_games(const MatchConfig& config);

}  // namespace harness
