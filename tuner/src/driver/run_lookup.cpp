#include "driver/run_lookup.h"

#include <vector>

#include "process/process_identity.h"

namespace tuner {

chess::Result<bool> claim_tuner_run(TunerDatabase& db, std::int64_t run_id) {
  auto holder = db.claim_run(run_id, harness::this_process(), harness::is_running);
  CHESS_RETURN_IF_ERROR(holder);
  if (!*holder) return true;
  const harness::ProcessIdentity& p = (*holder)->process;
  return chess::Error{"run " + std::to_string(run_id) + " is being trained by process " + std::to_string(p.pid) + " on " +
                      p.host + " (since " + (*holder)->since +
                      "): a second process would train it twice. Wait for it to end, or stop it and resume"};
}

chess::Result<std::int64_t> claim_resumable_run(TunerDatabase& db, const harness::KindAndMethod& kind,
                                                const std::string& config_text) {
  auto runs = db.runs();
  CHESS_RETURN_IF_ERROR(runs);
  for (auto it = runs->rbegin(); it != runs->rend(); ++it)
    if (harness::KindAndMethod(it->kind, it->method) == kind && it->status != harness::RunStatus::FINISHED &&
        it->config == config_text) {
      CHESS_RETURN_IF_ERROR(claim_tuner_run(db, it->id));
      return it->id;
    }
  return chess::Error{"--resume: no unfinished " + harness::run_kind_word(kind) + " run with this configuration in " + db.path()};
}

chess::Result<std::int64_t> create_claimed_run(TunerDatabase& db, const harness::KindAndMethod& kind,
                                               const std::string& config_text) {
  auto created = db.create_run(kind, config_text);
  CHESS_RETURN_IF_ERROR(created);
  CHESS_RETURN_IF_ERROR(claim_tuner_run(db, *created));
  return created;
}

chess::Result<std::int64_t> find_or_create_run(TunerDatabase& db, const harness::KindAndMethod& kind,
                                               const std::string& config_text, bool resume) {
  if (!resume) return create_claimed_run(db, kind, config_text);
  auto run_id = claim_resumable_run(db, kind, config_text);
  CHESS_RETURN_IF_ERROR(run_id);
  // A resumed run is running again, not "stopped" (or "running" from before a kill -9).
  CHESS_RETURN_IF_ERROR(db.update_run(*run_id, harness::RunStatus::RUNNING, ""));
  return run_id;
}

}  // namespace tuner
