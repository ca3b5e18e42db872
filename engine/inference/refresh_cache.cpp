#include "refresh_cache.h"

#include <algorithm>

#include "row_updates.h"

namespace nnue {

namespace {

constexpr int MIRROR_SIDES = 2;
constexpr int MAX_PIECES = 64;  // a square each, whatever the board

}  // namespace

RefreshCache::RefreshCache(const Network& net) : net_(&net) {
  entries_.resize(std::size_t(chess::COLOR_NB * net.arch.king_bucket_count * MIRROR_SIDES));
  for (Entry& e : entries_) e.values = net.l0b;  // the empty board's sums
}

RefreshCache::Entry& RefreshCache::entry(chess::Color perspective, PerspectiveView view) {
  const int bucket = view.base / PIECE_FEATURES;
  const int mirrored = (view.square_xor & 7) != 0 ? 1 : 0;
  return entries_[std::size_t((int(perspective) * net_->arch.king_bucket_count + bucket) * MIRROR_SIDES + mirrored)];
}

void RefreshCache::refresh(const chess::Position& pos, chess::Color perspective, PerspectiveView view, std::int16_t* out) {
  Entry& e = entry(perspective, view);
  const std::int16_t* adds[MAX_PIECES];
  const std::int16_t* subs[MAX_PIECES];
  int add_count = 0, sub_count = 0;
  for (chess::Color c : {chess::WHITE, chess::BLACK})
    for (int t = chess::PAWN; t <= chess::KING; ++t) {
      const chess::Bitboard now = pos.pieces(c, chess::PieceType(t)), before = e.pieces[c][t];
      const chess::Piece piece = chess::make_piece(c, chess::PieceType(t));
      for (chess::Bitboard b = now & ~before; b; b &= b - 1)
        adds[add_count++] = net_->feature_row(feature_index(view, perspective, piece, chess::Square(__builtin_ctzll(b))));
      for (chess::Bitboard b = before & ~now; b; b &= b - 1)
        subs[sub_count++] = net_->feature_row(feature_index(view, perspective, piece, chess::Square(__builtin_ctzll(b))));
      e.pieces[c][t] = now;
    }
  update_rows(e.values.data(), e.values.data(), adds, add_count, subs, sub_count, net_->stride);
  std::copy(e.values.begin(), e.values.end(), out);
  ++stats_.refreshes;
  stats_.rows += std::uint64_t(add_count + sub_count);
  stats_.rows_from_scratch += std::uint64_t(__builtin_popcountll(pos.pieces()));
}

}  // namespace nnue
