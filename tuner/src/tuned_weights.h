// The tuned weights of a configuration as real numbers (what SPSA and gradient descent move),
// back onto their grids in a weight set, and as the JSON object stored for an individual.
#pragma once

#include <string>
#include <vector>

#include "eval/params.h"
#include "tuner_config.h"

namespace tuner {

// The tuned weights' values in `params`, in config order.
std::vector<double> tuned_real_values(const TunerConfig& config, const eval::EvalParams& params);
// `base` with each tuned weight set to the grid value nearest to `values[i]`.
eval::EvalParams with_tuned_values(const TunerConfig& config, const eval::EvalParams& base, const std::vector<double>& values);
// {"name": value, ...} of the tuned weights in `params`.
std::string tuned_weights_json(const TunerConfig& config, const eval::EvalParams& params);

}  // namespace tuner
