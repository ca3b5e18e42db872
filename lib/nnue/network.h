// A quantised network of any architecture of architecture.h, as the engine keeps it in memory:
// each row padded with zeros to a multiple of LANE_PADDING, so the SIMD kernels need no tails.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "architecture.h"
#include "layout.h"

namespace nnue {

// The layer stack after the pairwise product: its first layer's i8 weights and the float layers
// after it, as the file holds them. The first layer's inputs are the side to move's N/2 products,
// padding to `pair_stride`, then the other side's; its weights are kept per bucket in blocks of
// L1_BLOCK inputs, each block holding the STACK_HIDDEN_1 neurons' L1_BLOCK weights in turn, so
// one block of inputs meets all the neurons' weights in one 64-byte line.
inline constexpr int L1_BLOCK = 4;

struct LayerStack {
  int pair_stride = 0;              // N/2 rounded up to LANE_PADDING
  int half = 0;                     // N/2
  std::vector<std::int8_t> l1w;     // OUTPUT_BUCKETS x inputs() x STACK_HIDDEN_1, in blocks
  std::vector<float> l1b;           // OUTPUT_BUCKETS x STACK_HIDDEN_1
  std::vector<float> l2w;           // OUTPUT_BUCKETS x STACK_HIDDEN_2 rows of STACK_HIDDEN_1
  std::vector<float> l2b;           // OUTPUT_BUCKETS x STACK_HIDDEN_2
  std::vector<float> l3w;           // OUTPUT_BUCKETS x STACK_HIDDEN_2
  std::vector<float> l3b;           // OUTPUT_BUCKETS

  std::size_t inputs() const { return 2 * std::size_t(pair_stride); }
  const std::int8_t* l1_bucket(int bucket) const { return l1w.data() + std::size_t(bucket) * inputs() * STACK_HIDDEN_1; }
  // The weight of `neuron` for the file's input `input` (0 to N: the side to move's products first).
  std::int8_t& l1(int bucket, int neuron, int input) { return l1w[l1_index(bucket, neuron, input)]; }
  std::int8_t l1(int bucket, int neuron, int input) const { return l1w[l1_index(bucket, neuron, input)]; }

 private:
  std::size_t l1_index(int bucket, int neuron, int input) const {
    const std::size_t at = std::size_t(input < half ? input : pair_stride + input - half);
    return std::size_t(bucket) * inputs() * STACK_HIDDEN_1 + at / L1_BLOCK * L1_BLOCK * STACK_HIDDEN_1 +
           std::size_t(neuron) * L1_BLOCK + at % L1_BLOCK;
  }
};

struct Network {
  Architecture arch;
  int hidden = 0;                   // N, the neurons per perspective
  int stride = 0;                   // padded(N)
  std::vector<std::int16_t> l0w;    // arch.input_features() rows of `stride`: the feature's column of the hidden layer
  std::vector<std::int16_t> l0b;    // `stride`
  std::vector<std::int16_t> l1w;    // per output bucket, 2 x `stride`: the side to move's half first (not with a layer stack)
  std::vector<std::int16_t> l1b;    // one per output bucket (not with a layer stack)
  LayerStack stack;                 // with OutputLayer::LAYER_STACK only
  // Whether every output weight is within +-128, so clamp(acc)^2 x w may be formed as
  // clamp(acc) x (clamp(acc) x w) in 16-bit products (every network the trainer writes is).
  bool narrow_output_weights = true;

  const std::int16_t* feature_row(int feature) const { return l0w.data() + std::size_t(feature) * std::size_t(stride); }
  const std::int16_t* output_weights(int bucket) const { return l1w.data() + std::size_t(bucket) * 2 * std::size_t(stride); }
};

// A network from the bytes of a quantised file named `name` (for messages), of architecture
// `arch` when one is given: a file whose size does not fit it is refused, naming both. Without
// one, the simple network whose hidden size the file's size gives, and any other size is refused.
chess::Result<Network> parse_network(std::string_view bytes, const std::string& name, const std::optional<Architecture>& arch = {});
// Reads and parses a quantised file, of `arch` when one is given, or else of the architecture its
// manifest names (the file's name with ".json" in place of its extension, as `tuner nnue`
// writes it), or else of the simple network.
chess::Result<Network> load_network(const std::string& path, const std::optional<Architecture>& arch = {});
// The bytes of the quantised file of `net`, padding included.
std::string serialize_network(const Network& net);
// A network of `arch` with every weight zero, to be filled in (the trainer quantises into it).
Network zero_network(const Architecture& arch);
Network zero_network(int hidden);

}  // namespace nnue
