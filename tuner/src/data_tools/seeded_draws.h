// The draws of shuffle and interleave: a 64-bit Mersenne Twister, which the standard defines bit
// for bit, and a draw below a bound by rejection, which the standard library's distributions do
// not define (each library draws its own way). So a seed gives the same file everywhere.
#pragma once

#include <cstdint>
#include <limits>
#include <random>

namespace tuner {

using SeededDraws = std::mt19937_64;

// A number in [0, n), every one as likely (n > 0).
inline std::uint64_t draw_below(SeededDraws& draws, std::uint64_t n) {
  constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t limit = top - top % n;  // a multiple of n: the draws at or past it are drawn again
  for (;;)
    if (const std::uint64_t x = draws(); x < limit) return x % n;
}

}  // namespace tuner
