#include "network/float_network.h"

#include <cmath>
#include <cstring>
#include <random>

namespace tuner {

namespace {

std::size_t parameter_count(int hidden) { return (std::size_t(nnue::INPUTS) + 3) * std::size_t(hidden) + 1; }

// A standard normal draw from the generator's bits by Box-Muller, so the weights are the same
// with every standard library (std::normal_distribution's algorithm is not specified).
double normal(std::mt19937_64& rng) {
  const double u1 = (double(rng() >> 11) + 1.0) * 0x1.0p-53, u2 = double(rng() >> 11) * 0x1.0p-53;
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

chess::Result<std::int16_t> quantise(float value, int factor, const char* what, int index) {
  const double q = std::round(double(value) * factor);
  if (q < -32768 || q > 32767)
    return chess::Error{std::string(what) + "[" + std::to_string(index) + "] = " + std::to_string(value) + " times " +
                        std::to_string(factor) + " does not fit in i16"};
  return std::int16_t(q);
}

}  // namespace

FloatNetwork::FloatNetwork(int hidden) : hidden_(hidden), params_(parameter_count(hidden), 0.0f) {}

FloatNetwork FloatNetwork::initialised(int hidden, std::uint64_t seed) {
  FloatNetwork net(hidden);
  std::mt19937_64 rng(seed);
  const double l0_deviation = std::sqrt(2.0 / nnue::INPUTS), l1_deviation = std::sqrt(2.0 / (2.0 * hidden));
  for (std::size_t i = 0; i < net.l0b_offset(); ++i) net.params_[i] = float(normal(rng) * l0_deviation);
  for (std::size_t i = net.l1w_offset(); i < net.l1b_offset(); ++i) net.params_[i] = float(normal(rng) * l1_deviation);
  return net;
}

chess::Result<nnue::Network> FloatNetwork::quantised() const {
  nnue::Network net = nnue::zero_network(hidden_);
  const int n = hidden_;
  for (int f = 0; f < nnue::INPUTS; ++f)
    for (int i = 0; i < n; ++i) {
      auto q = quantise(feature_row(f)[i], nnue::QA, "l0w", f * n + i);
      CHESS_RETURN_IF_ERROR(q);
      net.l0w[std::size_t(f) * std::size_t(net.stride) + std::size_t(i)] = *q;
    }
  for (int i = 0; i < n; ++i) {
    auto q = quantise(l0b()[i], nnue::QA, "l0b", i);
    CHESS_RETURN_IF_ERROR(q);
    net.l0b[std::size_t(i)] = *q;
  }
  for (int half = 0; half < 2; ++half)
    for (int i = 0; i < n; ++i) {
      auto q = quantise(l1w()[half * n + i], nnue::QB, "l1w", half * n + i);
      CHESS_RETURN_IF_ERROR(q);
      net.l1w[std::size_t(half * net.stride + i)] = *q;
      if (std::abs(int(*q)) > 128) net.narrow_output_weights = false;
    }
  auto q = quantise(l1b(), nnue::QA * nnue::QB, "l1b", 0);
  CHESS_RETURN_IF_ERROR(q);
  net.l1b[0] = *q;
  return net;
}

std::string FloatNetwork::raw_bytes() const {
  static_assert(sizeof(float) == 4);
  std::string out(params_.size() * 4, '\0');
  for (std::size_t i = 0; i < params_.size(); ++i) {
    std::uint32_t bits;
    std::memcpy(&bits, &params_[i], 4);
    for (int b = 0; b < 4; ++b) out[i * 4 + std::size_t(b)] = char((bits >> (8 * b)) & 0xFF);
  }
  return out;
}

chess::Result<FloatNetwork> FloatNetwork::from_raw_bytes(std::string_view bytes, const std::string& name) {
  for (int n = nnue::MIN_HIDDEN; n <= nnue::MAX_HIDDEN; ++n) {
    if (parameter_count(n) * 4 != bytes.size()) continue;
    FloatNetwork net(n);
    for (std::size_t i = 0; i < net.params_.size(); ++i) {
      std::uint32_t bits = 0;
      for (int b = 0; b < 4; ++b) bits |= std::uint32_t(std::uint8_t(bytes[i * 4 + std::size_t(b)])) << (8 * b);
      std::memcpy(&net.params_[i], &bits, 4);
    }
    return net;
  }
  return chess::Error{name + ": " + std::to_string(bytes.size()) +
                      " bytes is no unquantised (768->N)x2->1 network (f32 l0w, l0b, l1w, l1b: 4 x (771 N + 1) bytes)"};
}

}  // namespace tuner
