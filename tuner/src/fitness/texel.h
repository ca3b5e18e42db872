// Texel fitness: the mean squared error between game results and a sigmoid of the evaluation,
// over the in-memory set of traced quiet positions (traced_positions.h). Gradient descent,
// PBIL and SPSA all score weights on this one set; an error costs one pass over its terms,
// across threads.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "data/labeled_positions.h"
#include "data/traced_positions.h"
#include "eval/params.h"

namespace tuner {

class TexelFitness {
 public:
  TexelFitness(TracedPositions positions, int threads);
  // Traces `positions` held in memory (a few, as tests use), keeping the quiet ones under
  // `filter` (position_tracing.h).
  TexelFitness(const std::vector<LabeledPosition>& positions, int threads, const eval::EvalParams& filter);

  // White's score of every position under `params`.
  std::vector<double> scores(const eval::EvalParams& params) const;
  // The error for scores and a scaling constant K: mean (result - 1 / (1 + 10^(-K q / 400)))^2.
  double error(const std::vector<double>& scores, double k) const;
  double error(const eval::EvalParams& params) const { return error(scores(params), k_); }
  // Fits K to `params` by golden-section search on [0.05, 5] and keeps it.
  double fit_k(const eval::EvalParams& params);
  double k() const { return k_; }
  void set_k(double k) { k_ = k; }
  std::size_t size() const { return positions_.size(); }
  int threads() const { return threads_; }
  const TracedPositions& positions() const { return positions_; }
  // Puts the positions in an order drawn by `seed`, so that consecutive positions (a
  // mini-batch) come from many games; the error does not depend on the order. Once per seed:
  // a run that starts again on the same positions (a resume in one process) sees the same order.
  void shuffle(std::uint64_t seed) {
    if (shuffled_by_ == seed) return;
    positions_ = positions_.shuffled(seed);
    shuffled_by_ = seed;
  }

 private:
  TracedPositions positions_;
  int threads_ = 1;
  double k_ = 1.0;
  std::optional<std::uint64_t> shuffled_by_;
};

}  // namespace tuner
