// The network the trainer learns, in floats: an architecture of nnue/architecture.h before
// quantisation, every parameter in one array so the optimiser walks one span. The tensors, in
// the order of the quantised file, with the factoriser after l0w when there are king buckets:
//
//   l0w [K x 768][N]  l0f [768][N] (king buckets only)  l0b [N]
//   l1w [B][2N]  l1b [B]                                  (one output, or B = 8 buckets)
//   l1w [8][16][N]  l1b [8][16]  l2w [8][32][16]  l2b [8][32]  l3w [8][32]  l3b [8]   (layer stack)
//
// Saved unquantised as bullet saves raw.bin: little-endian f32 in that order, with no padding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "nnue/architecture.h"
#include "nnue/network.h"

namespace tuner {

// One tensor of the parameter array: where it starts, how many values, and the share of the
// optimiser's clip its values keep within (a half for l0w and l0f with king buckets, whose sum
// is what the file holds).
struct FloatTensor {
  std::string name;
  std::size_t offset = 0, count = 0;
  float clip_share = 1.0f;
  int fan_in = 0;  // bullet's first weights: normal with deviation sqrt(2 / fan_in); 0: zero
};

class FloatNetwork {
 public:
  // Zero weights.
  explicit FloatNetwork(const nnue::Architecture& arch);
  explicit FloatNetwork(int hidden) : FloatNetwork(nnue::simple_architecture(hidden)) {}
  // Weights drawn as bullet draws them: normal with deviation sqrt(2 / inputs of the layer) (the
  // layer stack's l0w as if it had 32, as its example says), biases and the factoriser zero;
  // the same seed gives the same weights.
  static FloatNetwork initialised(const nnue::Architecture& arch, std::uint64_t seed);
  static FloatNetwork initialised(int hidden, std::uint64_t seed) { return initialised(nnue::simple_architecture(hidden), seed); }

  const nnue::Architecture& arch() const { return arch_; }
  int hidden() const { return arch_.hidden; }
  bool factorised() const { return arch_.inputs == nnue::InputSet::KING_BUCKETS_MIRRORED; }
  std::size_t size() const { return params_.size(); }
  float* params() { return params_.data(); }
  const float* params() const { return params_.data(); }
  const std::vector<FloatTensor>& tensors() const { return tensors_; }
  const FloatTensor& tensor(std::string_view name) const;

  // The hidden layer's column for one input feature (of l0w, without the factoriser), its
  // biases, and the output weights and biases (one output layer: side to move's half first).
  const float* feature_row(int feature) const { return params_.data() + std::size_t(feature) * std::size_t(hidden()); }
  const float* at(std::string_view name) const { return params_.data() + tensor(name).offset; }
  const float* l0b() const { return at("l0b"); }
  const float* l1w() const { return at("l1w"); }
  float l1b() const { return *at("l1b"); }
  std::size_t l0b_offset() const { return tensor("l0b").offset; }
  std::size_t l1w_offset() const { return tensor("l1w").offset; }
  std::size_t l1b_offset() const { return tensor("l1b").offset; }

  // Quantised as bullet's example saves it: the factoriser added to each bucket's l0w, then each
  // value times its factor (nnue/file_layout.h), rounded half away from zero; an error names the
  // tensor and value that does not fit its integer type.
  chess::Result<nnue::Network> quantised() const;
  // raw.bin's bytes, and the network of `arch` those bytes hold; without an architecture, the
  // simple network whose N the size gives. Errors name `name`.
  std::string raw_bytes() const;
  static chess::Result<FloatNetwork> from_raw_bytes(std::string_view bytes, const std::string& name);
  static chess::Result<FloatNetwork> from_raw_bytes(std::string_view bytes, const std::string& name, const nnue::Architecture& arch);

 private:
  nnue::Architecture arch_;
  std::vector<FloatTensor> tensors_;
  std::vector<float> params_;
};

}  // namespace tuner
