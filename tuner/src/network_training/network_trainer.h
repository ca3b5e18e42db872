// The training step: forward and backward passes over a batch on several threads, each into its
// own gradient (summed in a fixed order, so a run is the same for the same thread count), then
// AdamW as bullet runs it (decoupled decay, no bias correction, weights clipped). Loss per
// position: (sigmoid(output) - target)^2, target = wdl x result + (1 - wdl) x sigmoid(score / 400);
// gradients are means over the batch.
//
// Hand-written loops rather than a tensor library: the input layer is sparse (about 30 of 768
// features per perspective), so a step only touches the rows of the active features, and the
// loops over a row are written for the compiler to vectorise.
#pragma once

#include <cstdint>
#include <vector>

#include "network_training/float_network.h"
#include "network_training/layer_stack_pass.h"
#include "network_training/training_samples.h"

namespace tuner {

struct AdamWSettings {
  float beta1 = 0.9f;
  float beta2 = 0.999f;
  float epsilon = 1e-8f;
  float decay = 0.01f;
  float clip = 1.98f;  // every parameter stays within +-clip (l0w and l0f each within half, with king buckets)
};

// The optimiser's moments, one of each per parameter.
struct AdamWState {
  std::vector<float> momentum, velocity;
};

// One AdamW step of every parameter of `net` by `gradient` (one value per parameter), each
// tensor's values clipped to its share of the clip: one parallel pass over the whole parameter
// array, each thread's share walking the tensors it overlaps.
void adamw_step(FloatNetwork& net, AdamWState& state, const float* gradient, AdamWSettings a, float lr, int threads);

class NetworkTrainer {
 public:
  NetworkTrainer(FloatNetwork net, AdamWSettings adam, int threads);

  // The bytes a trainer of `arch` on `threads` threads allocates: 4 a parameter for the weights,
  // for each of AdamW's two moments and for each thread's gradient; with king buckets, l0w merged
  // with the factoriser; and each thread's scratch (a sub-batch's gradients and feature lists).
  static std::uint64_t memory_bytes(const nnue::Architecture& arch, int threads);

  // One step over `count` samples at learning rate `lr`; the batch's mean loss.
  double train_batch(const TrainingSample* batch, std::size_t count, float lr, float wdl);
  // The mean loss over `data` (no step).
  double mean_loss(const std::vector<TrainingSample>& data, float wdl);

  const FloatNetwork& network() const { return net_; }
  const AdamWState& optimiser() const { return state_; }
  // Continues from a checkpoint's weights and moments (sizes as this trainer's).
  void restore(FloatNetwork net, AdamWState state);

 private:
  // A sample's input rows for each perspective (in the architecture's numbering) and its output bucket.
  struct SampleInputs {
    std::uint16_t us[32], them[32];
    int count = 0, bucket = 0;
  };
  struct alignas(64) Workspace {  // a cache line of its own: threads write only their own
    std::vector<float> gradient;  // one per parameter
    std::vector<float> us, them;
    std::vector<float> d;  // a sub-batch's pre-activation gradients: sample i's at 2i (its own side), 2i + 1
    std::vector<std::uint32_t> starts, next, entries;  // each feature's entries of `d`, in sample order
    std::vector<SampleInputs> inputs;  // the sub-batch's
    StackPass stack;
    double loss = 0;
  };
  SampleInputs inputs_of(const TrainingSample& s) const;
  // The rows the forward pass reads: l0w, with the factoriser added to each bucket's block.
  const float* input_rows() const { return net_.factorised() ? effective_l0w_.data() : net_.params(); }
  void merge_factoriser();
  float forward(const SampleInputs& in, float* us, float* them, StackPass& stack) const;
  void backward(Workspace& w, const SampleInputs& in, float g, float* d_us, float* d_them);
  // Samples whose gradients are kept before they are added to the rows (128 KiB of them: measured
  // fastest at N = 128 and 256 among 32 to 512 KiB).
  std::size_t sub_batch() const;
  void train_sub_batch(Workspace& w, const TrainingSample* batch, std::size_t count, float scale, float wdl);
  // The threads' gradients summed into the first workspace's, the factoriser's included.
  void sum_gradients();
  void adamw(float lr);

  FloatNetwork net_;
  std::vector<float> effective_l0w_;  // with king buckets: l0w + the factoriser, for this batch
  AdamWSettings adam_;
  AdamWState state_;
  int threads_;
  std::vector<Workspace> workspaces_;
};

}  // namespace tuner
