// tuner loop: generations of self-play, training and a gate match, every step a stored run and
// the loop a run that points to them, resumable in the step it was in.
#pragma once

#include <string>

namespace tuner {

struct LoopCommandOptions {
  std::string config, db, dir;
  int cluster = 0;  // shards of each self-play and match on Slurm (0: here)
  std::string partition, cluster_dir;
  bool resume = false;
  int stop_after_steps = -1;
  std::string events{};  // --events: each step, and the games of its runs, as events
};

// The command's exit status (0, or 130 when interrupted); failures end through harness::fail.
int loop_command(const LoopCommandOptions& o);

}  // namespace tuner
