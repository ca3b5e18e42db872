// Networks with output buckets, mirrored king buckets and a layer stack for tests, written and evaluated here
// from bullet's description of its progression examples (2_output_buckets.rs, 3_input_buckets.rs
// and 4_multi_layer.rs), independent of lib/nnue and engine/inference: the file as l0w [bucket block][feature][neuron],
// l0b, then l1w [output bucket][2N], l1b [output bucket], i16 little-endian, or for the layer stack
// l1w i8 [output bucket][16][N] and l1b, l2w, l2b, l3w, l3b as f32; padded to 64 bytes with
// "bullet"; features and buckets worked out square by square; the output of the output buckets in
// 64-bit integers, that of the layer stack in doubles from the dequantised file.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/position.h"

namespace testing_support {

struct BucketedReference {
  int hidden = 0;
  int king_buckets = 0;  // 0: Chess768 inputs
  std::vector<int> king_map;  // 32 entries, files a-d by rank
  std::vector<int> l0w, l0b, l1w, l1b;
};

// The 32-entry map of 3_input_buckets.rs.
inline std::vector<int> bullet_king_map() {
  return {0, 1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9};
}

// A random network: l0 within +-`hidden_range`, l1w within +-`output_range`, l1b within +-`bias_range`.
inline BucketedReference random_bucketed(int hidden, int king_buckets, std::uint32_t seed, int hidden_range = 60,
                                         int output_range = 100, int bias_range = 4000) {
  BucketedReference net;
  net.hidden = hidden;
  net.king_buckets = king_buckets;
  if (king_buckets > 0) net.king_map = bullet_king_map();
  std::mt19937 rng(seed);
  auto draw = [&rng](int range) { return int(rng() % unsigned(2 * range + 1)) - range; };
  const int blocks = king_buckets > 0 ? king_buckets : 1;
  for (int i = 0; i < 768 * blocks * hidden; ++i) net.l0w.push_back(draw(hidden_range));
  for (int i = 0; i < hidden; ++i) net.l0b.push_back(draw(hidden_range * 4));
  for (int i = 0; i < 8 * 2 * hidden; ++i) net.l1w.push_back(draw(output_range));
  for (int i = 0; i < 8; ++i) net.l1b.push_back(draw(bias_range));
  return net;
}

inline std::string bucketed_file_bytes(const BucketedReference& net) {
  std::string out;
  auto put = [&out](int v) {
    const auto u = std::uint16_t(std::int16_t(v));
    out.push_back(char(u & 0xFF));
    out.push_back(char(u >> 8));
  };
  for (int v : net.l0w) put(v);
  for (int v : net.l0b) put(v);
  for (int v : net.l1w) put(v);
  for (int v : net.l1b) put(v);
  const std::string padding = "bullet";
  for (std::size_t i = 0; out.size() % 64 != 0; ++i) out.push_back(padding[i % padding.size()]);
  return out;
}

// The feature of `piece` on `square` seen by `side` whose king stands on `king`, square by square:
// the view turned so that `side` plays up the board, then mirrored when its king is on files e-h.
// `bucketed` false: Chess768, one block and no mirror.
inline int bucketed_feature(bool bucketed, const std::vector<int>& king_map, int side, int king, int piece_colour, int piece_type,
                            int square) {
  int rank = square / 8, file = square % 8, king_rank = king / 8, king_file = king % 8;
  if (side == 1) rank = 7 - rank, king_rank = 7 - king_rank;
  int block = 0;
  if (bucketed) {
    const bool mirrored = king_file >= 4;
    if (mirrored) file = 7 - file, king_file = 7 - king_file;
    block = king_map[std::size_t(king_rank * 4 + king_file)];
  }
  return block * 768 + (piece_colour == side ? 0 : 384) + 64 * piece_type + rank * 8 + file;
}

// Each side's sums made from scratch, White's then Black's: l0b plus, for every piece, the l0w
// row ([feature][N], N = l0b's size) of its feature from that side's view. `bucketed` and
// `king_map` as bucketed_feature takes them.
inline std::array<std::vector<std::int64_t>, 2> reference_accumulators(const std::vector<int>& l0w, const std::vector<int>& l0b,
                                                                     bool bucketed, const std::vector<int>& king_map,
                                                                     const chess::Position& pos) {
  const std::size_t n = l0b.size();
  std::array<std::vector<std::int64_t>, 2> acc;
  for (int side = 0; side < 2; ++side) {
    std::vector<std::int64_t>& sums = acc[std::size_t(side)];
    sums.assign(l0b.begin(), l0b.end());
    const int king = int(pos.king_square(chess::Color(side)));
    for (int s = 0; s < 64; ++s) {
      const chess::Piece p = pos.piece_on(chess::Square(s));
      if (p == chess::NO_PIECE) continue;
      const int type = int(chess::type_of(p)) - int(chess::PAWN);
      const int f = bucketed_feature(bucketed, king_map, side, king, int(chess::color_of(p)), type, s);
      for (std::size_t i = 0; i < n; ++i) sums[i] += l0w[std::size_t(f) * n + i];
    }
  }
  return acc;
}

// Centipawns for the side to move: bullet's integer pipeline, with the bucket of the piece count.
inline int bucketed_evaluate(const BucketedReference& net, const chess::Position& pos) {
  const auto acc = reference_accumulators(net.l0w, net.l0b, net.king_buckets > 0, net.king_map, pos);
  int pieces = 0;
  for (int s = 0; s < 64; ++s) pieces += pos.piece_on(chess::Square(s)) != chess::NO_PIECE;
  const int bucket = (pieces - 2) / 4;
  const int us = int(pos.side_to_move());
  std::int64_t sum = 0;
  for (int half = 0; half < 2; ++half)
    for (int i = 0; i < net.hidden; ++i) {
      const std::int64_t a = acc[std::size_t(half == 0 ? us : 1 - us)][std::size_t(i)];
      const std::int64_t c = a < 0 ? 0 : a > 255 ? 255 : a;
      sum += c * c * net.l1w[std::size_t(bucket * 2 * net.hidden + half * net.hidden + i)];
    }
  return int((sum / 255 + net.l1b[std::size_t(bucket)]) * 400 / (255 * 64));
}

// The layer stack of 4_multi_layer.rs, (768xKhm->N)x2->pairwise->(16->32->1)x8, on the ten king
// buckets of bullet_king_map(): l0 quantised x255 and l1w x64 as the file holds them, the layers
// after l1w's products as the file's f32 values.
inline constexpr int LAYER_STACK_BUCKETS = 8, LAYER_STACK_L1 = 16, LAYER_STACK_L2 = 32;

struct LayerStackReference {
  int hidden = 0;             // N, even
  std::vector<int> king_map;  // 32 entries, files a-d by rank
  std::vector<int> l0w, l0b;  // [768 x K][N], [N]
  std::vector<int> l1w;       // [bucket][16][N]: the side to move's N/2 products, then the other side's
  std::vector<float> l1b;     // [bucket][16]
  std::vector<float> l2w;     // [bucket][32][16]
  std::vector<float> l2b;     // [bucket][32]
  std::vector<float> l3w;     // [bucket][32]
  std::vector<float> l3b;     // [bucket]
};

// A random layer stack: l0w within +-60 and l0b within +-240 (no sum of 32 pieces leaves i16),
// l1w within +-100 (of 64), and floats within +-0.5 (l1b), +-0.6 (l2w), +-0.3 (l2b), +-1 (l3w) and
// +-0.3 (l3b), so that every layer is partly clipped and partly not and evaluations reach hundreds
// of centipawns.
inline LayerStackReference random_layer_stack(int hidden, std::uint32_t seed) {
  LayerStackReference net;
  net.hidden = hidden;
  net.king_map = bullet_king_map();
  const int king_buckets = *std::max_element(net.king_map.begin(), net.king_map.end()) + 1;
  std::mt19937 rng(seed);
  auto draw = [&rng](int range) { return int(rng() % unsigned(2 * range + 1)) - range; };
  auto draw_float = [&rng](double range) { return float(range * double(int(rng() % 20001u) - 10000) / 10000.0); };
  auto fill = [&draw_float](std::vector<float>& v, int count, double range) {
    for (int i = 0; i < count; ++i) v.push_back(draw_float(range));
  };
  for (int i = 0; i < 768 * king_buckets * hidden; ++i) net.l0w.push_back(draw(60));
  for (int i = 0; i < hidden; ++i) net.l0b.push_back(draw(240));
  for (int i = 0; i < LAYER_STACK_BUCKETS * LAYER_STACK_L1 * hidden; ++i) net.l1w.push_back(draw(100));
  fill(net.l1b, LAYER_STACK_BUCKETS * LAYER_STACK_L1, 0.5);
  fill(net.l2w, LAYER_STACK_BUCKETS * LAYER_STACK_L2 * LAYER_STACK_L1, 0.6);
  fill(net.l2b, LAYER_STACK_BUCKETS * LAYER_STACK_L2, 0.3);
  fill(net.l3w, LAYER_STACK_BUCKETS * LAYER_STACK_L2, 1.0);
  fill(net.l3b, LAYER_STACK_BUCKETS, 0.3);
  return net;
}

// l0w, l0b as i16, l1w as i8, then l1b, l2w, l2b, l3w, l3b as the bits of their f32 values, all
// little-endian, padded to 64 bytes with "bullet".
inline std::string layer_stack_file_bytes(const LayerStackReference& net) {
  std::string out;
  auto put = [&out](std::uint32_t bits, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(char((bits >> (8 * i)) & 0xFFu));
  };
  for (int v : net.l0w) put(std::uint32_t(std::uint16_t(std::int16_t(v))), 2);
  for (int v : net.l0b) put(std::uint32_t(std::uint16_t(std::int16_t(v))), 2);
  for (int v : net.l1w) put(std::uint32_t(std::uint8_t(std::int8_t(v))), 1);
  for (const std::vector<float>* layer : {&net.l1b, &net.l2w, &net.l2b, &net.l3w, &net.l3b})
    for (float v : *layer) put(std::bit_cast<std::uint32_t>(v), 4);
  const std::string padding = "bullet";
  for (std::size_t i = 0; out.size() % 64 != 0; ++i) out.push_back(padding[i % padding.size()]);
  return out;
}

// Centipawns for the side to move, 400 x the float forward pass of the dequantised file in
// doubles: each perspective's sums / 255 clipped to [0, 1], the products of its first and second
// halves (side to move first), then per material bucket 16 and 32 neurons of clipped squares and
// one output.
inline double layer_stack_evaluate(const LayerStackReference& net, const chess::Position& pos) {
  const std::size_t n = std::size_t(net.hidden), half = n / 2;
  const auto acc = reference_accumulators(net.l0w, net.l0b, true, net.king_map, pos);
  const int us = int(pos.side_to_move());
  std::vector<double> x(n);
  for (int h = 0; h < 2; ++h) {
    const std::vector<std::int64_t>& a = acc[std::size_t(h == 0 ? us : 1 - us)];
    auto clipped = [&a](std::size_t i) { return std::clamp(double(a[i]) / 255.0, 0.0, 1.0); };
    for (std::size_t i = 0; i < half; ++i) x[std::size_t(h) * half + i] = clipped(i) * clipped(i + half);
  }
  int pieces = 0;
  for (int s = 0; s < 64; ++s) pieces += pos.piece_on(chess::Square(s)) != chess::NO_PIECE;
  const std::size_t bucket = std::size_t((pieces - 2) / 4), l1 = std::size_t(LAYER_STACK_L1), l2 = std::size_t(LAYER_STACK_L2);
  auto squared = [](double z) { const double c = std::clamp(z, 0.0, 1.0); return c * c; };
  std::vector<double> s1(l1), s2(l2);
  for (std::size_t j = 0; j < l1; ++j) {
    double z = double(net.l1b[bucket * l1 + j]);
    for (std::size_t i = 0; i < n; ++i) z += double(net.l1w[(bucket * l1 + j) * n + i]) / 64.0 * x[i];
    s1[j] = squared(z);
  }
  for (std::size_t k = 0; k < l2; ++k) {
    double z = double(net.l2b[bucket * l2 + k]);
    for (std::size_t j = 0; j < l1; ++j) z += double(net.l2w[(bucket * l2 + k) * l1 + j]) * s1[j];
    s2[k] = squared(z);
  }
  double y = double(net.l3b[bucket]);
  for (std::size_t k = 0; k < l2; ++k) y += double(net.l3w[bucket * l2 + k]) * s2[k];
  return 400.0 * y;
}

// Readers of files in those layouts (little-endian; the padding after the values is not read),
// for networks another program wrote: `king_buckets` 0 for Chess768 inputs.
class LittleEndianBytes {
 public:
  explicit LittleEndianBytes(const std::string& bytes) : bytes_(bytes) {}
  std::uint32_t take(int count) {
    std::uint32_t v = 0;
    for (int b = 0; b < count; ++b) v |= std::uint32_t(std::uint8_t(bytes_[at_++])) << (8 * b);
    return v;
  }
  int i16() { return std::int16_t(std::uint16_t(take(2))); }
  int i8() { return std::int8_t(std::uint8_t(take(1))); }
  float f32() {
    const std::uint32_t bits = take(4);
    float v;
    std::memcpy(&v, &bits, 4);
    return v;
  }
  std::size_t at() const { return at_; }

 private:
  const std::string& bytes_;
  std::size_t at_ = 0;
};

inline BucketedReference read_bucketed(const std::string& bytes, int hidden, int king_buckets) {
  BucketedReference net;
  net.hidden = hidden;
  net.king_buckets = king_buckets;
  if (king_buckets > 0) net.king_map = bullet_king_map();
  LittleEndianBytes in(bytes);
  const int blocks = king_buckets > 0 ? king_buckets : 1;
  for (int i = 0; i < 768 * blocks * hidden; ++i) net.l0w.push_back(in.i16());
  for (int i = 0; i < hidden; ++i) net.l0b.push_back(in.i16());
  for (int i = 0; i < 8 * 2 * hidden; ++i) net.l1w.push_back(in.i16());
  for (int i = 0; i < 8; ++i) net.l1b.push_back(in.i16());
  return net;
}

inline LayerStackReference read_layer_stack(const std::string& bytes, int hidden) {
  LayerStackReference net;
  net.hidden = hidden;
  net.king_map = bullet_king_map();
  LittleEndianBytes in(bytes);
  for (int i = 0; i < 768 * 10 * hidden; ++i) net.l0w.push_back(in.i16());
  for (int i = 0; i < hidden; ++i) net.l0b.push_back(in.i16());
  for (int i = 0; i < LAYER_STACK_BUCKETS * LAYER_STACK_L1 * hidden; ++i) net.l1w.push_back(in.i8());
  for (int i = 0; i < LAYER_STACK_BUCKETS * LAYER_STACK_L1; ++i) net.l1b.push_back(in.f32());
  for (int i = 0; i < LAYER_STACK_BUCKETS * LAYER_STACK_L2 * LAYER_STACK_L1; ++i) net.l2w.push_back(in.f32());
  for (int i = 0; i < LAYER_STACK_BUCKETS * LAYER_STACK_L2; ++i) net.l2b.push_back(in.f32());
  for (int i = 0; i < LAYER_STACK_BUCKETS * LAYER_STACK_L2; ++i) net.l3w.push_back(in.f32());
  for (int i = 0; i < LAYER_STACK_BUCKETS; ++i) net.l3b.push_back(in.f32());
  return net;
}

}  // namespace testing_support
