// Genome: the tuned values as a bit string (plain binary or Gray code), and back.
#pragma once

#include <vector>

#include "tuned_weights.h"
#include "tuner_config.h"

namespace tuner {

using Bits = std::vector<std::uint8_t>;  // one 0/1 per bit

// The values a bit string stands for, in config order.
Values decode(const Bits& bits, const TunerConfig& config);
// The bit string closest to `values` (clamped and rounded to each parameter's grid).
Bits encode(const Values& values, const TunerConfig& config);

unsigned gray_to_binary(unsigned g);
unsigned binary_to_gray(unsigned b);

}  // namespace tuner
