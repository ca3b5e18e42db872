// BisectStore: the steps of a bisect (a run of kind "bisect"): which commit each step tested,
// the stored run that decided it, and its verdict. A step whose verdict is empty was being
// played when the bisect stopped; `harness bisect --resume` goes on from there.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/connection.h"

namespace harness {

struct BisectStepRow {
  int step = 0;
  std::string commit;   // 40 hex digits
  std::string verdict;  // "good", "bad", "undecided" (an SPRT step tried again), or "" while it is played
  std::int64_t run_id = 0;
  std::string detail;  // how sure the step was, and what it found
};

class BisectStore {
 public:
  explicit BisectStore(Connection& connection) : c_(connection) {}
  chess::Result<bool> save_bisect_step(std::int64_t bisect_run, const BisectStepRow& step);
  // Oldest first.
  chess::Result<std::vector<BisectStepRow>> bisect_steps(std::int64_t bisect_run);

 private:
  Connection& c_;
};

}  // namespace harness
