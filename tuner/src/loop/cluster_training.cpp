#include "loop/cluster_training.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <thread>

#include "cluster/slurm.h"
#include "loop/loop_step.h"
#include "process/stop_request.h"
#include "settings/key_values.h"

namespace tuner {

namespace fs = std::filesystem;

chess::Result<std::string> submit_training(const ClusterTraining& t) {
  std::error_code ec;
  fs::create_directories(t.dir, ec);
  if (ec) return chess::Error{t.dir + ": cannot create the training job's folder: " + ec.message()};
  const fs::path script_path = fs::path(t.dir) / "train.sh";
  std::ofstream script(script_path);
  script << "#!/bin/bash\n"
         << "# A generation's training of tuner loop, as one job.\n"
         << "#SBATCH --job-name=" << harness::job_name(loop_step_name(LoopStep::TRAIN), t.dir) << "\n"
         << "#SBATCH --output=" << (fs::path(t.dir) / "train-%A.log").string() << "\n";
  if (!t.partition.empty()) script << "#SBATCH --partition=" << t.partition << "\n";
  script << "exec " << harness::shell_quoted(t.tuner_path) << " nnue --config " << harness::shell_quoted(t.config) << " --db "
         << harness::shell_quoted(t.db) << " --out " << harness::shell_quoted(t.out) << (t.resume ? " --resume" : "") << "\n";
  script.close();
  if (!script) return chess::Error{script_path.string() + ": cannot write the training job's script"};
  return harness::submit_array(script_path.string(), {1});
}

chess::Result<bool> wait_for_job(const std::string& job, std::ostream& out) {
  out << "Training as Slurm job " << job << std::endl;
  for (;;) {
    if (harness::stop_requested() != harness::StopRequest::NONE) {
      CHESS_RETURN_IF_ERROR(harness::cancel_jobs({job}));
      return false;
    }
    auto active = harness::active_tasks({job});
    CHESS_RETURN_IF_ERROR(active);
    if (active->empty()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
}

}  // namespace tuner
