#include "time_manager.h"

#include <algorithm>

namespace search {

void TimeManager::start(const SearchLimits& limits, chess::Color us, bool managed, int move_overhead_ms) {
  restart();
  soft_ms_ = hard_ms_ = -1;
  if (limits.infinite) return;
  if (limits.move_time_ms >= 0) {
    hard_ms_ = soft_ms_ = std::max<std::int64_t>(1, limits.move_time_ms - move_overhead_ms);
    return;
  }
  const std::int64_t remaining = limits.time_ms[us];
  if (remaining < 0) return;
  const std::int64_t inc = limits.increment_ms[us];
  const std::int64_t usable = std::max<std::int64_t>(1, remaining - move_overhead_ms);
  if (!managed) {
    hard_ms_ = soft_ms_ = std::max<std::int64_t>(1, usable / 40);
    return;
  }
  const int moves_left = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 40) : 30;
  // The move overhead is paid on every move still to play, not once: with a low clock the
  // share shrinks below the increment and the clock grows back instead of running out.
  const std::int64_t time_left =
      std::max<std::int64_t>(1, remaining + inc * (moves_left - 1) - std::int64_t(move_overhead_ms) * (moves_left + 2));
  const std::int64_t share = time_left / moves_left;
  // Never plan to use more than a fifth of what is left, nor, on the last move before a
  // time control, more than half of it.
  hard_ms_ = std::max<std::int64_t>(1, std::min(share * 4, usable / (limits.moves_to_go == 1 ? 2 : 5) + inc / 2));
  hard_ms_ = std::min(hard_ms_, usable);
  soft_ms_ = std::max<std::int64_t>(1, std::min(share * 6 / 10, hard_ms_));
}

std::int64_t TimeManager::elapsed_ms() const {
  const Clock::time_point start{Clock::duration(start_ticks_.load(std::memory_order_relaxed))};
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

}  // namespace search
