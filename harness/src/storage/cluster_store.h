// ClusterStore: where a run played on Slurm keeps its shard databases, and the jobs that play them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/connection.h"

namespace harness {

struct ClusterJobRow {
  std::int64_t run_id = 0;
  std::string dir;  // the shared folder: job script, configuration, shard databases, logs
  int shards = 0;
  std::vector<std::string> job_ids;  // every array job submitted for the run, oldest first
  bool decided = false;              // an SPRT decided: only the `counted` games belong to the run
  std::vector<int> counted;          // the game indices the decision counted
};

class ClusterStore {
 public:
  explicit ClusterStore(Connection& connection) : c_(connection) {}
  chess::Result<bool> save_cluster_job(const ClusterJobRow& job);
  chess::Result<std::optional<ClusterJobRow>> cluster_job(std::int64_t run_id);

 private:
  Connection& c_;
};

}  // namespace harness
