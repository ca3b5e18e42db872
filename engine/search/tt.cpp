#include "tt.h"

#include <algorithm>

namespace search {

void TranspositionTable::resize(std::size_t megabytes) {
  std::size_t count = std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Bucket));
  buckets_.assign(count, Bucket{});
}

void TranspositionTable::clear() {
  std::fill(buckets_.begin(), buckets_.end(), Bucket{});
  generation_ = 0;
}

const TTEntry* TranspositionTable::probe(chess::Key key) const {
  const Bucket& b = bucket(key);
  if (b.by_depth.bound() != Bound::NONE && b.by_depth.key == key) return &b.by_depth;
  if (b.always.bound() != Bound::NONE && b.always.key == key) return &b.always;
  return nullptr;
}

void TranspositionTable::store(chess::Key key, chess::Move move, int score, int depth, Bound bound, int eval) {
  Bucket& b = bucket(key);
  TTEntry entry{key,
                move.raw(),
                std::int16_t(score),
                std::int16_t(eval),
                std::int8_t(std::clamp(depth, -1, 127)),
                std::uint8_t(std::uint8_t(bound) | generation_ << 2)};
  // Keep the old move and evaluation when the new entry lacks them for the same position.
  const TTEntry* same = b.by_depth.key == key ? &b.by_depth : b.always.key == key ? &b.always : nullptr;
  if (same && move.is_none()) entry.move = same->move;
  if (same && eval == TTEntry::NO_EVAL) entry.eval = same->eval;
  bool stale = b.by_depth.generation() != generation_;
  if (b.by_depth.bound() == Bound::NONE || stale || depth >= b.by_depth.depth || b.by_depth.key == key)
    b.by_depth = entry;
  else
    b.always = entry;
}

int TranspositionTable::hashfull() const {
  int used = 0, sampled = 0;
  for (std::size_t i = 0; i < std::min<std::size_t>(500, buckets_.size()); ++i) {
    for (const TTEntry* e : {&buckets_[i].by_depth, &buckets_[i].always}) {
      ++sampled;
      used += e->bound() != Bound::NONE && e->generation() == generation_;
    }
  }
  return sampled ? used * 1000 / sampled : 0;
}

}  // namespace search
