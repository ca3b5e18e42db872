#include "run/datagen_live_output.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace harness {

void DatagenLiveOutput::game_stored(std::ostream& out, const GameRecord& g, const RunTally&, const RunProgress& p) {
  for (const MoveRecord& m : g.moves) {
    positions_ += m.has_score;
    search_us_ += m.time_us;
  }
  elapsed_seconds_ = p.elapsed_seconds;
  const double rate = p.elapsed_seconds > 0 ? double(positions_) / p.elapsed_seconds : 0;
  char line[200];
  if (p.positions_target > 0) {  // sized by positions: the run's positions against its target
    const double remaining = positions_ > 0 ? p.elapsed_seconds / double(positions_) *
                                                  double(std::max<std::int64_t>(0, p.positions_target - p.positions))
                                            : 0;
    std::snprintf(line, sizeof line, "Games %d (at most %d)  positions %lld/%lld (%.0f/s)  elapsed %s  remaining %s", p.done,
                  p.total, static_cast<long long>(p.positions), static_cast<long long>(p.positions_target), rate,
                  clock_text(p.elapsed_seconds).c_str(), clock_text(remaining).c_str());
  } else {
    const double remaining = p.elapsed_seconds / p.played_this_session * double(p.total - p.done);
    std::snprintf(line, sizeof line, "Games %d/%d  positions %llu (%.0f/s)  elapsed %s  remaining %s", p.done, p.total,
                  static_cast<unsigned long long>(positions_), rate, clock_text(p.elapsed_seconds).c_str(),
                  clock_text(remaining).c_str());
  }
  if (on_terminal())
    out << "\r\033[K" << line << std::flush;
  else
    out << line << "\n" << std::flush;
}

void DatagenLiveOutput::ended(std::ostream& out, const RunTally& tally, const RunEnding& e) {
  HarnessLiveOutput::ended(out, tally, e);
  if (elapsed_seconds_ <= 0) return;
  char line[200];
  std::snprintf(line, sizeof line,
                "Datagen: %llu positions in %.1f s (%.0f/s); the engines searched %.1f %% of the %d slots' time\n",
                static_cast<unsigned long long>(positions_), elapsed_seconds_, double(positions_) / elapsed_seconds_,
                100.0 * double(search_us_) / 1e6 / (elapsed_seconds_ * concurrency_), concurrency_);
  out << line << std::flush;
}

}  // namespace harness
