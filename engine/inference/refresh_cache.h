// A cache of accumulators for networks with king buckets ("Finny tables"): for each perspective,
// king bucket and mirror side, the sums of the pieces last seen with that view. A king move that
// changes its perspective's bucket or side refreshes from that entry by the pieces that differ,
// rather than from the biases with every piece on the board.
#pragma once

#include <cstdint>
#include <vector>

#include "core/position.h"
#include "nnue/features.h"
#include "nnue/network.h"

namespace nnue {

// What the refreshes of one search cost: how many there were and the rows they added or
// subtracted, beside the rows a refresh from scratch would have added.
struct RefreshStats {
  std::uint64_t king_moves = 0;  // moves of a king, on a network with king buckets
  std::uint64_t refreshes = 0;   // of a perspective whose bucket or side changed
  std::uint64_t rows = 0;        // added or subtracted through the cache
  std::uint64_t rows_from_scratch = 0;
};

class RefreshCache {
 public:
  explicit RefreshCache(const Network& net);

  // `perspective`'s sums of `pos`, whose view of it is `view`, into `out` (`net.stride` long).
  void refresh(const chess::Position& pos, chess::Color perspective, PerspectiveView view, std::int16_t* out);
  RefreshStats& stats() { return stats_; }
  const RefreshStats& stats() const { return stats_; }

 private:
  struct Entry {
    std::vector<std::int16_t> values;
    chess::Bitboard pieces[chess::COLOR_NB][chess::PIECE_TYPE_NB] = {};  // those `values` hold
  };
  Entry& entry(chess::Color perspective, PerspectiveView view);

  const Network* net_;
  std::vector<Entry> entries_;  // perspective x king bucket x mirror side
  RefreshStats stats_;
};

}  // namespace nnue
