// Game fitness: individuals play game pairs against a fixed opponent (or each other in a
// round robin) through the harness; fitness is minus the score, so lower is better as for
// every tuner fitness.
#pragma once

#include <iosfwd>

#include "fitness.h"
#include "weights_match.h"

namespace tuner {

class GameFitness : public Fitness {
 public:
  GameFitness(const WeightsMatcher& matcher, const eval::EvalParams& start, std::ostream& progress, int spsa_games = 2)
      : matcher_(matcher), start_(start), progress_(progress), spsa_games_(spsa_games) {}
  chess::Result<std::vector<Score>> score(const std::vector<eval::EvalParams>& population, int round) override;
  chess::Result<Comparison> compare(const eval::EvalParams& a, const eval::EvalParams& b, int round) override;
  std::string describe(double fitness) const override;
  bool needs_scale() const override { return false; }
  bool noisy() const override { return true; }

 private:
  chess::Result<std::vector<Score>> against_opponent(const std::vector<eval::EvalParams>& population, int round);
  chess::Result<std::vector<Score>> round_robin(const std::vector<eval::EvalParams>& population, int round);
  // Plays `engines` as one quiet harness run and removes their weight files afterwards.
  chess::Result<MatchOutcome> play(const std::vector<harness::EngineConfig>& engines, harness::TournamentKind kind, int games,
                                   int round, const std::string& event);
  const WeightsMatcher& matcher_;
  eval::EvalParams start_;
  std::ostream& progress_;
  int spsa_games_;
};

}  // namespace tuner
