// Turns clocks into a soft limit (do not start another iteration after it) and a hard limit
// (abort the search), measured from the moment "go" arrived.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "core/types.h"
#include "limits.h"

namespace search {

class TimeManager {
 public:
  using Clock = std::chrono::steady_clock;

  // `managed` is the version's time-management switch: without it the engine spends a flat
  // 1/40 of its clock per move and only stops when that is used up.
  void start(const SearchLimits& limits, chess::Color us, bool managed, int move_overhead_ms);
  std::int64_t elapsed_ms() const;
  // The search's time starts again now (ponderhit: the time before was the opponent's). Safe to
  // call from another thread than the search's.
  void restart() { start_ticks_.store(Clock::now().time_since_epoch().count(), std::memory_order_relaxed); }
  bool past_hard_limit() const { return hard_ms_ >= 0 && elapsed_ms() >= hard_ms_; }
  bool past_soft_limit() const { return soft_ms_ >= 0 && elapsed_ms() >= soft_ms_; }
  std::int64_t soft_ms() const { return soft_ms_; }
  std::int64_t hard_ms() const { return hard_ms_; }

 private:
  std::atomic<Clock::rep> start_ticks_{0};
  std::int64_t soft_ms_ = -1;
  std::int64_t hard_ms_ = -1;
};

}  // namespace search
