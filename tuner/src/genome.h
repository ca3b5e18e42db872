// Genome: the tuned weights as a bit string (plain binary or Gray code), and back to weights.
#pragma once

#include <vector>

#include "eval/params.h"
#include "tuner_config.h"

namespace tuner {

using Bits = std::vector<std::uint8_t>;  // one 0/1 per bit

// The weights a bit string stands for, starting from `base` (untuned weights keep its values).
eval::EvalParams decode(const Bits& bits, const TunerConfig& config, const eval::EvalParams& base);
// The bit string closest to `params` for the tuned weights (values are clamped and rounded to the step).
Bits encode(const eval::EvalParams& params, const TunerConfig& config);
// The tuned values alone, in config order.
std::vector<int> tuned_values(const Bits& bits, const TunerConfig& config);

unsigned gray_to_binary(unsigned g);
unsigned binary_to_gray(unsigned b);

}  // namespace tuner
