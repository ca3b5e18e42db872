// Transposition table: buckets of two entries, one kept by depth (with ageing), one always replaced.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.h"

namespace search {

enum class Bound : std::uint8_t { NONE, UPPER, LOWER, EXACT };

struct TTEntry {
  chess::Key key = 0;
  std::uint16_t move = 0;
  std::int16_t score = 0;
  std::int8_t depth = 0;
  Bound bound = Bound::NONE;
  std::uint8_t generation = 0;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }
  void resize(std::size_t megabytes);
  void clear();
  void new_search() { ++generation_; }
  // The entry for `key`, or nullptr.
  const TTEntry* probe(chess::Key key) const;
  void store(chess::Key key, chess::Move move, int score, int depth, Bound bound);
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
