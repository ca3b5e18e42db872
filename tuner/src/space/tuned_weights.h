// The tuned parameters' values: one integer per parameter on its grid, in configuration order
// (what PBIL samples and SPSA moves), and what they become: a weight set, "setoption" pairs,
// or the JSON object stored for an individual.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "eval/params.h"
#include "space/tuner_config.h"

namespace tuner {

using Values = std::vector<int>;

// Each real value moved onto its parameter's grid.
Values nearest_values(const TunerConfig& config, const std::vector<double>& reals);
// Weights: the tuned weights' values in `params`; options: each option's start (clamped to the range, not rounded onto the grid).
chess::Result<Values> start_values(const TunerConfig& config, const eval::EvalParams& params);
// `base` with the tuned weights set to `values` (weights only).
eval::EvalParams with_values(const TunerConfig& config, const eval::EvalParams& base, const Values& values);
// The "setoption" name and value of each tuned option (options only).
std::vector<std::pair<std::string, std::string>> option_settings(const TunerConfig& config, const Values& values);
// {"name": value, ...}: weights as integers, options as the engine receives them.
std::string values_json(const TunerConfig& config, const Values& values);
// The values of a values_json text, in configuration order; nullopt if any weight is missing.
std::optional<Values> values_from_json(const TunerConfig& config, const std::string& text);

// Gradient descent works on the weights' real values.
std::vector<double> tuned_real_values(const TunerConfig& config, const eval::EvalParams& params);
eval::EvalParams with_tuned_values(const TunerConfig& config, const eval::EvalParams& base, const std::vector<double>& values);

}  // namespace tuner
