// The output layer, exactly as bullet's example computes it in integers:
//   sum = sum_i clamp(us_i, 0, QA)^2 x w_i + sum_i clamp(them_i, 0, QA)^2 x w_(N+i)   (i32)
//   cp  = ((sum / QA + l1b) x SCALE) / (QA x QB)                                         (truncating)
// with the output bucket's weights w and bias l1b,
// with 32-bit arithmetic that wraps, as bullet's does in release builds. The layer stack (bullet
// gives no integer inference for it) takes the pairwise products p of clamp(acc, 0, QA), rounded
// to a multiple of 4, through its i8 first layer in 8-bit dot products (p / 4 in two 7-bit
// digits) over the blocks of four products that are not all zero, then its float layers:
//   z1_j = sum_i p_i x l1w_ji / (QA^2 x QB) + l1b_j,  then SCReLU, 16 -> 32, SCReLU, 32 -> 1,
//   cp   = trunc(400 y)
// The kernel is chosen by the build's instruction set (AVX-512BW, AVX2, or portable C++).
#pragma once

#include <cstdint>
#include <string_view>

#include "nnue/network.h"

namespace nnue {

// Centipawns from the side to move's view, from its accumulator `us` and the other's `them`,
// with the weights of output bucket `bucket` (0 for the simple network).
int network_output(const Network& net, const std::int16_t* us, const std::int16_t* them, int bucket = 0);

// The kernel `net` is evaluated with: the build's ("avx512", "avx2" or "portable"), or "portable"
// for a file with an output weight beyond +-128, which the SIMD kernels would not sum exactly.
std::string_view simd_kernel(const Network& net);

}  // namespace nnue
