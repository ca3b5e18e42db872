// WeightsMatcher: plays matches between weight sets of one engine (and registry engines)
// through the harness's MatchRunner, the same code as `harness match`, so every game is
// stored in the harness's run, game and move tables.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "engines/engine_config.h"
#include "eval/params.h"
#include "match/match_config.h"
#include "stats/tally.h"
#include "storage/database.h"
#include "tuner_config.h"

namespace tuner {

struct MatchRequest {
  std::vector<harness::EngineConfig> engines;
  harness::TournamentKind kind = harness::TournamentKind::MATCH;
  int games = 2;  // matches: games; tournaments: rounds
  std::string tc;
  int concurrency = 1;
  std::uint64_t seed = 1;  // the opening order
  std::string event;
};

struct MatchOutcome {
  std::int64_t run_id = 0;
  std::vector<harness::Tally> tallies;  // each engine against the others
  harness::Tally first;                 // matches: the first engine's tally with pentanomial pairs
};

class WeightsMatcher {
 public:
  // Finds the tuned engine (and a registry opponent) in the registry; errors name the key.
  static chess::Result<WeightsMatcher> create(const FitnessSettings& fitness, const std::string& source, harness::Database& db);
  // Weight files go to a folder of the tuner run's own next to the database.
  chess::Result<bool> set_run(std::int64_t tuner_run);

  // The tuned engine set up with `weights` (written to a file it loads with EvalFile).
  harness::EngineConfig with_weights(const eval::EvalParams& weights, const std::string& label) const;
  // The fitness opponent: the engine with `start` weights, or the configured registry engine.
  harness::EngineConfig opponent(const eval::EvalParams& start) const;
  // Plays the match or tournament as a harness run; `out` gets the harness's result block.
  chess::Result<MatchOutcome> play(const MatchRequest& request, std::ostream& out) const;
  // Removes the weight files written for `label`s that are no longer needed.
  void forget(const harness::EngineConfig& engine) const;

  const FitnessSettings& settings() const { return fitness_; }

 private:
  WeightsMatcher(FitnessSettings fitness, harness::Database& db) : fitness_(std::move(fitness)), db_(&db) {}
  FitnessSettings fitness_;
  harness::Database* db_;
  harness::EngineConfig engine_;
  harness::EngineConfig registry_opponent_;
  std::string weights_dir_;
};

}  // namespace tuner
