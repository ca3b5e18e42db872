// Openings of random plies from the standard start (harness datagen --random-plies, the tuner
// loop's self-play): opening N is drawn from N and the seed alone, as the schedule computes game
// N from N, so a run of any size holds no book in memory or on disk, and a resumed run, a shard
// or another machine draws the same opening for the same game.
#pragma once

#include <cstdint>
#include <string>

#include "record/game_record.h"

namespace harness {

// The most random plies an opening takes.
inline constexpr int MAX_RANDOM_PLIES = 40;

struct RandomPlies {
  int plies = 0;           // 0 to MAX_RANDOM_PLIES: 0 is the start position
  std::uint64_t seed = 0;  // the run's seed
  bool operator==(const RandomPlies&) const = default;
};

// Opening `index` (from 0): `plies` random legal plies after which the game goes on, as an EPD
// book's position (its four fields, the move counters 0 and 1), named "random-N" with N from 1.
// A draw whose game ends first is drawn again (after 100 such draws, the start position).
Opening random_ply_opening(const RandomPlies& spec, int index);

// "8 random plies", for the run's title.
std::string describe_random_plies(const RandomPlies& spec);

}  // namespace harness
