// Labeled positions as the tuner holds them by the million: each one's evaluation trace
// (eval/trace.h: the weights that fired and their counts), its game phase and its result,
// stored sparsely. Any weights' score of a position is then one pass over its few terms, and
// so is the score's derivative by every weight: the texel error and its exact gradient need
// neither the board nor the engine.
#pragma once

#include <cstdint>
#include <vector>

#include "eval/trace.h"

namespace tuner {

class TracedPositions {
 public:
  void add(const eval::EvalTrace& trace, double result);
  void append(const TracedPositions& other);
  std::size_t size() const { return result_.size(); }
  // The memory the set holds, in bytes (its arrays' capacities).
  std::size_t bytes() const;

  double result(std::size_t p) const { return double(result_[p]); }
  // White's score of position p under weights in flat order (eval::flat_weights), as a real:
  // the evaluation without its rounding.
  double score(std::size_t p, const double* weights) const {
    double sums[2] = {0, 0};
    for (std::uint64_t j = start_[p]; j < start_[p + 1]; ++j)
      sums[endgame_[terms_[j].weight]] += weights[terms_[j].weight] * terms_[j].count;
    return (sums[0] * phase_[p] + sums[1] * (24 - phase_[p])) / 24.0;
  }
  // Adds `factor` times the score's derivative by each weight to `gradient` (flat order).
  void add_gradient(std::size_t p, double factor, double* gradient) const {
    const double share[2] = {factor * phase_[p] / 24.0, factor * (24 - phase_[p]) / 24.0};
    for (std::uint64_t j = start_[p]; j < start_[p + 1]; ++j)
      gradient[terms_[j].weight] += share[endgame_[terms_[j].weight]] * terms_[j].count;
  }

 private:
  std::vector<std::uint64_t> start_{0};  // position p's terms: [start_[p], start_[p + 1])
  std::vector<eval::TraceTerm> terms_;
  std::vector<std::uint8_t> phase_;
  std::vector<float> result_;
  std::vector<std::uint8_t> endgame_ = endgame_table();

  static std::vector<std::uint8_t> endgame_table();
};

}  // namespace tuner
