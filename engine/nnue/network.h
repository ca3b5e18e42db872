// A quantised network of the layout in layout.h, as the engine keeps it in memory: each row
// padded with zeros to a multiple of LANE_PADDING, so the SIMD kernels need no tails.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "layout.h"

namespace nnue {

struct Network {
  int hidden = 0;                   // N, the neurons per perspective
  int stride = 0;                   // padded(N)
  std::vector<std::int16_t> l0w;    // INPUTS rows of `stride`: the feature's column of the hidden layer
  std::vector<std::int16_t> l0b;    // `stride`
  std::vector<std::int16_t> l1w;    // 2 x `stride`: the side to move's half first
  std::int16_t l1b = 0;
  // Whether every output weight is within +-128, so clamp(acc)^2 x w may be formed as
  // clamp(acc) x (clamp(acc) x w) in 16-bit products (every network the trainer writes is).
  bool narrow_output_weights = true;

  const std::int16_t* feature_row(int feature) const { return l0w.data() + std::size_t(feature) * std::size_t(stride); }
};

// A network from the bytes of a quantised file named `name` (for messages); the hidden size is
// the one the file's size gives, and any other size is refused.
chess::Result<Network> parse_network(std::string_view bytes, const std::string& name);
// Reads and parses a quantised file.
chess::Result<Network> load_network(const std::string& path);
// The bytes of the quantised file of `net`, padding included.
std::string serialize_network(const Network& net);
// A network of `hidden` neurons with every weight zero, to be filled in (the trainer quantises into it).
Network zero_network(int hidden);

}  // namespace nnue
