#include "launch/run_door.h"

#include <memory>

#include "run/datagen_live_output.h"

namespace harness {

namespace {

// Whether a stored configuration is `config`'s run: the same but for the concurrency, the
// openings digest (a changed book is refused when the run goes on, by name) and the
// measurements the stored run adopted.
bool same_run(const MatchConfig& config, const MatchConfig& stored) {
  MatchConfig probe = config;
  probe.concurrency = stored.concurrency;
  probe.openings_digest = stored.openings_digest;
  probe.adopt_measurements(stored);
  return stored.to_json() == probe.to_json();
}

template <typename Runner>
PlayedRun played(Runner& runner, MatchStatus status, std::size_t engines) {
  PlayedRun out{std::move(status), runner.match_tally(), {}};
  for (std::size_t i = 0; i < engines; ++i) out.engines.push_back(runner.engine_tally(i));
  return out;
}

PlayedRun play_here(MatchConfig config, RunInputs inputs, Database& db, std::int64_t run_id, const RunPlay& how,
                    std::ostream& out) {
  const std::size_t engines = config.engines.size();
  DatagenLiveOutput datagen(config.concurrency);
  LiveOutput* output = how.output ? how.output : config.datagen ? &datagen : nullptr;  // null: the harness's own lines
  MatchRunner runner(std::move(config), std::move(inputs), db, run_id, output);
  if (how.events) runner.events_to(*how.events);
  if (how.resume_with) runner.resume_with(*how.resume_with);
  MatchStatus status = runner.run(out);
  return played(runner, std::move(status), engines);
}

PlayedRun play_on_cluster(MatchConfig config, Database& db, std::int64_t run_id, const ClusterSettings& settings,
                          std::ostream& out) {
  const std::size_t engines = config.engines.size();
  ClusterRunner runner(std::move(config), db, run_id, settings);
  MatchStatus status = runner.run(out);
  return played(runner, std::move(status), engines);
}

}  // namespace

chess::Result<std::int64_t> create_run(Database& db, const MatchConfig& config) {
  if (config.shard.active()) db.use_rollback_journal();
  return db.create_run(config.run_kind(), config.to_json());
}

chess::Result<std::int64_t> find_run(Database& db, const MatchConfig& config, StoredRuns which,
                                     const std::function<bool(const RunRow&)>& also) {
  auto runs = db.runs();
  CHESS_RETURN_IF_ERROR(runs);
  for (auto it = runs->rbegin(); it != runs->rend(); ++it) {
    if (which == StoredRuns::UNFINISHED && it->status == RunStatus::FINISHED) continue;
    auto stored = MatchConfig::from_json(it->config);
    if (stored && same_run(config, *stored) && (!also || also(*it))) return it->id;
  }
  return std::int64_t{0};
}

PlayedRun play_run(MatchConfig config, RunInputs inputs, Database& db, std::int64_t run_id, const RunPlay& how,
                   std::ostream& out) {
  if (config.shard.active()) db.use_rollback_journal();
  PlayedRun result = how.cluster ? play_on_cluster(std::move(config), db, run_id, *how.cluster, out)
                                 : play_here(std::move(config), std::move(inputs), db, run_id, how, out);
  if (result.status.kind == MatchStatus::FAILED) {
    if (auto marked = db.update_run(run_id, RunStatus::FAILED, result.status.error + "\n"); !marked)
      result.status.error += " (and the run could not be marked failed: " + marked.error() + ")";
  }
  return result;
}

chess::Result<RunTally> stored_tally(Database& db, std::int64_t run_id, const MatchConfig& config) {
  auto results = db.game_results(run_id);
  CHESS_RETURN_IF_ERROR(results);
  RunTally tally(config);
  for (const auto& [index, result] : *results) tally.add(index, result);
  return tally;
}

}  // namespace harness
