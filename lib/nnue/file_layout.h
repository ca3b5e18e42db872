// The quantised file of each architecture, as bullet's SavedFormat list of its progression
// example writes it: the tensors in order, each little-endian, with no header, then padding to
// 64 bytes. The one table of the layout: the trainer writes by it, the engine reads by it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "architecture.h"

namespace nnue {

enum class TensorType { I8, I16, F32 };

struct TensorLayout {
  std::string name;   // bullet's: l0w, l0b, l1w, l1b, l2w, l2b, l3w, l3b
  TensorType type;
  std::size_t count;  // values
  int scale;          // the quantisation factor (1 for f32, stored as it is)
  // The float weights are clipped to +-clip in training (0.99 for a bucketed l0w, whose
  // factoriser is merged into it at save).
  double clip;
};

// The tensors of `a`'s file in the order they are written.
std::vector<TensorLayout> file_tensors(const Architecture& a);
std::size_t type_bytes(TensorType t);
// Bytes of the values, and of the file padded to FILE_ALIGNMENT.
std::size_t layout_value_bytes(const Architecture& a);
std::size_t layout_file_bytes(const Architecture& a);

}  // namespace nnue
