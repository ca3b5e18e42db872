// What the protocol asked the search for: clocks, fixed limits, or infinite.
#pragma once

#include <cstdint>

namespace search {

struct SearchLimits {
  std::int64_t time_ms[2] = {-1, -1};  // remaining clock per colour, -1 when not given
  std::int64_t increment_ms[2] = {0, 0};
  int moves_to_go = 0;
  std::int64_t move_time_ms = -1;
  int depth = 0;            // 0: no depth limit
  std::uint64_t nodes = 0;  // 0: no node limit
  bool infinite = false;
  bool ponder = false;  // go ponder: no time limit until ponderhit, then the clock's from that moment
};

}  // namespace search
