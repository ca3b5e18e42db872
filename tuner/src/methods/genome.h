// Genome: the tuned values as a bit string (plain binary or Gray code), and back.
#pragma once

#include <vector>

#include "space/tuned_weights.h"
#include "space/tuner_config.h"

namespace tuner {

using Bits = std::vector<std::uint8_t>;  // one 0/1 per bit

// The values a bit string stands for, in the parameters' order; each parameter is `bits` bits
// of plain binary or, with `gray_code`, of Gray code.
Values decode(const Bits& bits, const std::vector<TunedWeight>& weights, bool gray_code);
// The bit string closest to `values` (clamped and rounded to each parameter's grid).
Bits encode(const Values& values, const std::vector<TunedWeight>& weights, bool gray_code);
// The bits of a whole bit string.
int total_bits(const std::vector<TunedWeight>& weights);

unsigned gray_to_binary(unsigned g);
unsigned binary_to_gray(unsigned b);

}  // namespace tuner
