// The network the trainer learns, in floats: the layout of nnue/layout.h before quantisation,
// every parameter in one array (l0w, l0b, l1w, l1b, in the order of the quantised file) so the
// optimiser walks one span. Saved unquantised as bullet saves raw.bin: little-endian f32 in that
// order, with no padding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "nnue/network.h"

namespace tuner {

class FloatNetwork {
 public:
  // Zero weights; `hidden` is the neurons per perspective.
  explicit FloatNetwork(int hidden);
  // Weights drawn as bullet draws them: normal with deviation sqrt(2 / inputs) (768 for the hidden
  // layer, 2N for the output), biases zero; the same seed gives the same weights.
  static FloatNetwork initialised(int hidden, std::uint64_t seed);

  int hidden() const { return hidden_; }
  std::size_t size() const { return params_.size(); }
  float* params() { return params_.data(); }
  const float* params() const { return params_.data(); }
  // The hidden layer's column for one input feature, its biases, the output weights (side to
  // move's half first) and the output bias.
  const float* feature_row(int feature) const { return params_.data() + std::size_t(feature) * std::size_t(hidden_); }
  const float* l0b() const { return params_.data() + l0b_offset(); }
  const float* l1w() const { return params_.data() + l1w_offset(); }
  float l1b() const { return params_[l1b_offset()]; }

  std::size_t l0b_offset() const { return std::size_t(nnue::INPUTS) * std::size_t(hidden_); }
  std::size_t l1w_offset() const { return l0b_offset() + std::size_t(hidden_); }
  std::size_t l1b_offset() const { return l1w_offset() + 2 * std::size_t(hidden_); }

  // Quantised as bullet's example saves it: each value times its factor (QA, QA, QB, QA x QB),
  // rounded half away from zero; an error names the parameter that does not fit in i16.
  chess::Result<nnue::Network> quantised() const;
  // raw.bin's bytes, and the network those bytes hold (the size gives N); errors name `name`.
  std::string raw_bytes() const;
  static chess::Result<FloatNetwork> from_raw_bytes(std::string_view bytes, const std::string& name);

 private:
  int hidden_;
  std::vector<float> params_;
};

}  // namespace tuner
