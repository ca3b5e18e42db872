// Eight floats as one value (GCC's and Clang's vector extension: AVX registers where the build
// has them, pairs of SSE registers otherwise), for the trainer's loops over a layer's neurons.
// Sums are added in a fixed order, so a result is the same on every run.
#pragma once

// Float8 values pass between the trainer's own functions only (internal, most inlined), so a
// build without AVX, which passes them differently, has no ABI to keep: its warning is off here,
// and in each file's code that passes them, between a push and a pop of the diagnostics (so that
// it stays on in every other file, a unity build's included).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace tuner {

using Float8 = float __attribute__((vector_size(32)));

inline Float8 load8(const float* p) {
  Float8 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
inline void store8(float* p, Float8 v) { __builtin_memcpy(p, &v, sizeof v); }

inline Float8 clamp01(Float8 a) {
  const Float8 zero = {}, one = zero + 1.0f;
  const Float8 low = a > zero ? a : zero;
  return low < one ? low : one;
}

inline float lane_sum(Float8 v) {
  float total = 0;
  for (int j = 0; j < 8; ++j) total += v[j];
  return total;
}

// sum_i a_i x b_i over `n` values, a multiple of 8.
inline float dot8(const float* __restrict a, const float* __restrict b, int n) {
  Float8 sum = {};
  for (int i = 0; i < n; i += 8) sum += load8(a + i) * load8(b + i);
  return lane_sum(sum);
}

}  // namespace tuner

#pragma GCC diagnostic pop
