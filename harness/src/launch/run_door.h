// The one door into a run that plays games: every command that plays (match, tournament, the
// fastchess and cutechess-cli front ends, a cluster's run and each of its shards, a bisect's
// steps, datagen, the tuner's games and the network loop's steps) creates, finds and plays its
// run here. The run is played on this machine (MatchRunner) or as Slurm shards (ClusterRunner),
// the two backends of the same door, and a run that fails is marked failed whichever played it.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cluster/cluster_runner.h"
#include "events/event_stream.h"
#include "run/live_output.h"
#include "run/match_config.h"
#include "run/match_runner.h"
#include "run/run_inputs.h"
#include "stats/tally.h"
#include "storage/database.h"

namespace harness {

// How a run is played, beside its configuration.
struct RunPlay {
  // Set: played as Slurm shards with these settings; unset: played here.
  std::optional<ClusterSettings> cluster{};
  // Played here: the lines (null: the harness's own, or the datagen lines for a datagen run).
  LiveOutput* output = nullptr;
  // Played here: also told as events (null: none).
  EventStream* events = nullptr;
  // The command the run's messages give to go on with it; unset: "harness resume N". Empty: the
  // caller plays the run as one step of its own and says how to go on itself.
  std::optional<std::string> resume_with{};
};

// How a run ended, and its tallies.
struct PlayedRun {
  MatchStatus status;
  Tally match;                // the first engine's
  std::vector<Tally> engines; // each engine against the others
};

// Which stored runs find_run looks among.
enum class StoredRuns { UNFINISHED, ANY };

// A new run for `config`, of its kind. A shard's database keeps a rollback journal (it may sit
// on a shared file system), set before the run is written.
chess::Result<std::int64_t> create_run(Database& db, const MatchConfig& config);

// The latest stored run (among `which`, and that `also` accepts when given) whose configuration
// is `config`'s but for its concurrency, the openings digest and the measurements a stored run
// keeps; 0 when there is none. A stored configuration that cannot be read is not that run.
chess::Result<std::int64_t> find_run(Database& db, const MatchConfig& config, StoredRuns which,
                                     const std::function<bool(const RunRow&)>& also = nullptr);

// Plays what is left of run `run_id`. A run that fails is marked "failed" with its error (a
// database that cannot take even that: the error says what to do); a run held by another
// process is left as it is.
PlayedRun play_run(MatchConfig config, RunInputs inputs, Database& db, std::int64_t run_id, const RunPlay& how,
                   std::ostream& out);

// A run's tallies counted again from its stored games (a run played earlier, or several pooled).
chess::Result<RunTally> stored_tally(Database& db, std::int64_t run_id, const MatchConfig& config);

}  // namespace harness
