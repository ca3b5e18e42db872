// Fitness: how the tuner scores tuned values (lower is better): a population at a time (PBIL,
// NLopt's derivative-free algorithms) or two value sets against each other (SPSA). Texel error and games played
// through the harness both implement it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "space/tuned_weights.h"

namespace tuner {

struct Score {
  double fitness = 0;          // lower is better: an error, or minus a game score
  std::int64_t match_run = 0;  // the harness run holding the games played for it (0: none)
};

struct Comparison {
  Score a, b;
  double result = 0;  // positive when a is better than b: wins minus losses, or an error difference
};

class Fitness {
 public:
  virtual ~Fitness() = default;
  // Scores every individual; `round` (generation or iteration) labels and seeds the games.
  virtual chess::Result<std::vector<Score>> score(const std::vector<Values>& population, int round) = 0;
  virtual chess::Result<Comparison> compare(const Values& a, const Values& b, int round) = 0;
  // SPSA's iterations `first`, first + 1, ...: each pair compared (games play as one batch).
  virtual chess::Result<std::vector<Comparison>> compare_all(const std::vector<std::pair<Values, Values>>& pairs, int first) {
    std::vector<Comparison> out;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      auto c = compare(pairs[i].first, pairs[i].second, first + int(i));
      CHESS_RETURN_IF_ERROR(c);
      out.push_back(*c);
    }
    return out;
  }
  // Called before each PBIL generation with the best values so far; true when the fitness has
  // changed (a texel K refitted to them), so that earlier scores no longer compare.
  virtual bool adapt(const Values&) { return false; }
  // "error 0.095123" or "score 56.2%", for progress lines.
  virtual std::string describe(double fitness) const = 0;
  // Whether compare() returns an error difference that SPSA must scale to about one.
  virtual bool needs_scale() const = 0;
  // Games are noisy: the best-scoring individual is mostly the luckiest, so PBIL's result is
  // then its probability vector's most likely bits instead.
  virtual bool noisy() const = 0;
};

}  // namespace tuner
