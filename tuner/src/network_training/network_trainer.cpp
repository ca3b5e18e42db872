#include "network_training/network_trainer.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>

#include "data/parallel_shares.h"
#include "network_training/float_lanes.h"
#include "nnue/features.h"

namespace tuner {

namespace {

constexpr float EVAL_SCALE = float(nnue::SCALE);
constexpr int BLOCK = 8;  // Float8 values a block keeps in registers: 64 floats

// Samples whose gradients a thread keeps before adding them to the rows: 128 KiB of them.
std::size_t samples_per_sub_batch(int hidden) { return std::max<std::size_t>(16, std::size_t(16384 / hidden)); }

// Float8 values pass by value from here to backward_half: see float_lanes.h.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

// out = bias + the rows of `rows`, `WIDTH` Float8 values from `at`. Rows are summed a block of
// registers at a time, so a block stays in registers across all of a sample's features.
template <int WIDTH>
void sum_rows_block(const float* l0, const float* bias, const std::uint16_t* rows, int count, int n, float* __restrict out, int at) {
  Float8 r[WIDTH];
  for (int j = 0; j < WIDTH; ++j) r[j] = load8(bias + at + 8 * j);
  for (int k = 0; k < count; ++k) {
    const float* row = l0 + std::size_t(rows[k]) * std::size_t(n) + std::size_t(at);
    for (int j = 0; j < WIDTH; ++j) r[j] += load8(row + 8 * j);
  }
  for (int j = 0; j < WIDTH; ++j) store8(out + at + 8 * j, r[j]);
}

void sum_rows(const float* l0, const float* bias, const std::uint16_t* rows, int count, int n, float* __restrict out) {
  int at = 0;
  for (; at + 8 * BLOCK <= n; at += 8 * BLOCK) sum_rows_block<BLOCK>(l0, bias, rows, count, n, out, at);
  for (; at < n; at += 16) sum_rows_block<2>(l0, bias, rows, count, n, out, at);
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

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// sum_i clamp(acc_i, 0, 1)^2 x w_i, in Float8 partial sums added in a fixed order.
float screlu_dot(const float* __restrict acc, const float* __restrict w, int n) {
  Float8 part[2] = {};
  for (int i = 0; i < n; i += 16)
    for (int j = 0; j < 2; ++j) {
      const Float8 c = clamp01(load8(acc + i + 8 * j));
      part[j] += c * c * load8(w + i + 8 * j);
    }
  return lane_sum(part[0] + part[1]);
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

#pragma GCC diagnostic pop

// bullet's AdamW on parameters [first, last), each kept within +-clip.
void adamw_update(AdamWSettings a, float lr, float clip, std::size_t first, std::size_t last, const float* __restrict g,
                  float* __restrict p, float* __restrict m, float* __restrict v) {
  for (std::size_t i = first; i < last; ++i) {
    p[i] *= 1.0f - a.decay * lr;
    m[i] = a.beta1 * m[i] + (1.0f - a.beta1) * g[i];
    v[i] = a.beta2 * v[i] + (1.0f - a.beta2) * g[i] * g[i];
    p[i] -= lr * m[i] / (std::sqrt(v[i]) + a.epsilon);
    p[i] = std::clamp(p[i], -clip, clip);
  }
}

// The relative square of a perspective's own king from its Chess768 features. Every sample has
// both kings: every reader refuses a board without one king a side (Position::from_setup, or the
// same check on the bitboards of a bulletformat board).
int own_king(const std::uint16_t* features, int count, bool theirs) {
  const int first = nnue::chess768_feature(theirs ? 1 : 0, int(chess::KING) - int(chess::PAWN), 0);
  for (int k = 0; k < count; ++k)
    if (features[k] >= first && features[k] < first + 64) return theirs ? nnue::other_perspective(features[k]) - nnue::OWN_KING_FEATURE : features[k] - first;
  assert(false && "a sample without its king");
  return 0;
}

}  // namespace

void adamw_step(FloatNetwork& net, AdamWState& state, const float* gradient, AdamWSettings a, float lr, int threads) {
  parallel_shares(net.size(), threads, [&](std::size_t first, std::size_t last, std::size_t) {
    for (const FloatTensor& t : net.tensors()) {
      const std::size_t from = std::max(first, t.offset), to = std::min(last, t.offset + t.count);
      if (from >= to) continue;
      adamw_update(a, lr, a.clip * t.clip_share, from, to, gradient, net.params(), state.momentum.data(), state.velocity.data());
    }
  });
}

std::uint64_t NetworkTrainer::memory_bytes(const nnue::Architecture& arch, int threads) {
  constexpr std::uint64_t FLOAT = sizeof(float), INDEX = sizeof(std::uint32_t);
  const std::uint64_t params = FloatNetwork::parameter_count(arch), n = std::uint64_t(arch.hidden);
  const std::uint64_t features = std::uint64_t(arch.input_features()), sub = samples_per_sub_batch(arch.hidden);
  const std::uint64_t merged_l0w = arch.inputs == nnue::InputSet::KING_BUCKETS_MIRRORED ? features * n : 0;
  // us, them and the stack's x and dx; d; starts and next; entries; the sub-batch's inputs.
  const std::uint64_t scratch =
      FLOAT * (4 * n + sub * 2 * n) + INDEX * (2 * features + 1 + sub * 64) + sub * sizeof(SampleInputs);
  return FLOAT * (3 * params + merged_l0w) + std::uint64_t(std::max(1, threads)) * (FLOAT * params + scratch);
}

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
    w.starts.assign(std::size_t(net_.arch().input_features()) + 1, 0);
    w.entries.assign(sub_batch() * 64, 0);
    w.inputs.resize(sub_batch());
  }
  if (net_.factorised()) effective_l0w_.assign(net_.tensor(TensorId::L0W).count, 0.0f);
}

std::size_t NetworkTrainer::sub_batch() const { return samples_per_sub_batch(net_.hidden()); }

NetworkTrainer::SampleInputs NetworkTrainer::inputs_of(const TrainingSample& s) const {
  SampleInputs in;
  const nnue::Architecture& a = net_.arch();
  in.count = s.count;
  in.bucket = a.output == nnue::OutputLayer::SINGLE ? 0 : nnue::output_bucket(s.count);
  if (a.inputs == nnue::InputSet::CHESS768) {
    for (int k = 0; k < s.count; ++k) {
      in.us[k] = s.features[std::size_t(k)];
      in.them[k] = std::uint16_t(nnue::other_perspective(s.features[std::size_t(k)]));
    }
    return in;
  }
  const nnue::PerspectiveView us = nnue::relative_view(a, own_king(s.features.data(), s.count, false));
  const nnue::PerspectiveView them = nnue::relative_view(a, own_king(s.features.data(), s.count, true));
  for (int k = 0; k < s.count; ++k) {
    const int f = s.features[std::size_t(k)];
    in.us[k] = std::uint16_t(nnue::bucketed_feature(us, f));
    in.them[k] = std::uint16_t(nnue::bucketed_feature(them, nnue::other_perspective(f)));
  }
  return in;
}

void NetworkTrainer::merge_factoriser() {
  if (!net_.factorised()) return;
  const std::size_t block = net_.tensor(TensorId::L0F).count;
  const float* l0w = net_.params();
  const float* l0f = net_.at(TensorId::L0F);
  parallel_shares(std::size_t(net_.arch().king_bucket_count), threads_, [&](std::size_t first, std::size_t last, std::size_t) {
    for (std::size_t b = first; b < last; ++b)
      for (std::size_t i = 0; i < block; ++i) effective_l0w_[b * block + i] = l0w[b * block + i] + l0f[i];
  });
}

// Both perspectives' pre-activations of a sample, and the network's output.
float NetworkTrainer::forward(const SampleInputs& in, float* us, float* them, StackPass& stack) const {
  const int n = net_.hidden();
  sum_rows(input_rows(), net_.l0b(), in.us, in.count, n, us);
  sum_rows(input_rows(), net_.l0b(), in.them, in.count, n, them);
  if (net_.arch().output == nnue::OutputLayer::LAYER_STACK) return stack_forward(net_, in.bucket, us, them, stack);
  const float* w = net_.l1w() + std::size_t(in.bucket) * 2 * std::size_t(n);
  return net_.at(TensorId::L1B)[in.bucket] + screlu_dot(us, w, n) + screlu_dot(them, w + n, n);
}

// With d(loss)/d(output) = g: the output layer's gradients, and each side's pre-activation gradients.
void NetworkTrainer::backward(Workspace& w, const SampleInputs& in, float g, float* d_us, float* d_them) {
  const int n = net_.hidden();
  float* grad = w.gradient.data();
  if (net_.arch().output == nnue::OutputLayer::LAYER_STACK) {
    stack_backward(net_, in.bucket, w.us.data(), w.them.data(), g, w.stack, grad, d_us, d_them);
  } else {
    const std::size_t row = std::size_t(in.bucket) * 2 * std::size_t(n);
    float* grad_l1w = grad + net_.l1w_offset() + row;
    grad[net_.l1b_offset() + std::size_t(in.bucket)] += g;
    backward_half(w.us.data(), net_.l1w() + row, g, d_us, grad_l1w, n);
    backward_half(w.them.data(), net_.l1w() + row + std::size_t(n), g, d_them, grad_l1w + n, n);
  }
  float* grad_l0b = grad + net_.l0b_offset();
  for (int k = 0; k < n; ++k) grad_l0b[k] += d_us[k] + d_them[k];
}

void NetworkTrainer::train_sub_batch(Workspace& w, const TrainingSample* batch, std::size_t count, float scale, float wdl) {
  const int n = net_.hidden();
  const std::size_t features = std::size_t(net_.arch().input_features());
  std::fill(w.starts.begin(), w.starts.end(), 0u);
  for (std::size_t i = 0; i < count; ++i) {
    const SampleInputs& in = w.inputs[i] = inputs_of(batch[i]);
    float* d_us = w.d.data() + 2 * i * std::size_t(n);
    const float p = sigmoid(forward(in, w.us.data(), w.them.data(), w.stack));
    const float error = p - target(batch[i], wdl);
    w.loss += double(error) * double(error);
    backward(w, in, 2.0f * error * p * (1.0f - p) * scale, d_us, d_us + n);
    for (int k = 0; k < in.count; ++k) {
      ++w.starts[in.us[k] + 1u];
      ++w.starts[in.them[k] + 1u];
    }
  }
  // Each feature's entries (2i: sample i's own perspective, 2i + 1: the other), in sample order.
  for (std::size_t f = 0; f < features; ++f) w.starts[f + 1] += w.starts[f];
  std::vector<std::uint32_t>& next = w.next;
  next.assign(w.starts.begin(), w.starts.end() - 1);
  for (std::size_t i = 0; i < count; ++i)
    for (int k = 0; k < w.inputs[i].count; ++k) {
      w.entries[next[w.inputs[i].us[k]]++] = std::uint32_t(2 * i);
      w.entries[next[w.inputs[i].them[k]]++] = std::uint32_t(2 * i + 1);
    }
  float* grad = w.gradient.data();
  for (std::size_t f = 0; f < features; ++f) {
    const std::uint32_t first = w.starts[f], last = w.starts[f + 1];
    if (last > first) accumulate_row(grad + f * std::size_t(n), w.d.data(), w.entries.data() + first, last - first, n);
  }
}

void NetworkTrainer::restore(FloatNetwork net, AdamWState state) {
  net_ = std::move(net);
  state_ = std::move(state);
}

double NetworkTrainer::train_batch(const TrainingSample* batch, std::size_t count, float lr, float wdl) {
  const float scale = 1.0f / float(count);
  merge_factoriser();
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

void NetworkTrainer::sum_gradients() {
  float* total = workspaces_[0].gradient.data();
  parallel_shares(net_.size(), threads_, [&](std::size_t first, std::size_t last, std::size_t) {
    for (std::size_t t = 1; t < workspaces_.size(); ++t) {
      const float* g = workspaces_[t].gradient.data();
      for (std::size_t i = first; i < last; ++i) total[i] += g[i];
    }
  });
  if (!net_.factorised()) return;
  // The factoriser's gradient: the sum of l0w's over the buckets (l0w starts the array).
  const std::size_t l0f = net_.offset(TensorId::L0F), block = net_.tensor(TensorId::L0F).count;
  const std::size_t buckets = std::size_t(net_.arch().king_bucket_count);
  parallel_shares(block, threads_, [&](std::size_t first, std::size_t last, std::size_t) {
    for (std::size_t b = 0; b < buckets; ++b)
      for (std::size_t j = first; j < last; ++j) total[l0f + j] += total[b * block + j];
  });
}

void NetworkTrainer::adamw(float lr) {
  sum_gradients();
  adamw_step(net_, state_, workspaces_[0].gradient.data(), adam_, lr, threads_);
}

double NetworkTrainer::mean_loss(const std::vector<TrainingSample>& data, float wdl) {
  if (data.empty()) return 0;
  merge_factoriser();
  parallel_shares(data.size(), threads_, [&](std::size_t first, std::size_t last, std::size_t t) {
    Workspace& w = workspaces_[t];
    double loss = 0;
    for (std::size_t b = first; b < last; ++b) {
      const float error = sigmoid(forward(inputs_of(data[b]), w.us.data(), w.them.data(), w.stack)) - target(data[b], wdl);
      loss += double(error) * double(error);
    }
    w.loss = loss;
  });
  double loss = 0;
  for (const Workspace& w : workspaces_) loss += w.loss;
  return loss / double(data.size());
}

}  // namespace tuner
