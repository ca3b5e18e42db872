// EngineOutputCounts: what the engines of a run said wrong this session, counted per engine
// from each stored game (moves other than their PV's first, faults of their info lines, mate
// scores of the opponent's sign) and the moves a confirmed ponder search made; the warning
// lines of the run's summary are written from them.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "engines/engine_config.h"
#include "record/game_record.h"
#include "record/pv_warning.h"
#include "run/schedule.h"

namespace harness {

class EngineOutputCounts {
 public:
  explicit EngineOutputCounts(std::size_t engines);
  // A stored game of `spec` (its colours tell whose each move was).
  void add(const GameRecord& g, const GameSpec& spec);
  // "Warning: ..." lines, one per engine and kind of fault, each ending in a newline.
  std::string warning_lines(const std::vector<EngineConfig>& engines) const;
  // "Ponder: N of M moves this session came from a ponder hit".
  std::string ponder_line() const;

 private:
  std::vector<int> pv_mismatches_;                     // moves that were not its PV's first
  std::vector<std::array<int, PV_FAULTS>> pv_faults_;  // per fault (record/pv_warning.h)
  std::vector<int> mate_sign_mismatches_;              // mate scores of its opponent's sign
  int ponder_hits_ = 0, moves_ = 0;
};

}  // namespace harness
