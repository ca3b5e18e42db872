// Slurm: the commands the workbench gives a Slurm cluster (sbatch, squeue, scancel, sinfo), run
// through process/, the only code that starts programs. Each error says what Slurm answered.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

// Checks that sbatch is installed and the controller answers; the error says which is not so.
chess::Result<bool> slurm_reachable();
// Submits `script` as a job array of these task ids; returns the job id.
chess::Result<std::string> submit_array(const std::string& script, const std::vector<int>& tasks);
// Cancels every task of the jobs; tasks that already ended are no error.
chess::Result<bool> cancel_jobs(const std::vector<std::string>& job_ids);
// The array task ids of the jobs that are pending, running or ending.
chess::Result<std::vector<int>> active_tasks(const std::vector<std::string>& job_ids);
// The name of a job whose files are in `folder`: "workbench-KIND-" and a digest of the folder's
// path, the same in every session. A job that was submitted but not recorded (its submitter was
// killed in between) is found again by its name, not submitted twice.
std::string job_name(const std::string& kind, const std::string& folder);
// The ids of the jobs of this name that are pending, running or ending.
chess::Result<std::vector<std::string>> active_jobs_named(const std::string& name);
// "1,3,5-8": Slurm's --array form of a list of task ids.
std::string array_spec(std::vector<int> tasks);

}  // namespace harness
