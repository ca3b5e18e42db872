// Networks with output buckets and mirrored king buckets for tests, written and evaluated here
// from bullet's description of its progression examples (2_output_buckets.rs and
// 3_input_buckets.rs), independent of engine/nnue: the file as l0w [bucket block][feature][neuron],
// l0b, l1w [output bucket][2N], l1b [output bucket], i16 little-endian, padded to 64 bytes with
// "bullet"; features and buckets worked out square by square; the output in 64-bit integers.
#pragma once

#include <cstdint>
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
inline int bucketed_feature(const BucketedReference& net, int side, int king, int piece_colour, int piece_type, int square) {
  int rank = square / 8, file = square % 8, king_rank = king / 8, king_file = king % 8;
  if (side == 1) rank = 7 - rank, king_rank = 7 - king_rank;
  int block = 0;
  if (net.king_buckets > 0) {
    const bool mirrored = king_file >= 4;
    if (mirrored) file = 7 - file, king_file = 7 - king_file;
    block = net.king_map[std::size_t(king_rank * 4 + king_file)];
  }
  return block * 768 + (piece_colour == side ? 0 : 384) + 64 * piece_type + rank * 8 + file;
}

// Centipawns for the side to move: bullet's integer pipeline, with the bucket of the piece count.
inline int bucketed_evaluate(const BucketedReference& net, const chess::Position& pos) {
  std::vector<std::int64_t> acc[2];
  for (int side = 0; side < 2; ++side) {
    acc[side].assign(net.l0b.begin(), net.l0b.end());
    const int king = int(pos.king_square(chess::Color(side)));
    for (int s = 0; s < 64; ++s) {
      const chess::Piece p = pos.piece_on(chess::Square(s));
      if (p == chess::NO_PIECE) continue;
      const int f = bucketed_feature(net, side, king, int(chess::color_of(p)), int(chess::type_of(p)) - int(chess::PAWN), s);
      for (int i = 0; i < net.hidden; ++i) acc[side][std::size_t(i)] += net.l0w[std::size_t(f * net.hidden + i)];
    }
  }
  int pieces = 0;
  for (int s = 0; s < 64; ++s) pieces += pos.piece_on(chess::Square(s)) != chess::NO_PIECE;
  const int bucket = (pieces - 2) / 4;
  const int us = int(pos.side_to_move());
  std::int64_t sum = 0;
  for (int half = 0; half < 2; ++half)
    for (int i = 0; i < net.hidden; ++i) {
      const std::int64_t a = acc[half == 0 ? us : 1 - us][std::size_t(i)];
      const std::int64_t c = a < 0 ? 0 : a > 255 ? 255 : a;
      sum += c * c * net.l1w[std::size_t(bucket * 2 * net.hidden + half * net.hidden + i)];
    }
  return int((sum / 255 + net.l1b[std::size_t(bucket)]) * 400 / (255 * 64));
}

}  // namespace testing_support
