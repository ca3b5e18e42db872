#include "network_training/float_network.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <span>

#include "nnue/file_layout.h"

namespace tuner {

namespace {

// A standard normal draw from the generator's bits by Box-Muller, so the weights are the same
// with every standard library (std::normal_distribution's algorithm is not specified).
double normal(std::mt19937_64& rng) {
  const double u1 = (double(rng() >> 11) + 1.0) * 0x1.0p-53, u2 = double(rng() >> 11) * 0x1.0p-53;
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

constexpr int LAYER_STACK_L0_FAN_IN = 32;  // 4_multi_layer.rs: init_with_effective_input_size(32)

std::vector<FloatTensor> tensor_table(const nnue::Architecture& a) {
  const std::size_t n = std::size_t(a.hidden);
  const bool stack = a.output == nnue::OutputLayer::LAYER_STACK;
  const float l0_share = a.inputs == nnue::InputSet::KING_BUCKETS_MIRRORED ? 0.5f : 1.0f;
  std::vector<FloatTensor> t;
  auto add = [&t](TensorId id, std::size_t count, float share, int fan_in) {
    const std::size_t offset = t.empty() ? 0 : t.back().offset + t.back().count;
    t.push_back({id, offset, count, share, fan_in});
  };
  add(TensorId::L0W, std::size_t(a.input_features()) * n, l0_share, stack ? LAYER_STACK_L0_FAN_IN : a.input_features());
  if (l0_share < 1.0f) add(TensorId::L0F, std::size_t(nnue::PIECE_FEATURES) * n, l0_share, 0);
  add(TensorId::L0B, n, 1.0f, 0);
  if (!stack) {
    const std::size_t buckets = std::size_t(a.output_buckets());
    add(TensorId::L1W, buckets * 2 * n, 1.0f, 2 * a.hidden);
    add(TensorId::L1B, buckets, 1.0f, 0);
    return t;
  }
  const std::size_t b = nnue::OUTPUT_BUCKETS, h1 = nnue::STACK_HIDDEN_1, h2 = nnue::STACK_HIDDEN_2;
  add(TensorId::L1W, b * h1 * n, 1.0f, a.hidden);
  add(TensorId::L1B, b * h1, 1.0f, 0);
  add(TensorId::L2W, b * h2 * h1, 1.0f, nnue::STACK_HIDDEN_1);
  add(TensorId::L2B, b * h2, 1.0f, 0);
  add(TensorId::L3W, b * h2, 1.0f, nnue::STACK_HIDDEN_2);
  add(TensorId::L3B, b, 1.0f, 0);
  return t;
}

// `what`[index] = value, refused when NaN or infinite: a damaged file's, or a training's that diverged.
chess::Result<bool> check_finite_value(float value, const std::string& what, std::size_t index) {
  if (std::isfinite(value)) return true;
  return chess::Error{what + "[" + std::to_string(index) + "] = " + std::to_string(value) + " is not a finite number"};
}

// Tensor `t`'s first value that is NaN or infinite, refused as check_finite_value refuses it.
chess::Result<bool> check_finite_tensor(const FloatNetwork& f, const FloatTensor& t) {
  const std::span<const float> values = f.values(t.id);
  const auto bad = std::find_if(values.begin(), values.end(), [](float v) { return !std::isfinite(v); });
  if (bad == values.end()) return true;
  return check_finite_value(*bad, tensor_name(t.id), std::size_t(bad - values.begin()));
}

// A value times its factor, rounded half away from zero, if it is finite and fits in [low, high].
chess::Result<int> quantise(float value, int factor, int low, int high, const char* type, const std::string& what, std::size_t index) {
  CHESS_RETURN_IF_ERROR(check_finite_value(value, what, index));
  const double q = std::round(double(value) * factor);
  if (!(q >= low && q <= high))
    return chess::Error{what + "[" + std::to_string(index) + "] = " + std::to_string(value) + " times " + std::to_string(factor) +
                        " does not fit in " + type};
  return int(q);
}

chess::Result<std::int16_t> quantise_i16(float value, int factor, const std::string& what, std::size_t index) {
  auto q = quantise(value, factor, -32768, 32767, "i16", what, index);
  CHESS_RETURN_IF_ERROR(q);
  return std::int16_t(*q);
}

// l0w with the factoriser merged into every bucket's block, and l0b, into `net`.
chess::Result<bool> quantise_feature_transformer(const FloatNetwork& f, nnue::Network& net) {
  const int n = f.hidden();
  const float* l0f = f.factorised() ? f.at(TensorId::L0F) : nullptr;
  for (int feature = 0; feature < f.arch().input_features(); ++feature)
    for (int i = 0; i < n; ++i) {
      float v = f.feature_row(feature)[i];
      if (l0f) v += l0f[std::size_t(feature % nnue::PIECE_FEATURES) * std::size_t(n) + std::size_t(i)];
      auto q = quantise_i16(v, nnue::QA, "l0w", std::size_t(feature) * std::size_t(n) + std::size_t(i));
      CHESS_RETURN_IF_ERROR(q);
      net.l0w[std::size_t(feature) * std::size_t(net.stride) + std::size_t(i)] = *q;
    }
  for (int i = 0; i < n; ++i) {
    auto q = quantise_i16(f.l0b()[i], nnue::QA, "l0b", std::size_t(i));
    CHESS_RETURN_IF_ERROR(q);
    net.l0b[std::size_t(i)] = *q;
  }
  return true;
}

chess::Result<bool> quantise_output_layer(const FloatNetwork& f, nnue::Network& net) {
  const int n = f.hidden();
  for (int b = 0; b < f.arch().output_buckets(); ++b)
    for (int i = 0; i < 2 * n; ++i) {
      const std::size_t index = std::size_t(b * 2 * n + i);
      auto q = quantise_i16(f.l1w()[index], nnue::QB, "l1w", index);
      CHESS_RETURN_IF_ERROR(q);
      net.l1w[std::size_t(b * 2 * net.stride + (i < n ? i : net.stride + i - n))] = *q;
      if (std::abs(int(*q)) > 128) net.narrow_output_weights = false;
    }
  for (int b = 0; b < f.arch().output_buckets(); ++b) {
    auto q = quantise_i16(f.at(TensorId::L1B)[b], nnue::QA * nnue::QB, "l1b", std::size_t(b));
    CHESS_RETURN_IF_ERROR(q);
    net.l1b[std::size_t(b)] = *q;
  }
  return true;
}

// The stack's first layer to i8 (the file's [bucket][16][N]), the rest as they are if finite.
chess::Result<bool> quantise_layer_stack(const FloatNetwork& f, nnue::Network& net) {
  const int n = f.hidden();
  nnue::LayerStack& s = net.stack;
  for (int b = 0; b < nnue::OUTPUT_BUCKETS; ++b)
    for (int j = 0; j < nnue::STACK_HIDDEN_1; ++j) {
      for (int i = 0; i < n; ++i) {
        const std::size_t index = std::size_t((b * nnue::STACK_HIDDEN_1 + j) * n + i);
        auto q = quantise(f.l1w()[index], nnue::QB, -128, 127, "i8", "l1w", index);
        CHESS_RETURN_IF_ERROR(q);
        s.l1(b, j, i) = std::int8_t(*q);
      }
    }
  const std::pair<TensorId, std::vector<float>*> floats[] = {
      {TensorId::L1B, &s.l1b}, {TensorId::L2W, &s.l2w}, {TensorId::L2B, &s.l2b}, {TensorId::L3W, &s.l3w}, {TensorId::L3B, &s.l3b}};
  for (const auto& [id, values] : floats) {
    CHESS_RETURN_IF_ERROR(check_finite_tensor(f, f.tensor(id)));
    const std::span<const float> from = f.values(id);
    values->assign(from.begin(), from.end());
  }
  return true;
}

}  // namespace

FloatNetwork::FloatNetwork(const nnue::Architecture& arch) : arch_(arch), tensors_(tensor_table(arch)) {
  index_.fill(TENSOR_IDS);  // none: past the end of `tensors_`, which holds at most TENSOR_IDS
  for (std::size_t i = 0; i < tensors_.size(); ++i) index_[std::size_t(tensors_[i].id)] = i;
  params_.assign(tensors_.back().offset + tensors_.back().count, 0.0f);
}

std::size_t FloatNetwork::parameter_count(const nnue::Architecture& arch) {
  const std::vector<FloatTensor> t = tensor_table(arch);
  return t.back().offset + t.back().count;
}

const char* tensor_name(TensorId id) {
  static constexpr const char* NAMES[TENSOR_IDS] = {"l0w", "l0f", "l0b", "l1w", "l1b", "l2w", "l2b", "l3w", "l3b"};
  return NAMES[int(id)];
}

FloatNetwork FloatNetwork::initialised(const nnue::Architecture& arch, std::uint64_t seed) {
  FloatNetwork net(arch);
  std::mt19937_64 rng(seed);
  for (const FloatTensor& t : net.tensors_) {
    if (t.fan_in == 0) continue;
    const double deviation = std::sqrt(2.0 / t.fan_in);
    for (std::size_t i = t.offset; i < t.offset + t.count; ++i) net.params_[i] = float(normal(rng) * deviation);
  }
  return net;
}

chess::Result<nnue::Network> FloatNetwork::quantised() const {
  nnue::Network net = nnue::zero_network(arch_);
  CHESS_RETURN_IF_ERROR(quantise_feature_transformer(*this, net));
  if (arch_.output == nnue::OutputLayer::LAYER_STACK) {
    CHESS_RETURN_IF_ERROR(quantise_layer_stack(*this, net));
  } else {
    CHESS_RETURN_IF_ERROR(quantise_output_layer(*this, net));
  }
  return net;
}

std::string FloatNetwork::raw_bytes() const {
  std::string out;
  append_raw_bytes(out);
  return out;
}

void FloatNetwork::append_raw_bytes(std::string& out) const {
  static_assert(sizeof(float) == 4);
  const std::size_t at = out.size();
  out.resize(at + params_.size() * 4, '\0');
  for (std::size_t i = 0; i < params_.size(); ++i) {
    std::uint32_t bits;
    std::memcpy(&bits, &params_[i], 4);
    for (int b = 0; b < 4; ++b) out[at + i * 4 + std::size_t(b)] = char((bits >> (8 * b)) & 0xFF);
  }
}

chess::Result<FloatNetwork> FloatNetwork::from_raw_bytes(std::string_view bytes, const std::string& name, const nnue::Architecture& arch) {
  FloatNetwork net(arch);
  if (net.params_.size() * 4 != bytes.size())
    return chess::Error{name + ": " + std::to_string(bytes.size()) + " bytes is no unquantised " + arch.spec() + " network (f32 " +
                        std::to_string(net.params_.size()) + " values: " + std::to_string(net.params_.size() * 4) + " bytes)"};
  for (std::size_t i = 0; i < net.params_.size(); ++i) {
    std::uint32_t bits = 0;
    for (int b = 0; b < 4; ++b) bits |= std::uint32_t(std::uint8_t(bytes[i * 4 + std::size_t(b)])) << (8 * b);
    std::memcpy(&net.params_[i], &bits, 4);
  }
  for (const FloatTensor& t : net.tensors_)
    if (auto finite = check_finite_tensor(net, t); !finite)
      return chess::Error{name + ": tensor " + finite.error() + ": the file is damaged, or the training that wrote it diverged"};
  return net;
}

chess::Result<FloatNetwork> FloatNetwork::from_raw_bytes(std::string_view bytes, const std::string& name) {
  for (int n = nnue::MIN_HIDDEN; n <= nnue::MAX_HIDDEN; n += nnue::HIDDEN_STEP)
    if ((std::size_t(nnue::INPUTS) + 3) * std::size_t(n) * 4 + 4 == bytes.size()) return from_raw_bytes(bytes, name, nnue::simple_architecture(n));
  return chess::Error{name + ": " + std::to_string(bytes.size()) +
                      " bytes is no unquantised (768->N)x2->1 network (f32 l0w, l0b, l1w, l1b: 4 x (771 N + 1) bytes)"};
}

}  // namespace tuner
