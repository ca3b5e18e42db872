// A generation's training as one Slurm job: `tuner nnue` on the configuration the loop wrote,
// into the loop's database, submitted and watched until it ends. The loop stores the job's id
// with its step, so that a loop stopped while the job runs watches the same job on resume.
#pragma once

#include <iosfwd>
#include <string>

#include "core/result.h"

namespace tuner {

struct ClusterTraining {
  std::string tuner_path;  // the tuner the job runs
  std::string config, db, out;
  std::string dir;  // the job's script and log
  std::string partition;
  bool resume = false;  // the run exists already: the job goes on with it
};

// Submits the job; its id.
chess::Result<std::string> submit_training(const ClusterTraining& t);
// Waits until the job has ended; false when a stop was requested first (the job is cancelled,
// and tuner nnue stops after its last stored superbatch).
chess::Result<bool> wait_for_job(const std::string& job, std::ostream& out);

}  // namespace tuner
