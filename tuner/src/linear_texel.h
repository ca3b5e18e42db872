// The texel error of the evaluation as a linear function of the tuned weights. The evaluation
// is a sum of weight x count terms blended by game phase, so each position's score is
//   constant + sum over tuned weights of coefficient x weight,
// with the coefficients measured once by moving each weight. The error and its exact gradient
// then cost one pass over those coefficients, for gradient descent (gradient_run.h).
#pragma once

#include <cstdint>
#include <vector>

#include "eval/evaluate.h"
#include "eval/params.h"
#include "texel.h"
#include "tuner_config.h"

namespace tuner {

class LinearTexel {
 public:
  // Positions whose quiescence score under `start` is not their static evaluation are left out:
  // their score is not a linear function of the weights. K is texel's fitted constant.
  LinearTexel(TexelFitness& texel, const TunerConfig& config, const eval::EvalParams& start, int threads);

  // The mean squared error at the (real-valued) tuned weights `theta`, in config order, and,
  // when `gradient` is given, its derivative by each weight.
  double error(const std::vector<double>& theta, std::vector<double>* gradient) const;

  std::size_t size() const { return result_.size(); }
  std::size_t left_out() const { return left_out_; }

 private:
  LinearTexel() = default;  // one thread's share while measuring
  // Measures one position's coefficients under `params` (which it moves and restores).
  void add_position(const chess::Position& pos, double result, eval::EvalMode mode, const TunerConfig& config,
                    eval::EvalParams& params, const std::vector<double>& theta0);

  std::vector<std::size_t> row_start_{0};  // position p's terms: [row_start_[p], row_start_[p + 1])
  std::vector<std::uint32_t> weight_;      // the term's tuned weight (index into config.weights)
  std::vector<float> coefficient_;
  std::vector<double> constant_;  // the score from untuned weights, White's view
  std::vector<double> result_;
  std::size_t left_out_ = 0;
  double k_ = 1.0;
  int threads_ = 1;
};

}  // namespace tuner
