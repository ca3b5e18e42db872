// ClusterRunner: plays a match or tournament run on a Slurm cluster. The run's pairs are split
// into shards (one job array task each, `harness cluster task`), each writing a database of its
// own in a folder every node sees. The runner watches those databases, prints the combined
// results as they come in, takes an SPRT decision on the combined finished pairs (and then
// cancels the remaining tasks), and merges the shards into the run at the end. Run again on the
// same run, it resubmits only shards with missing pairs, or watches a job still running.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "run/match_runner.h"
#include "run/run_tally.h"
#include "run/schedule.h"
#include "storage/database.h"

namespace harness {

struct ClusterSettings {
  std::string dir;  // shared folder: job script, configuration, shard databases, logs
  int shards = 2;
  std::string partition;
  std::vector<std::string> sbatch_args;  // written into the job script as #SBATCH lines
  std::string harness_path;              // the harness binary that the tasks run
  int poll_ms = 1000;
};

class ClusterRunner {
 public:
  ClusterRunner(MatchConfig config, Database& db, std::int64_t run_id, ClusterSettings settings);
  MatchStatus run(std::ostream& out);

  Tally match_tally() const { return tally_.match_tally(); }
  Tally engine_tally(std::size_t i) const { return tally_.engine_tally(i); }

 private:
  bool shard_added_ = false;            // read_shards found a new game
  std::string shard_path(int k) const;  // k from 1
  chess::Result<bool> write_job_files() const;
  // Shards (from 1) whose database lacks some of their games.
  std::vector<int> shards_with_missing_games() const;
  // Reads the shard databases that changed; true if a game was added.
  // Reads every shard that changed since the last poll; true if a game was added.
  bool read_shards();
  // One shard's games of this run; false if the file could not be read (being written).
  bool read_shard(Database& shard);
  MatchStatus submit_and_watch(std::ostream& out);
  chess::Result<bool> watch(std::ostream& out);
  MatchStatus merge(std::ostream& out);

  MatchConfig config_;
  Database& db_;
  std::int64_t run_id_;
  ClusterSettings settings_;
  ClusterJobRow job_;
  Schedule schedule_;
  std::map<int, std::string> results_;             // game index -> result, all shards
  std::map<std::string, long long> shard_stamps_;  // shard file -> size and time last read
  RunTally tally_;
  bool interrupted_ = false;
};

}  // namespace harness
