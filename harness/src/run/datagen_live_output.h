// The lines of a datagen run: positions stored (moves with a score), their rate and the time
// left, instead of the running score; at the end, how much of the slots' wall time the engines
// spent searching (the rest is the runner's, the database's and the engines' start-ups).
#pragma once

#include <cstdint>

#include "run/live_output.h"

namespace harness {

class DatagenLiveOutput : public HarnessLiveOutput {
 public:
  explicit DatagenLiveOutput(int concurrency) : concurrency_(concurrency) {}
  void game_stored(std::ostream& out, const GameRecord& game, const RunTally& tally, const RunProgress& progress) override;
  void ended(std::ostream& out, const RunTally& tally, const RunEnding& ending) override;

 private:
  int concurrency_;
  std::uint64_t positions_ = 0;  // this session
  std::int64_t search_us_ = 0;   // the engines' time on their moves (go to bestmove), this session
  double elapsed_seconds_ = 0;
};

}  // namespace harness
