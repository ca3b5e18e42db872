// The networks past the first one, described once for the engine and the trainer alike: the
// inputs (bullet's Chess768, or its mirrored king buckets), the hidden size and the output
// (one output, eight material buckets, or a pairwise layer stack of eight buckets). The grammar
// that names an architecture in configurations, manifests and on the command line is
//
//   (768->N)x2->1                                 the simple network
//   (768->N)x2->1x8                               output buckets by material
//   (768xKhm->N)x2->1x8                           mirrored king buckets as well
//   (768xKhm->N)x2->pairwise->(16->32->1)x8       and a layer stack after a pairwise product
//
// N a multiple of 16 from 16 to 2048; K the number of buckets of the king-bucket map.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "layout.h"

namespace nnue {

enum class InputSet { CHESS768, KING_BUCKETS_MIRRORED };
enum class OutputLayer { SINGLE, MATERIAL_BUCKETS, LAYER_STACK };

inline constexpr int PIECE_FEATURES = INPUTS;  // Chess768: one block of features per king bucket
inline constexpr int OUTPUT_BUCKETS = 8;    // bullet's MaterialCount<8>
inline constexpr int STACK_HIDDEN_1 = 16;   // the layer stack's first layer, per bucket
inline constexpr int STACK_HIDDEN_2 = 32;   // its second
inline constexpr int KING_MAP_ENTRIES = 32;  // the king's square on files a-d, by rank from its own side

// For each square of files a-d (rank by rank from the perspective's own first rank), the bucket
// of a king there; the king on files e-h takes the bucket of its mirror square.
using KingBucketMap = std::array<std::uint8_t, KING_MAP_ENTRIES>;

// The map of bullet's examples/progression/3_input_buckets.rs: ten buckets.
inline constexpr KingBucketMap DEFAULT_KING_BUCKETS = {
    0, 1, 2, 3,  //
    4, 4, 5, 5,  //
    6, 6, 6, 6,  //
    7, 7, 7, 7,  //
    8, 8, 8, 8,  //
    8, 8, 8, 8,  //
    9, 9, 9, 9,  //
    9, 9, 9, 9};

struct Architecture {
  InputSet inputs = InputSet::CHESS768;
  int hidden = 0;  // N, neurons per perspective
  OutputLayer output = OutputLayer::SINGLE;
  KingBucketMap king_buckets{};  // with KING_BUCKETS_MIRRORED only
  int king_bucket_count = 1;     // K: 1 for Chess768

  int input_features() const { return PIECE_FEATURES * king_bucket_count; }
  int output_buckets() const { return output == OutputLayer::SINGLE ? 1 : OUTPUT_BUCKETS; }
  // The architecture's name in the grammar above.
  std::string spec() const;
  bool operator==(const Architecture&) const = default;
};

// The architecture `spec` names; `map` is the king-bucket map given with it (empty: the default
// map). An error names the part of the spec that is wrong.
chess::Result<Architecture> parse_architecture(std::string_view spec, const std::vector<int>& map = {});

// A king-bucket map of 32 numbers: buckets numbered from 0 with none left out.
chess::Result<KingBucketMap> parse_king_buckets(const std::vector<int>& numbers);
// The number of buckets of a map (its largest bucket + 1).
int bucket_count(const KingBucketMap& map);

// The simple network of `hidden` neurons.
Architecture simple_architecture(int hidden);

}  // namespace nnue
