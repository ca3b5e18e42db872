#include "output.h"

#include <algorithm>

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

}  // namespace

int network_output(const Network& net, const std::int16_t* us, const std::int16_t* them, int bucket) {
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
std::string_view simd_kernel(const Network& net) { return net.narrow_output_weights ? KERNEL : std::string_view("portable"); }

}  // namespace nnue
