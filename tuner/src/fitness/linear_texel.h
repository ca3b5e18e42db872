// The texel error as a function of the tuned weights alone, for gradient descent: each traced
// position's score is linear in the weights (traced_positions.h), so the error and its exact
// gradient cost one pass over the positions' terms, for the whole set or one mini-batch.
#pragma once

#include <cstdint>
#include <vector>

#include "eval/params.h"
#include "fitness/texel.h"
#include "space/tuner_config.h"

namespace tuner {

class LinearTexel {
 public:
  // The weights not tuned keep their values in `start`; K is `texel`'s.
  LinearTexel(const TexelFitness& texel, const TunerConfig& config, const eval::EvalParams& start);

  // The mean squared error at the (real-valued) tuned weights `theta`, in config order, over
  // the positions [first, last) of the set (all of them by default), and, when `gradient` is
  // given, its derivative by each tuned weight.
  double error(const std::vector<double>& theta, std::vector<double>* gradient) const;
  double error(const std::vector<double>& theta, std::vector<double>* gradient, std::size_t first, std::size_t last) const;

  std::size_t size() const { return texel_.size(); }

 private:
  const TexelFitness& texel_;
  std::vector<double> start_;            // every weight, flat order
  std::vector<std::size_t> flat_index_;  // tuned weight i's place in the flat order
};

}  // namespace tuner
