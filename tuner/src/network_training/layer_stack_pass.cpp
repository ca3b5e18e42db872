#include "network_training/layer_stack_pass.h"

#include <algorithm>

#include "network_training/float_lanes.h"

namespace tuner {

namespace {

constexpr int H1 = nnue::STACK_HIDDEN_1, H2 = nnue::STACK_HIDDEN_2;

float clamp_unit(float v) { return std::clamp(v, 0.0f, 1.0f); }
// SCReLU's slope: 2v inside (0, 1), else 0 (bullet's, which PyTorch's clamp matches off the ends).
float screlu_slope(float v) { return v > 0.0f && v < 1.0f ? 2.0f * v : 0.0f; }

// Float8 values pass by value from here to the end of this namespace: see float_lanes.h.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

// One perspective's pairwise products into `x` (N/2 values).
void pairwise(const float* a, int half, float* x) {
  for (int i = 0; i < half; i += 8) store8(x + i, clamp01(load8(a + i)) * clamp01(load8(a + half + i)));
}

// d(loss)/d(a) of one perspective from d(loss)/d(x) of its products.
void pairwise_backward(const float* a, const float* dx, int half, float* d) {
  const Float8 zero = {}, one = zero + 1.0f;
  for (int i = 0; i < half; i += 8) {
    const Float8 lo = load8(a + i), hi = load8(a + half + i), g = load8(dx + i);
    store8(d + i, lo > zero && lo < one ? g * clamp01(hi) : zero);
    store8(d + half + i, hi > zero && hi < one ? g * clamp01(lo) : zero);
  }
}

// One neuron of the first layer with d(loss)/d(z1) = dz1: its weights' gradient `gw` gets
// dz1 x x, and d(loss)/d(x) gets dz1 x its weights `w` (N values each).
void stack_l1_row_backward(float dz1, const float* x, const float* w, float* gw, float* dx, int n) {
  const Float8 dv = Float8{} + dz1;
  for (int i = 0; i < n; i += 8) {
    store8(gw + i, load8(gw + i) + dv * load8(x + i));
    store8(dx + i, load8(dx + i) + dv * load8(w + i));
  }
}

#pragma GCC diagnostic pop

}  // namespace

float stack_forward(const FloatNetwork& net, int bucket, const float* us, const float* them, StackPass& p) {
  const int n = net.hidden(), half = n / 2;
  p.x.resize(std::size_t(n));
  pairwise(us, half, p.x.data());
  pairwise(them, half, p.x.data() + half);
  const float* l1w = net.at(TensorId::L1W) + std::size_t(bucket * H1) * std::size_t(n);
  const float* l1b = net.at(TensorId::L1B) + bucket * H1;
  for (int j = 0; j < H1; ++j) {
    p.z1[j] = dot8(l1w + std::size_t(j) * std::size_t(n), p.x.data(), n) + l1b[j];
    p.s1[j] = clamp_unit(p.z1[j]) * clamp_unit(p.z1[j]);
  }
  const float* l2w = net.at(TensorId::L2W) + bucket * H2 * H1;
  const float* l2b = net.at(TensorId::L2B) + bucket * H2;
  const float* l3w = net.at(TensorId::L3W) + bucket * H2;
  float y = net.at(TensorId::L3B)[bucket];
  for (int k = 0; k < H2; ++k) {
    float z = l2b[k];
    for (int j = 0; j < H1; ++j) z += l2w[k * H1 + j] * p.s1[j];
    p.z2[k] = z;
    p.s2[k] = clamp_unit(z) * clamp_unit(z);
    y += l3w[k] * p.s2[k];
  }
  return y;
}

void stack_backward(const FloatNetwork& net, int bucket, const float* us, const float* them, float g, StackPass& p,
                    float* gradient, float* d_us, float* d_them) {
  const int n = net.hidden(), half = n / 2;
  const float* l1w = net.at(TensorId::L1W) + std::size_t(bucket * H1) * std::size_t(n);
  const float* l2w = net.at(TensorId::L2W) + bucket * H2 * H1;
  const float* l3w = net.at(TensorId::L3W) + bucket * H2;
  auto grad = [&](TensorId id) { return gradient + net.offset(id); };
  float* g_l1w = grad(TensorId::L1W) + std::size_t(bucket * H1) * std::size_t(n);
  float* g_l1b = grad(TensorId::L1B) + bucket * H1;
  float* g_l2w = grad(TensorId::L2W) + bucket * H2 * H1;
  float* g_l2b = grad(TensorId::L2B) + bucket * H2;
  float* g_l3w = grad(TensorId::L3W) + bucket * H2;
  grad(TensorId::L3B)[bucket] += g;
  float ds1[H1] = {};
  for (int k = 0; k < H2; ++k) {
    g_l3w[k] += g * p.s2[k];
    const float dz2 = g * l3w[k] * screlu_slope(p.z2[k]);
    g_l2b[k] += dz2;
    for (int j = 0; j < H1; ++j) {
      g_l2w[k * H1 + j] += dz2 * p.s1[j];
      ds1[j] += dz2 * l2w[k * H1 + j];
    }
  }
  p.dx.assign(std::size_t(n), 0.0f);
  for (int j = 0; j < H1; ++j) {
    const float dz1 = ds1[j] * screlu_slope(p.z1[j]);
    if (dz1 == 0.0f) continue;
    g_l1b[j] += dz1;
    const std::size_t row = std::size_t(j) * std::size_t(n);
    stack_l1_row_backward(dz1, p.x.data(), l1w + row, g_l1w + row, p.dx.data(), n);
  }
  pairwise_backward(us, p.dx.data(), half, d_us);
  pairwise_backward(them, p.dx.data() + half, half, d_them);
}

}  // namespace tuner
