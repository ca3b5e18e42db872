// Texel fitness: the mean squared error between game results and a sigmoid of the engine's
// quiescence score, over labeled positions, evaluated in-process with the engine's own
// evaluation and search code across threads.
#pragma once

#include <memory>
#include <vector>

#include "eval/params.h"
#include "labeled_positions.h"
#include "search/search.h"

namespace tuner {

class TexelFitness {
 public:
  TexelFitness(std::vector<LabeledPosition> positions, int threads);
  // Quiescence scores from White's view for every position under `params`.
  std::vector<int> scores(const eval::EvalParams& params);
  // The error for scores and a scaling constant K: mean (result - 1 / (1 + 10^(-K q / 400)))^2.
  double error(const std::vector<int>& scores, double k) const;
  double error(const eval::EvalParams& params) { return error(scores(params), k_); }
  // Fits K to `params` by golden-section search on [0.05, 5] and keeps it.
  double fit_k(const eval::EvalParams& params);
  double k() const { return k_; }
  void set_k(double k) { k_ = k; }
  std::size_t size() const { return positions_.size(); }
  const std::vector<LabeledPosition>& positions() const { return positions_; }

 private:
  std::vector<LabeledPosition> positions_;
  std::vector<std::unique_ptr<search::Searcher>> searchers_;
  double k_ = 1.0;
};

}  // namespace tuner
