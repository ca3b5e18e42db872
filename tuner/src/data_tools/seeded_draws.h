// The draws of shuffle and interleave (and of a streaming training's windows): a 64-bit Mersenne
// Twister, which the standard defines bit for bit, and a draw below a bound by rejection, which
// the standard library's distributions do not define (each library draws its own way). So a seed
// gives the same file, and the same order, everywhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <utility>

namespace tuner {

using SeededDraws = std::mt19937_64;

// A number in [0, n), every one as likely (n > 0).
inline std::uint64_t draw_below(SeededDraws& draws, std::uint64_t n) {
  constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t limit = top - top % n;  // a multiple of n: the draws at or past it are drawn again
  for (;;)
    if (const std::uint64_t x = draws(); x < limit) return x % n;
}

// The index a draw `spot` (below the weights' sum) falls on, each index owning as many numbers as
// its weight: drawn with draw_below(sum), index i comes with a chance of weights[i] / sum.
inline std::size_t drawn_index(std::span<const std::uint64_t> weights, std::uint64_t spot) {
  std::size_t i = 0;
  for (; spot >= weights[i]; ++i) spot -= weights[i];
  return i;
}

// Fisher and Yates: from the last place down, each swapped with one drawn (draw_below) among the
// places not yet filled, so every order is as likely and a seed gives the same one everywhere.
template <class T>
void shuffle_in_place(std::span<T> items, SeededDraws& draws) {
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[std::size_t(draw_below(draws, i))]);
}

}  // namespace tuner
