#include "output.h"

#include <algorithm>
#include <cmath>

#if defined(__AVX512BW__) || defined(__AVX2__)
#include <immintrin.h>
#endif

namespace nnue {

namespace {

// sum of clamp(x_i)^2 x w_i over one half, modulo 2^32 (exact for any weights).
std::uint32_t half_sum_portable(const std::int16_t* x, const std::int16_t* w, int n) {
  std::uint32_t sum = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint32_t v = std::uint32_t(std::clamp(int(x[i]), 0, QA));
    sum += v * v * std::uint32_t(std::int32_t(w[i]));
  }
  return sum;
}

#if defined(__AVX512BW__) || defined(__AVX2__)
// The sum of the eight 32-bit lanes, modulo 2^32.
std::uint32_t horizontal_sum(__m256i sum) {
  const __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  const __m128i s2 = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
  return std::uint32_t(_mm_cvtsi128_si32(_mm_add_epi32(s2, _mm_shuffle_epi32(s2, 0xB1))));
}
#endif

#if defined(__AVX512BW__)
constexpr std::string_view KERNEL = "avx512";
// clamp(x) x (clamp(x) x w) in 16-bit products, summed in pairs to 32 bits: exact while |w| <= 128.
std::uint32_t half_sum_narrow(const std::int16_t* x, const std::int16_t* w, int stride) {
  const __m512i zero = _mm512_setzero_si512(), qa = _mm512_set1_epi16(QA);
  __m512i sum = zero;
  for (int i = 0; i < stride; i += 32) {
    const __m512i v = _mm512_min_epi16(_mm512_max_epi16(_mm512_loadu_si512(x + i), zero), qa);
    const __m512i vw = _mm512_mullo_epi16(v, _mm512_loadu_si512(w + i));
    sum = _mm512_add_epi32(sum, _mm512_madd_epi16(v, vw));
  }
  // The halves by zero-masked extracts, not _mm512_reduce_add_epi32 or casts: GCC 12's unmasked
  // forms pass an uninitialised vector through, which -Werror=maybe-uninitialized rejects.
  const __m256i low = _mm512_maskz_extracti64x4_epi64(0xF, sum, 0);
  const __m256i high = _mm512_maskz_extracti64x4_epi64(0xF, sum, 1);
  return horizontal_sum(_mm256_add_epi32(low, high));
}
#elif defined(__AVX2__)
constexpr std::string_view KERNEL = "avx2";
std::uint32_t half_sum_narrow(const std::int16_t* x, const std::int16_t* w, int stride) {
  const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
  __m256i sum = zero;
  for (int i = 0; i < stride; i += 16) {
    const __m256i v = _mm256_min_epi16(_mm256_max_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + i)), zero), qa);
    const __m256i vw = _mm256_mullo_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i)));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(v, vw));
  }
  return horizontal_sum(sum);
}
#else
constexpr std::string_view KERNEL = "portable";
std::uint32_t half_sum_narrow(const std::int16_t* x, const std::int16_t* w, int stride) { return half_sum_portable(x, w, stride); }
#endif

// sum_i a_i x (b_i x w_i) over `count` lanes (a multiple of the kernel's width), a and b the
// clamped activations (0 to QA) and w the stack's i8 weights in i16: each product fits in 16
// bits (255 x 128), each lane's sum of one perspective in 32 (N/2 / 8 products at most), and
// the lanes are added in 64.
#if defined(__AVX512BW__)
std::int64_t pair_dot(const std::int16_t* a, const std::int16_t* b, const std::int16_t* w, int count) {
  __m512i sum = _mm512_setzero_si512();
  for (int i = 0; i < count; i += 32) {
    const __m512i bw = _mm512_mullo_epi16(_mm512_loadu_si512(b + i), _mm512_loadu_si512(w + i));
    sum = _mm512_add_epi32(sum, _mm512_madd_epi16(_mm512_loadu_si512(a + i), bw));
  }
  alignas(64) std::int32_t lanes[16];
  _mm512_store_si512(lanes, sum);
  std::int64_t total = 0;
  for (std::int32_t v : lanes) total += v;
  return total;
}
#elif defined(__AVX2__)
std::int64_t pair_dot(const std::int16_t* a, const std::int16_t* b, const std::int16_t* w, int count) {
  __m256i sum = _mm256_setzero_si256();
  for (int i = 0; i < count; i += 16) {
    const __m256i bw = _mm256_mullo_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i)),
                                          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i)));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i)), bw));
  }
  alignas(32) std::int32_t lanes[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), sum);
  std::int64_t total = 0;
  for (std::int32_t v : lanes) total += v;
  return total;
}
#else
std::int64_t pair_dot(const std::int16_t* a, const std::int16_t* b, const std::int16_t* w, int count) {
  std::int64_t sum = 0;
  for (int i = 0; i < count; ++i) sum += std::int64_t(a[i]) * (std::int64_t(b[i]) * w[i]);
  return sum;
}
#endif

// One perspective's activations for the pairwise product: clamp(acc_i) for the first N/2
// neurons in `first` and for the last N/2 in `second`, zero to `pair_stride`.
void clamped_halves(const std::int16_t* acc, int hidden, int pair_stride, std::int16_t* first, std::int16_t* second) {
  const int half = hidden / 2;
  for (int i = 0; i < pair_stride; ++i) {
    first[i] = i < half ? std::int16_t(std::clamp(int(acc[i]), 0, QA)) : std::int16_t(0);
    second[i] = i < half ? std::int16_t(std::clamp(int(acc[half + i]), 0, QA)) : std::int16_t(0);
  }
}

float screlu(float x) {
  const float c = std::clamp(x, 0.0f, 1.0f);
  return c * c;
}

// The float layers after the first: 16 -> 32 -> 1, with bucket `b`'s weights.
float stack_tail(const LayerStack& s, int b, const float* z1) {
  float h1[STACK_HIDDEN_1];
  for (int j = 0; j < STACK_HIDDEN_1; ++j) h1[j] = screlu(z1[j]);
  float y = s.l3b[std::size_t(b)];
  for (int k = 0; k < STACK_HIDDEN_2; ++k) {
    const std::size_t row = std::size_t(b * STACK_HIDDEN_2 + k);
    float z2 = s.l2b[row];
    for (int j = 0; j < STACK_HIDDEN_1; ++j) z2 += s.l2w[row * STACK_HIDDEN_1 + std::size_t(j)] * h1[j];
    y += s.l3w[row] * screlu(z2);
  }
  return y;
}

constexpr double PAIR_SCALE = double(QA) * QA * QB;  // a product of two activations times an i8 weight
constexpr float MAX_STACK_OUTPUT = 1e6f;             // centipawns past any evaluation, kept within int

// Centipawns from the layer stack of bucket `b`: the first layer in integers, the rest in floats.
int stack_output(const Network& net, const std::int16_t* us, const std::int16_t* them, int b) {
  const LayerStack& s = net.stack;
  const int width = s.pair_stride;
  alignas(64) std::int16_t act[4][MAX_HIDDEN / 2 + LANE_PADDING];
  clamped_halves(us, net.hidden, width, act[0], act[1]);
  clamped_halves(them, net.hidden, width, act[2], act[3]);
  float z1[STACK_HIDDEN_1];
  for (int j = 0; j < STACK_HIDDEN_1; ++j) {
    const std::int16_t* w = s.l1_row(b, j);
    const std::int64_t sum = pair_dot(act[0], act[1], w, width) + pair_dot(act[2], act[3], w + width, width);
    z1[j] = float(double(sum) / PAIR_SCALE) + s.l1b[std::size_t(b * STACK_HIDDEN_1 + j)];
  }
  const float y = stack_tail(s, b, z1);
  if (std::isnan(y)) return 0;  // finite weights whose sums overflowed both ways: no evaluation to give
  return int(std::clamp(y * float(SCALE), -MAX_STACK_OUTPUT, MAX_STACK_OUTPUT));
}

}  // namespace

int network_output(const Network& net, const std::int16_t* us, const std::int16_t* them, int bucket) {
  if (net.arch.output == OutputLayer::LAYER_STACK) return stack_output(net, us, them, bucket);
  const std::int16_t* w = net.output_weights(bucket);
  std::uint32_t sum;
  if (net.narrow_output_weights)
    sum = half_sum_narrow(us, w, net.stride) + half_sum_narrow(them, w + net.stride, net.stride);
  else
    sum = half_sum_portable(us, w, net.hidden) + half_sum_portable(them, w + net.stride, net.hidden);
  // The rest in i32 as bullet writes it; conversions to int32 wrap (C++20).
  std::int32_t out = std::int32_t(sum) / QA;
  out = std::int32_t(std::uint32_t(out) + std::uint32_t(std::int32_t(net.l1b[std::size_t(bucket)])));
  out = std::int32_t(std::uint32_t(out) * std::uint32_t(SCALE));
  return out / (QA * QB);
}

// network_output takes the portable path for wide output weights whatever the build's kernel.
std::string_view simd_kernel(const Network& net) {
  return net.narrow_output_weights || net.arch.output == OutputLayer::LAYER_STACK ? KERNEL : std::string_view("portable");
}

}  // namespace nnue
