// Transposition table: buckets of two entries, one kept by depth (with ageing), one always replaced.
// An entry is 16 bytes: the key, the best move, the score, the static evaluation, the depth, and the
// bound and search generation packed into one byte.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.h"

namespace search {

enum class Bound : std::uint8_t { NONE, UPPER, LOWER, EXACT };

struct TTEntry {
  static constexpr int NO_EVAL = -32768;  // the position was in check, or its evaluation was not kept
  chess::Key key = 0;
  std::uint16_t move = 0;
  std::int16_t score = 0;
  std::int16_t eval = NO_EVAL;
  std::int8_t depth = 0;
  std::uint8_t bound_and_generation = 0;  // bound in the low two bits, generation modulo 64 above

  Bound bound() const { return Bound(bound_and_generation & 3); }
  std::uint8_t generation() const { return bound_and_generation >> 2; }
};
static_assert(sizeof(TTEntry) == 16);

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }
  void resize(std::size_t megabytes);
  void clear();
  void new_search() { generation_ = (generation_ + 1) & 63; }
  // The entry for `key`, or nullptr.
  const TTEntry* probe(chess::Key key) const;
  // Starts loading the bucket of `key` into the cache, for a probe soon after.
  void prefetch(chess::Key key) const { __builtin_prefetch(&bucket(key)); }
  void store(chess::Key key, chess::Move move, int score, int depth, Bound bound, int eval = TTEntry::NO_EVAL);
  // Permille of sampled entries written in the current search.
  int hashfull() const;

 private:
  struct Bucket {
    TTEntry by_depth;
    TTEntry always;
  };
  Bucket& bucket(chess::Key key) { return buckets_[key % buckets_.size()]; }
  const Bucket& bucket(chess::Key key) const { return buckets_[key % buckets_.size()]; }
  std::vector<Bucket> buckets_;
  std::uint8_t generation_ = 0;
};

}  // namespace search
