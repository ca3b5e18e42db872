// LoopStore: the steps of a network loop (a run of kind "tuner-loop"): per generation, the
// self-play, export, training and gate it went through, the stored run each step played or
// trained, and what the step found. A step whose status is "running" was under way when the
// loop stopped; `tuner loop --resume` goes on with its run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/connection.h"

namespace tuner {

struct LoopStepRow {
  int generation = 0;
  std::string step;  // datagen, export, train, gate, measure
  std::int64_t run_id = 0;
  std::string status;  // "running" or "done"
  std::string detail;  // a JSON object
};

class LoopStore {
 public:
  explicit LoopStore(harness::Connection& connection) : c_(connection) {}
  chess::Result<bool> save_loop_step(std::int64_t loop_run, const LoopStepRow& step);
  // By generation, then in the order they were first saved.
  chess::Result<std::vector<LoopStepRow>> loop_steps(std::int64_t loop_run);

 private:
  harness::Connection& c_;
};

}  // namespace tuner
