// Shard merge: shard databases (harness match --shard K/N, or a cluster's tasks) combined into
// one run whose games, and so whose statistics, are those of the unsharded run over the same
// pairs. Shards of different configurations or engine binaries are refused before anything
// is written; a shard that cannot be read is reported and its readable games are used;
// merging the same shards again adds nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "run/match_config.h"
#include "storage/database.h"

namespace harness {

// One shard run found in a shard database.
struct ShardRun {
  std::string path;
  std::int64_t run_id = 0;
  MatchConfig config;
  std::vector<std::pair<std::string, std::string>> engines;  // name, checksum
  int games = 0;                                             // finished games stored
};

struct MergeResult {
  std::int64_t run_id = 0;  // the merged run in the output database
  int shards = 0;           // shard runs read
  int copied = 0, present = 0, unreadable = 0;
  std::vector<std::string> problems;  // shards that could not be read (fully), one line each
  int games = 0, total = 0;           // games the merged run holds, and its schedule's
  std::string summary;
};

// The shard runs in one shard database. An unreadable file is an error. `one_shard`: the
// database of a cluster run of one shard, whose task plays the whole run (shard 1/1, which a
// run stores as no shard).
chess::Result<std::vector<ShardRun>> read_shard_runs(const std::string& path, bool one_shard = false);

struct MergeOptions {
  // The run to merge into (a cluster run); 0: the output's run with the shards' configuration,
  // created if there is none.
  std::int64_t into_run = 0;
  // After an SPRT decision: only these game indices belong to the run.
  const std::vector<int>* only = nullptr;
  // The configuration the shards must have (a cluster run's); unset: the first shard's.
  std::optional<MatchConfig> expected;
  // A cluster run of one shard (read_shard_runs).
  bool one_shard = false;
};

chess::Result<MergeResult> merge_shards(Database& out, const std::vector<std::string>& shard_paths, const MergeOptions& options);

// A configuration as merged runs compare it: unsharded, at concurrency 1.
std::string merge_key(const MatchConfig& config);

}  // namespace harness
