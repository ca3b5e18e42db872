#include "network/network_trainer.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "data/parallel_shares.h"

// Float8 values pass between this file's own functions only (all internal, most inlined), so a
// build without AVX, which passes them differently, has no ABI to keep: its warning is off here.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace tuner {

namespace {

constexpr float EVAL_SCALE = float(nnue::SCALE);

// Eight floats as one value (GCC's and Clang's vector extension: AVX registers where the build
// has them, pairs of SSE registers otherwise). Rows are summed a block of registers at a time,
// so a block stays in registers across all of a sample's features.
using Float8 = float __attribute__((vector_size(32)));
constexpr int BLOCK = 8;  // Float8 values a block keeps in registers: 64 floats

Float8 load8(const float* p) {
  Float8 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
void store8(float* p, Float8 v) { __builtin_memcpy(p, &v, sizeof v); }

// out = bias + the rows of `features` (each seen through `map`), `width` Float8 values from `at`.
template <int WIDTH, class Map>
void sum_rows_block(const FloatNetwork& net, const TrainingSample& s, Map map, float* __restrict out, int at) {
  Float8 r[WIDTH];
  for (int j = 0; j < WIDTH; ++j) r[j] = load8(net.l0b() + at + 8 * j);
  for (int k = 0; k < s.count; ++k) {
    const float* row = net.feature_row(map(s.features[std::size_t(k)])) + at;
    for (int j = 0; j < WIDTH; ++j) r[j] += load8(row + 8 * j);
  }
  for (int j = 0; j < WIDTH; ++j) store8(out + at + 8 * j, r[j]);
}

template <class Map>
void sum_rows(const FloatNetwork& net, const TrainingSample& s, Map map, float* __restrict out) {
  const int n = net.hidden();
  int at = 0;
  for (; at + 8 * BLOCK <= n; at += 8 * BLOCK) sum_rows_block<BLOCK>(net, s, map, out, at);
  for (; at < n; at += 16) sum_rows_block<2>(net, s, map, out, at);
}

// The gradient rows of one sub-batch: each feature's row gets the sum of the pre-activation
// gradients `d` of the samples where it is active, added in registers a block at a time and
// stored once, rather than read and written once per sample.
template <int WIDTH>
void accumulate_block(float* __restrict row, const float* __restrict d, const std::uint32_t* entries, std::uint32_t count,
                      int n, int at) {
  Float8 r[WIDTH];
  for (int j = 0; j < WIDTH; ++j) r[j] = load8(row + at + 8 * j);
  for (std::uint32_t e = 0; e < count; ++e) {
    const float* from = d + std::size_t(entries[e]) * std::size_t(n) + std::size_t(at);
    for (int j = 0; j < WIDTH; ++j) r[j] += load8(from + 8 * j);
  }
  for (int j = 0; j < WIDTH; ++j) store8(row + at + 8 * j, r[j]);
}

void accumulate_row(float* row, const float* d, const std::uint32_t* entries, std::uint32_t count, int n) {
  int at = 0;
  for (; at + 8 * BLOCK <= n; at += 8 * BLOCK) accumulate_block<BLOCK>(row, d, entries, count, n, at);
  for (; at < n; at += 16) accumulate_block<2>(row, d, entries, count, n, at);
}

constexpr auto SAME = [](std::uint16_t f) { return f; };
constexpr auto OTHER = [](std::uint16_t f) { return other_perspective(f); };

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

Float8 clamp01(Float8 a) {
  const Float8 zero = {}, one = zero + 1.0f;
  const Float8 low = a > zero ? a : zero;
  return low < one ? low : one;
}

// sum_i clamp(acc_i, 0, 1)^2 x w_i, in Float8 partial sums added in a fixed order.
float screlu_dot(const float* __restrict acc, const float* __restrict w, int n) {
  Float8 part[2] = {};
  for (int i = 0; i < n; i += 16)
    for (int j = 0; j < 2; ++j) {
      const Float8 c = clamp01(load8(acc + i + 8 * j));
      part[j] += c * c * load8(w + i + 8 * j);
    }
  const Float8 sum = part[0] + part[1];
  float total = 0;
  for (int j = 0; j < 8; ++j) total += sum[j];
  return total;
}

// Both perspectives' pre-activations of a sample, and the network's output.
float forward(const FloatNetwork& net, const TrainingSample& s, float* __restrict us, float* __restrict them) {
  const int n = net.hidden();
  sum_rows(net, s, SAME, us);
  sum_rows(net, s, OTHER, them);
  return net.l1b() + screlu_dot(us, net.l1w(), n) + screlu_dot(them, net.l1w() + n, n);
}

float target(const TrainingSample& s, float wdl) { return wdl * s.result + (1.0f - wdl) * sigmoid(s.score / EVAL_SCALE); }

// d(loss)/d(pre-activation) of one half: g x w_i x 2 acc_i inside (0, 1), else 0; and the output
// weights' gradient g x clamp(acc_i)^2.
void backward_half(const float* __restrict acc, const float* __restrict w, float g, float* __restrict d,
                   float* __restrict grad_w, int n) {
  const Float8 zero = {}, one = zero + 1.0f, gv = zero + g;
  for (int i = 0; i < n; i += 8) {
    const Float8 a = load8(acc + i);
    const Float8 c = clamp01(a);
    store8(grad_w + i, load8(grad_w + i) + gv * c * c);
    const Float8 slope = gv * load8(w + i) * 2.0f * a;
    store8(d + i, a > zero && a < one ? slope : zero);
  }
}

}  // namespace

NetworkTrainer::NetworkTrainer(FloatNetwork net, AdamWSettings adam, int threads)
    : net_(std::move(net)), adam_(adam), threads_(std::max(1, threads)) {
  state_.momentum.assign(net_.size(), 0.0f);
  state_.velocity.assign(net_.size(), 0.0f);
  workspaces_.resize(std::size_t(threads_));
  const std::size_t n = std::size_t(net_.hidden());
  for (Workspace& w : workspaces_) {
    w.gradient.assign(net_.size(), 0.0f);
    w.us.assign(n, 0.0f), w.them.assign(n, 0.0f);
    w.d.assign(sub_batch() * 2 * n, 0.0f);
    w.starts.assign(nnue::INPUTS + 1, 0);
    w.entries.assign(sub_batch() * 64, 0);
  }
}

std::size_t NetworkTrainer::sub_batch() const { return std::max<std::size_t>(16, std::size_t(16384 / net_.hidden())); }

void NetworkTrainer::train_sub_batch(Workspace& w, const TrainingSample* batch, std::size_t count, float scale, float wdl) {
  const int n = net_.hidden();
  float* grad = w.gradient.data();
  float* grad_l0b = grad + net_.l0b_offset();
  float* grad_l1w = grad + net_.l1w_offset();
  std::fill(w.starts.begin(), w.starts.end(), 0u);
  for (std::size_t i = 0; i < count; ++i) {
    const TrainingSample& s = batch[i];
    float* d_us = w.d.data() + 2 * i * std::size_t(n);
    float* d_them = d_us + n;
    const float p = sigmoid(forward(net_, s, w.us.data(), w.them.data()));
    const float error = p - target(s, wdl);
    w.loss += double(error) * double(error);
    const float g = 2.0f * error * p * (1.0f - p) * scale;
    grad[net_.l1b_offset()] += g;
    backward_half(w.us.data(), net_.l1w(), g, d_us, grad_l1w, n);
    backward_half(w.them.data(), net_.l1w() + n, g, d_them, grad_l1w + n, n);
    for (int k = 0; k < n; ++k) grad_l0b[k] += d_us[k] + d_them[k];
    for (int k = 0; k < s.count; ++k) {
      ++w.starts[s.features[std::size_t(k)] + 1u];
      ++w.starts[other_perspective(s.features[std::size_t(k)]) + 1u];
    }
  }
  // Each feature's entries (2i: sample i's own perspective, 2i + 1: the other), in sample order.
  for (int f = 0; f < nnue::INPUTS; ++f) w.starts[std::size_t(f) + 1] += w.starts[std::size_t(f)];
  std::vector<std::uint32_t>& next = w.next;
  next.assign(w.starts.begin(), w.starts.end() - 1);
  for (std::size_t i = 0; i < count; ++i)
    for (int k = 0; k < batch[i].count; ++k) {
      w.entries[next[batch[i].features[std::size_t(k)]]++] = std::uint32_t(2 * i);
      w.entries[next[other_perspective(batch[i].features[std::size_t(k)])]++] = std::uint32_t(2 * i + 1);
    }
  for (int f = 0; f < nnue::INPUTS; ++f) {
    const std::uint32_t first = w.starts[std::size_t(f)], last = w.starts[std::size_t(f) + 1];
    if (last > first) accumulate_row(grad + std::size_t(f) * std::size_t(n), w.d.data(), w.entries.data() + first, last - first, n);
  }
}

void NetworkTrainer::restore(FloatNetwork net, AdamWState state) {
  net_ = std::move(net);
  state_ = std::move(state);
}

double NetworkTrainer::train_batch(const TrainingSample* batch, std::size_t count, float lr, float wdl) {
  const float scale = 1.0f / float(count);
  parallel_shares(count, threads_, [&](std::size_t first, std::size_t last, std::size_t t) {
    Workspace& w = workspaces_[t];
    std::fill(w.gradient.begin(), w.gradient.end(), 0.0f);
    w.loss = 0;
    for (std::size_t at = first; at < last; at += sub_batch())
      train_sub_batch(w, batch + at, std::min(sub_batch(), last - at), scale, wdl);
  });
  adamw(lr);
  double loss = 0;
  for (const Workspace& w : workspaces_) loss += w.loss;
  return loss / double(count);
}

void NetworkTrainer::adamw(float lr) {
  const AdamWSettings a = adam_;
  parallel_shares(net_.size(), threads_, [&](std::size_t first, std::size_t last, std::size_t) {
    float* p = net_.params();
    float* m = state_.momentum.data();
    float* v = state_.velocity.data();
    for (std::size_t i = first; i < last; ++i) {
      float g = 0;
      for (const Workspace& w : workspaces_) g += w.gradient[i];
      p[i] *= 1.0f - a.decay * lr;
      m[i] = a.beta1 * m[i] + (1.0f - a.beta1) * g;
      v[i] = a.beta2 * v[i] + (1.0f - a.beta2) * g * g;
      p[i] -= lr * m[i] / (std::sqrt(v[i]) + a.epsilon);
      p[i] = std::clamp(p[i], -a.clip, a.clip);
    }
  });
}

double NetworkTrainer::mean_loss(const std::vector<TrainingSample>& data, float wdl) {
  if (data.empty()) return 0;
  parallel_shares(data.size(), threads_, [&](std::size_t first, std::size_t last, std::size_t t) {
    Workspace& w = workspaces_[t];
    double loss = 0;
    for (std::size_t b = first; b < last; ++b) {
      const float error = sigmoid(forward(net_, data[b], w.us.data(), w.them.data())) - target(data[b], wdl);
      loss += double(error) * double(error);
    }
    w.loss = loss;
  });
  double loss = 0;
  for (const Workspace& w : workspaces_) loss += w.loss;
  return loss / double(data.size());
}

}  // namespace tuner
