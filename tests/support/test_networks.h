// Networks of bullet's simple layout for tests, and a reader and forward pass of that layout
// written here from its description (docs/08-networks.md), independent of lib/nnue and engine/inference: each i16
// read from its two bytes, the features numbered as bullet's Chess768 numbers them, the output
// in 64-bit integers with C++'s truncating division (equal to bullet's i32 arithmetic while
// nothing overflows, as in every network made here).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/position.h"

namespace testing_support {

struct ReferenceNetwork {
  int hidden = 0;
  std::vector<std::vector<int>> l0w;  // [feature][neuron]
  std::vector<int> l0b, l1w;          // l1w: 2 x hidden, the side to move's half first
  int l1b = 0;
};

inline std::size_t reference_file_bytes(int hidden) {
  const std::size_t bytes = 2 * (768 * std::size_t(hidden) + 3 * std::size_t(hidden) + 1);
  return (bytes + 63) / 64 * 64;
}

// The bytes of a random network: hidden weights and biases within +-`hidden_range`, output
// weights within +-`output_range`, the output bias within +-`bias_range`; padding "bullet...".
inline std::string random_network_bytes(int hidden, int hidden_range, int output_range, int bias_range, std::uint32_t seed) {
  std::mt19937 rng(seed);
  auto draw = [&](int range) { return int(rng() % unsigned(2 * range + 1)) - range; };
  std::string out;
  auto put = [&](int v) {
    out.push_back(char(v & 0xFF));
    out.push_back(char((v >> 8) & 0xFF));
  };
  for (std::size_t i = 0; i < 768 * std::size_t(hidden) + std::size_t(hidden); ++i) put(draw(hidden_range));
  for (int i = 0; i < 2 * hidden; ++i) put(draw(output_range));
  put(draw(bias_range));
  const char* padding = "bullet";
  for (std::size_t i = 0; out.size() % 64 != 0; ++i) out.push_back(padding[i % 6]);
  return out;
}

// The bytes of a network the trainer could write (every float weight within its clip of +-1.98:
// hidden biases 504 = 1.976 x 255, output weights 126 = 1.969 x 64, output bias 32,313 = 1.98 x 255
// x 64, hidden weights 0) that evaluates every position at 51,191 centipawns for the side to
// move with 32 neurons: each hidden sum saturates. Far beyond the engine's mate scores.
inline std::string saturated_network_bytes(int hidden) {
  std::string out;
  auto put = [&](int v) {
    out.push_back(char(v & 0xFF));
    out.push_back(char((v >> 8) & 0xFF));
  };
  for (std::size_t i = 0; i < 768 * std::size_t(hidden); ++i) put(0);
  for (int i = 0; i < hidden; ++i) put(504);
  for (int i = 0; i < 2 * hidden; ++i) put(126);
  put(32313);
  const char* padding = "bullet";
  for (std::size_t i = 0; out.size() % 64 != 0; ++i) out.push_back(padding[i % 6]);
  return out;
}

inline ReferenceNetwork read_reference_network(const std::string& bytes, int hidden) {
  ReferenceNetwork net;
  net.hidden = hidden;
  std::size_t at = 0;
  auto next = [&] {
    const int v = std::int16_t(std::uint16_t(std::uint8_t(bytes[at]) | (std::uint8_t(bytes[at + 1]) << 8)));
    at += 2;
    return v;
  };
  net.l0w.assign(768, std::vector<int>(std::size_t(hidden)));
  for (auto& column : net.l0w)
    for (int& w : column) w = next();
  for (int i = 0; i < hidden; ++i) net.l0b.push_back(next());
  for (int i = 0; i < 2 * hidden; ++i) net.l1w.push_back(next());
  net.l1b = next();
  return net;
}

// Centipawns for the side to move, as bullet's example computes them.
inline int reference_evaluation(const ReferenceNetwork& net, const chess::Position& pos) {
  std::vector<std::int64_t> acc[2];
  for (int perspective = 0; perspective < 2; ++perspective) {
    acc[perspective].assign(net.l0b.begin(), net.l0b.end());
    for (int sq = 0; sq < 64; ++sq) {
      const chess::Piece p = pos.piece_on(chess::Square(sq));
      if (p == chess::NO_PIECE) continue;
      const int colour = p >= 8 ? 1 : 0, type = (p & 7) - 1;
      const int feature = (colour == perspective ? 0 : 384) + 64 * type + (perspective == 1 ? sq ^ 56 : sq);
      for (int i = 0; i < net.hidden; ++i) acc[perspective][std::size_t(i)] += net.l0w[std::size_t(feature)][std::size_t(i)];
    }
  }
  const int us = pos.side_to_move() == chess::WHITE ? 0 : 1;
  std::int64_t sum = 0;
  for (int half = 0; half < 2; ++half)
    for (int i = 0; i < net.hidden; ++i) {
      const std::int64_t a = acc[half == 0 ? us : 1 - us][std::size_t(i)];
      const std::int64_t c = a < 0 ? 0 : a > 255 ? 255 : a;
      sum += c * c * net.l1w[std::size_t(half * net.hidden + i)];
    }
  return int((sum / 255 + net.l1b) * 400 / (255 * 64));
}

}  // namespace testing_support
