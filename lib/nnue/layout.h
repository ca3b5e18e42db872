// The network the engine evaluates with and the trainer writes: bullet's "simple" layout,
// (768 -> N)x2 -> 1 with SCReLU, quantised to little-endian i16 and padded to 64 bytes.
// Every constant of the layout is declared here once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace nnue {

inline constexpr int INPUTS = 768;        // 2 colours x 6 piece types x 64 squares, per perspective
inline constexpr int QA = 255;            // hidden weights and biases are stored times QA
inline constexpr int QB = 64;             // output weights are stored times QB
inline constexpr int SCALE = 400;         // output units per centipawn of the float network's sigmoid scale
inline constexpr int MIN_HIDDEN = 16;     // smallest hidden layer the engine loads
inline constexpr int MAX_HIDDEN = 2048;   // largest hidden layer the engine loads
inline constexpr int HIDDEN_STEP = 16;    // every hidden size is a multiple of this
inline constexpr int LANE_PADDING = 32;   // rows in memory are padded with zeros to a multiple of this (SIMD widths)
inline constexpr std::size_t FILE_ALIGNMENT = 64;
inline constexpr double WEIGHT_CLIP = 1.98;  // float weights stay within this, so i16 cannot overflow

// Bytes of the values of a network with `hidden` neurons: l0w, l0b, l1w, l1b as i16.
constexpr std::size_t value_bytes(int hidden) {
  return 2 * (std::size_t(INPUTS) * std::size_t(hidden) + std::size_t(hidden) + 2 * std::size_t(hidden) + 1);
}

// Bytes of a quantised file with `hidden` neurons: the values, then padding to FILE_ALIGNMENT.
constexpr std::size_t file_bytes(int hidden) {
  return (value_bytes(hidden) + FILE_ALIGNMENT - 1) / FILE_ALIGNMENT * FILE_ALIGNMENT;
}

// Rows of `hidden` values as the engine keeps them in memory.
constexpr int padded(int hidden) { return (hidden + LANE_PADDING - 1) / LANE_PADDING * LANE_PADDING; }

// The hidden size a file of `bytes` holds, if any size of the layout gives exactly that many,
// padded or not: some engines ship files that end with the last value. The two sizes of one
// hidden size are less than 64 bytes apart and those of the next 24,672, so they never collide.
// Only multiples of HIDDEN_STEP count, as in the architecture grammar, so fewer files of other
// architectures pass for this one (a layer stack of N = 16 takes the 266,816 bytes of N = 173).
constexpr std::optional<int> hidden_for_file_bytes(std::size_t bytes) {
  for (int n = MIN_HIDDEN; n <= MAX_HIDDEN; n += HIDDEN_STEP)
    if (file_bytes(n) == bytes || value_bytes(n) == bytes) return n;
  return std::nullopt;
}

}  // namespace nnue
