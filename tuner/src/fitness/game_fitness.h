// Game fitness: individuals play game pairs against a fixed opponent (or each other in a
// round robin) through the harness; fitness is minus the score, so lower is better as for
// every tuner fitness. A whole generation (or a batch of SPSA iterations) is one harness run,
// so the engines start once per game slot and take each individual's values by "setoption".
#pragma once

#include <iosfwd>

#include "fitness/fitness.h"
#include "fitness/tuned_engines.h"

namespace tuner {

class GameFitness : public Fitness {
 public:
  GameFitness(const TunedEngines& engines, const Values& start, std::ostream& progress, int comparison_games = 2)
      : engines_(engines), start_(start), progress_(progress), comparison_games_(comparison_games) {}
  chess::Result<std::vector<Score>> score(const std::vector<Values>& population, int round) override;
  chess::Result<Comparison> compare(const Values& a, const Values& b, int round) override;
  chess::Result<std::vector<Comparison>> compare_all(const std::vector<std::pair<Values, Values>>& pairs, int first) override;
  std::string describe(double fitness) const override;
  bool needs_scale() const override { return false; }
  bool noisy() const override { return true; }

 private:
  // Plays `engines` as one quiet harness run and removes their weight files afterwards.
  chess::Result<MatchOutcome> play(const std::vector<harness::EngineConfig>& engines, harness::TournamentKind kind, int rounds,
                                   int round, const std::string& event);
  const TunedEngines& engines_;
  Values start_;
  std::ostream& progress_;
  int comparison_games_;  // the games of one compare(): a tuning method's setting (SPSA's games_per_iteration)
};

}  // namespace tuner
