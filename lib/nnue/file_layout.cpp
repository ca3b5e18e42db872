#include "file_layout.h"

namespace nnue {

namespace {

constexpr double DEFAULT_CLIP = WEIGHT_CLIP;
constexpr double FACTORISED_CLIP = WEIGHT_CLIP / 2;  // l0w and its factoriser each, so their sum stays within the clip

std::size_t size(int n) { return std::size_t(n); }

// l0w and l0b: the feature transformer, shared by every architecture.
void add_feature_transformer(const Architecture& a, std::vector<TensorLayout>& t) {
  const double clip = a.inputs == InputSet::KING_BUCKETS_MIRRORED ? FACTORISED_CLIP : DEFAULT_CLIP;
  t.push_back({"l0w", TensorType::I16, size(a.input_features()) * size(a.hidden), QA, clip});
  t.push_back({"l0b", TensorType::I16, size(a.hidden), QA, DEFAULT_CLIP});
}

// One output per bucket of both perspectives' 2N activations.
void add_output_layer(const Architecture& a, std::vector<TensorLayout>& t) {
  const std::size_t buckets = size(a.output_buckets());
  t.push_back({"l1w", TensorType::I16, buckets * 2 * size(a.hidden), QB, DEFAULT_CLIP});
  t.push_back({"l1b", TensorType::I16, buckets, QA * QB, DEFAULT_CLIP});
}

// The pairwise products (N values) into 16, then 32, then 1, per bucket; only l1w quantised.
void add_layer_stack(const Architecture& a, std::vector<TensorLayout>& t) {
  const std::size_t buckets = size(OUTPUT_BUCKETS), h1 = size(STACK_HIDDEN_1), h2 = size(STACK_HIDDEN_2);
  t.push_back({"l1w", TensorType::I8, buckets * h1 * size(a.hidden), QB, DEFAULT_CLIP});
  t.push_back({"l1b", TensorType::F32, buckets * h1, 1, DEFAULT_CLIP});
  t.push_back({"l2w", TensorType::F32, buckets * h2 * h1, 1, DEFAULT_CLIP});
  t.push_back({"l2b", TensorType::F32, buckets * h2, 1, DEFAULT_CLIP});
  t.push_back({"l3w", TensorType::F32, buckets * h2, 1, DEFAULT_CLIP});
  t.push_back({"l3b", TensorType::F32, buckets, 1, DEFAULT_CLIP});
}

}  // namespace

std::size_t type_bytes(TensorType t) {
  switch (t) {
    case TensorType::I8: return 1;
    case TensorType::I16: return 2;
    case TensorType::F32: return 4;
  }
  return 0;
}

std::vector<TensorLayout> file_tensors(const Architecture& a) {
  std::vector<TensorLayout> t;
  add_feature_transformer(a, t);
  if (a.output == OutputLayer::LAYER_STACK)
    add_layer_stack(a, t);
  else
    add_output_layer(a, t);
  return t;
}

std::size_t layout_value_bytes(const Architecture& a) {
  std::size_t bytes = 0;
  for (const TensorLayout& t : file_tensors(a)) bytes += t.count * type_bytes(t.type);
  return bytes;
}

std::size_t layout_file_bytes(const Architecture& a) {
  return (layout_value_bytes(a) + FILE_ALIGNMENT - 1) / FILE_ALIGNMENT * FILE_ALIGNMENT;
}

}  // namespace nnue
