#include "output.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

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

// The layer stack's first layer in 8-bit dot products. Each pairwise product clamp(a) x clamp(b)
// (0 to QA^2) is rounded to q = (ab + 2) >> 2 and split in two 7-bit digits, q = 128 high + low,
// so that two digits times i8 weights fit the i16 pair sums of an 8-bit dot product, and the sum
// of q x w is 128 x (high . w) + (low . w): exact but for the rounding of ab to a multiple of 4
// (at most 2 of 65,025). The 16 neurons' sums are taken over the blocks of L1_BLOCK inputs that
// are not all zero; the weights of one block for all 16 neurons are one 64-byte line.
constexpr int PRODUCT_SHIFT = 2;
constexpr int PRODUCT_ROUNDING = 1 << (PRODUCT_SHIFT - 1);
constexpr int DIGIT_BITS = 7;
constexpr int DIGIT_MASK = (1 << DIGIT_BITS) - 1;
constexpr int MAX_PAIR_INPUTS = 2 * (MAX_HIDDEN / 2 + LANE_PADDING);
static_assert(QA * QA + PRODUCT_ROUNDING <= 0xFFFF, "a product and its rounding fit 16 unsigned bits");
static_assert(((QA * QA + PRODUCT_ROUNDING) >> PRODUCT_SHIFT >> DIGIT_BITS) <= DIGIT_MASK, "the high digit fits 7 bits");
static_assert(2 * DIGIT_MASK * 128 <= 32768, "two digits times i8 weights fit an i16 pair sum");
static_assert(STACK_HIDDEN_1 * L1_BLOCK == 64, "a block of inputs meets all neurons' weights in 64 bytes");
static_assert(MAX_PAIR_INPUTS / L1_BLOCK <= 0xFFFF, "block indices fit 16 bits");

// The products' digits: high[i] and low[i] for each input i.
struct PairDigits {
  alignas(64) std::uint8_t high[MAX_PAIR_INPUTS];
  alignas(64) std::uint8_t low[MAX_PAIR_INPUTS];
};

// One side's products of its two halves into digits [at, at + pair_stride), zero past `half`.
void pair_products(const std::int16_t* acc, int half, int pair_stride, PairDigits& d, int at) {
  int i = 0;
#if defined(__AVX2__)
  const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
  const __m256i rounding = _mm256_set1_epi16(PRODUCT_ROUNDING), mask = _mm256_set1_epi16(DIGIT_MASK);
  for (; i + 16 <= half; i += 16) {
    const __m256i a = _mm256_min_epi16(_mm256_max_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i)), zero), qa);
    const __m256i b = _mm256_min_epi16(_mm256_max_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + half + i)), zero), qa);
    // The product's low 16 bits are all of it (at most QA^2), read unsigned by the logical shift.
    const __m256i q = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(a, b), rounding), PRODUCT_SHIFT);
    const __m256i high = _mm256_srli_epi16(q, DIGIT_BITS), low = _mm256_and_si256(q, mask);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(d.high + at + i),
                     _mm_packus_epi16(_mm256_castsi256_si128(high), _mm256_extracti128_si256(high, 1)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(d.low + at + i),
                     _mm_packus_epi16(_mm256_castsi256_si128(low), _mm256_extracti128_si256(low, 1)));
  }
#endif
  for (; i < half; ++i) {
    const int q = (std::clamp(int(acc[i]), 0, QA) * std::clamp(int(acc[half + i]), 0, QA) + PRODUCT_ROUNDING) >> PRODUCT_SHIFT;
    d.high[at + i] = std::uint8_t(q >> DIGIT_BITS);
    d.low[at + i] = std::uint8_t(q & DIGIT_MASK);
  }
  for (; i < pair_stride; ++i) d.high[at + i] = d.low[at + i] = 0;
}

std::int32_t block_of(const std::uint8_t* in, int k) {
  std::int32_t v;
  std::memcpy(&v, in + k * L1_BLOCK, sizeof v);
  return v;
}

// The indices of the blocks of inputs whose digits are not all zero; their count.
int nonzero_blocks(const PairDigits& d, int inputs, std::uint16_t* blocks) {
  int count = 0, k = 0;
#if defined(__AVX2__)
  // Every digit is at most 127, so a block is a positive i32 exactly when it is not zero.
  for (; (k + 8) * L1_BLOCK <= inputs; k += 8) {
    const __m256i v = _mm256_or_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(d.high + k * L1_BLOCK)),
                                      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(d.low + k * L1_BLOCK)));
    auto mask = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(v, _mm256_setzero_si256()))));
    for (; mask != 0; mask &= mask - 1) blocks[count++] = std::uint16_t(k + std::countr_zero(mask));
  }
#endif
  for (; k * L1_BLOCK < inputs; ++k)
    if ((block_of(d.high, k) | block_of(d.low, k)) != 0) blocks[count++] = std::uint16_t(k);
  return count;
}

// The 16 neurons' sums of each digit times the weights over the listed blocks, in i32.
struct DigitSums {
  alignas(64) std::int32_t high[STACK_HIDDEN_1];
  alignas(64) std::int32_t low[STACK_HIDDEN_1];
};

#if defined(__AVX512BW__)
__m512i block_dot(__m512i acc, std::int32_t digits, __m512i weights) {
  const __m512i pairs = _mm512_maddubs_epi16(_mm512_set1_epi32(digits), weights);
  return _mm512_add_epi32(acc, _mm512_madd_epi16(pairs, _mm512_set1_epi16(1)));
}

DigitSums first_layer(const PairDigits& d, const std::uint16_t* blocks, int count, const std::int8_t* w) {
  __m512i high = _mm512_setzero_si512(), low = _mm512_setzero_si512();
  for (int n = 0; n < count; ++n) {
    const int k = blocks[n];
    const __m512i line = _mm512_loadu_si512(w + k * 64);
    high = block_dot(high, block_of(d.high, k), line);
    low = block_dot(low, block_of(d.low, k), line);
  }
  DigitSums sums;
  _mm512_store_si512(sums.high, high);
  _mm512_store_si512(sums.low, low);
  return sums;
}
#elif defined(__AVX2__)
__m256i block_dot(__m256i acc, __m256i digits, const std::int8_t* weights) {
  const __m256i pairs = _mm256_maddubs_epi16(digits, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(weights)));
  return _mm256_add_epi32(acc, _mm256_madd_epi16(pairs, _mm256_set1_epi16(1)));
}

DigitSums first_layer(const PairDigits& d, const std::uint16_t* blocks, int count, const std::int8_t* w) {
  __m256i high[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()}, low[2] = {high[0], high[0]};
  for (int n = 0; n < count; ++n) {
    const int k = blocks[n];
    const __m256i h = _mm256_set1_epi32(block_of(d.high, k)), l = _mm256_set1_epi32(block_of(d.low, k));
    for (int part = 0; part < 2; ++part) {
      high[part] = block_dot(high[part], h, w + k * 64 + part * 32);
      low[part] = block_dot(low[part], l, w + k * 64 + part * 32);
    }
  }
  DigitSums sums;
  for (int part = 0; part < 2; ++part) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(sums.high + part * 8), high[part]);
    _mm256_store_si256(reinterpret_cast<__m256i*>(sums.low + part * 8), low[part]);
  }
  return sums;
}
#else
DigitSums first_layer(const PairDigits& d, const std::uint16_t* blocks, int count, const std::int8_t* w) {
  DigitSums sums{};
  for (int n = 0; n < count; ++n) {
    const int k = blocks[n];
    for (int j = 0; j < STACK_HIDDEN_1; ++j)
      for (int t = 0; t < L1_BLOCK; ++t) {
        const int i = k * L1_BLOCK + t, weight = w[(k * STACK_HIDDEN_1 + j) * L1_BLOCK + t];
        sums.high[j] += d.high[i] * weight;
        sums.low[j] += d.low[i] * weight;
      }
  }
  return sums;
}
#endif

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

// A sum of rounded products (in units of 2^PRODUCT_SHIFT) times i8 weights, back to the float
// scale of the layers after.
constexpr double PAIR_SCALE = double(1 << PRODUCT_SHIFT) / (double(QA) * QA * QB);
constexpr float MAX_STACK_OUTPUT = 1e6f;  // centipawns past any evaluation, kept within int

// Centipawns from the layer stack of bucket `b`: the first layer in integers, the rest in floats.
int stack_output(const Network& net, const std::int16_t* us, const std::int16_t* them, int b) {
  const LayerStack& s = net.stack;
  PairDigits digits;
  pair_products(us, s.half, s.pair_stride, digits, 0);
  pair_products(them, s.half, s.pair_stride, digits, s.pair_stride);
  std::uint16_t blocks[MAX_PAIR_INPUTS / L1_BLOCK];
  const int count = nonzero_blocks(digits, int(s.inputs()), blocks);
  const DigitSums sums = first_layer(digits, blocks, count, s.l1_bucket(b));
  float z1[STACK_HIDDEN_1];
  for (int j = 0; j < STACK_HIDDEN_1; ++j) {
    const std::int64_t sum = (std::int64_t(sums.high[j]) << DIGIT_BITS) + sums.low[j];
    z1[j] = float(double(sum) * PAIR_SCALE) + s.l1b[std::size_t(b * STACK_HIDDEN_1 + j)];
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
