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

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "nnue/architecture.h"
#include "nnue/network.h"

namespace tuner {

// The tensors by bullet's names, in the order of the parameter array.
enum class TensorId { L0W, L0F, L0B, L1W, L1B, L2W, L2B, L3W, L3B };
inline constexpr int TENSOR_IDS = 9;
// bullet's name of a tensor: l0w, l0f, l0b, l1w, ...
const char* tensor_name(TensorId id);

// One tensor of the parameter array: where it starts, how many values, and the share of the
// optimiser's clip its values keep within (a half for l0w and l0f with king buckets, whose sum
// is what the file holds).
struct FloatTensor {
  TensorId id = TensorId::L0W;
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
  // The parameters a network of `arch` has, without allocating them.
  static std::size_t parameter_count(const nnue::Architecture& arch);
  // Whether the architecture has the tensor (l0f only with king buckets, l2w to l3b only with the stack).
  bool has(TensorId id) const { return index_[int(id)] < tensors_.size(); }
  // The tensor; one the architecture does not have is empty: no values, at the array's end.
  FloatTensor tensor(TensorId id) const {
    return has(id) ? tensors_[index_[int(id)]] : FloatTensor{id, params_.size(), 0, 1.0f, 0};
  }
  std::span<const float> values(TensorId id) const { return {params_.data() + offset(id), tensor(id).count}; }
  std::size_t offset(TensorId id) const { return tensor(id).offset; }

  // The hidden layer's column for one input feature (of l0w, without the factoriser), its
  // biases, and the output weights and biases (one output layer: side to move's half first).
  const float* feature_row(int feature) const { return params_.data() + std::size_t(feature) * std::size_t(hidden()); }
  const float* at(TensorId id) const { return params_.data() + offset(id); }
  const float* l0b() const { return at(TensorId::L0B); }
  const float* l1w() const { return at(TensorId::L1W); }
  float l1b() const { return *at(TensorId::L1B); }
  std::size_t l0b_offset() const { return offset(TensorId::L0B); }
  std::size_t l1w_offset() const { return offset(TensorId::L1W); }
  std::size_t l1b_offset() const { return offset(TensorId::L1B); }

  // Quantised as bullet's example saves it: the factoriser added to each bucket's l0w, then each
  // value times its factor (nnue/file_layout.h), rounded half away from zero; an error names the
  // tensor and value that does not fit its integer type.
  chess::Result<nnue::Network> quantised() const;
  // raw.bin's bytes, and the network of `arch` those bytes hold; without an architecture, the
  // simple network whose N the size gives. Errors name `name`, and the tensor of a value that is
  // NaN or infinite (a damaged file, or a training that diverged).
  std::string raw_bytes() const;
  void append_raw_bytes(std::string& out) const;
  static chess::Result<FloatNetwork> from_raw_bytes(std::string_view bytes, const std::string& name);
  static chess::Result<FloatNetwork> from_raw_bytes(std::string_view bytes, const std::string& name, const nnue::Architecture& arch);

 private:
  nnue::Architecture arch_;
  std::vector<FloatTensor> tensors_;
  std::array<std::size_t, TENSOR_IDS> index_{};  // each id's entry of `tensors_`; past its end: none
  std::vector<float> params_;
};

}  // namespace tuner
