// The layer stack of `(768xKhm->N)x2->pairwise->(16->32->1)x8` in floats for one sample, forward
// and backward, as bullet's 4_multi_layer.rs computes it: each perspective's pre-activations a
// through CReLU, the pairwise products h_i = c(a_i) c(a_(i+N/2)), x = [h_us; h_them], then the
// output bucket's 16 -> SCReLU -> 32 -> SCReLU -> 1.
#pragma once

#include "network_training/float_network.h"

namespace tuner {

struct StackPass {
  std::vector<float> x;  // N: the pairwise products, the side to move's first
  float z1[nnue::STACK_HIDDEN_1], s1[nnue::STACK_HIDDEN_1];
  float z2[nnue::STACK_HIDDEN_2], s2[nnue::STACK_HIDDEN_2];
  std::vector<float> dx;  // N: the loss's gradient by x
};

// The output of bucket `bucket` from the pre-activations `us` and `them` (N each).
float stack_forward(const FloatNetwork& net, int bucket, const float* us, const float* them, StackPass& p);
// With d(loss)/d(output) = g: adds the stack's weight gradients into `gradient` (the whole
// parameter array's) and writes d(loss)/d(pre-activation) of each side into `d_us`, `d_them`.
void stack_backward(const FloatNetwork& net, int bucket, const float* us, const float* them, float g, StackPass& p,
                    float* gradient, float* d_us, float* d_them);

}  // namespace tuner
