#include "driver/pinned_data.h"

#include <ostream>

#include "driver/network_training.h"
#include "driver/run_lookup.h"

namespace tuner {

namespace {

std::string pinned_file_text(std::int64_t bytes, const std::string& sha256) {
  return std::to_string(bytes) + " bytes, sha256 " + sha256.substr(0, 16) + "...";
}

// The error for data file `now` that is not `then`, the file run `run_id` began on.
chess::Error changed_data(std::int64_t run_id, const FileDigest& now, const RunDataRow& then) {
  return chess::Error{now.path + ": not the data run " + std::to_string(run_id) + " began with (now " +
                      pinned_file_text(std::int64_t(now.bytes), now.sha256) + "; then " +
                      pinned_file_text(then.bytes, then.sha256) +
                      "): a resume trains only on the data its run began with. Put the file back as it was, or start a "
                      "new run (without --resume)"};
}

}  // namespace

chess::Result<bool> pin_training_data(TunerDatabase& db, std::int64_t run_id, const std::vector<FileDigest>& read,
                                      std::ostream& out) {
  auto pinned = db.run_data(run_id);
  CHESS_RETURN_IF_ERROR(pinned);
  if (pinned->empty()) {
    auto trained = db.generations(run_id);
    CHESS_RETURN_IF_ERROR(trained);
    if (!trained->empty())
      out << "Run " << run_id << " was stored before its data was pinned: its data is pinned now, as read\n";
    std::vector<RunDataRow> rows;
    for (const FileDigest& f : read) rows.push_back({f.path, std::int64_t(f.bytes), f.sha256});
    return db.save_run_data(run_id, rows);
  }
  if (pinned->size() != read.size())
    return chess::Error{"run " + std::to_string(run_id) + " began with " + std::to_string(pinned->size()) +
                        " data files, and its configuration names " + std::to_string(read.size())};
  for (std::size_t i = 0; i < read.size(); ++i) {
    const RunDataRow& then = (*pinned)[i];
    if (then.sha256 != read[i].sha256 || then.bytes != std::int64_t(read[i].bytes)) return changed_data(run_id, read[i], then);
  }
  return true;
}

chess::Result<std::int64_t> begin_training_run(TunerDatabase& db, std::int64_t resumed, const TrainingConfig& config,
                                               const TrainingRun& run, std::ostream& out) {
  if (resumed) {
    CHESS_RETURN_IF_ERROR(pin_training_data(db, resumed, run.data_read(), out));
    // A resumed run is running again, not "stopped" (or "running" from before a kill -9).
    CHESS_RETURN_IF_ERROR(db.update_run(resumed, harness::RunStatus::RUNNING, ""));
    return resumed;
  }
  auto created = create_claimed_run(db, harness::RunKind::TUNER_NNUE, config.source_text);
  CHESS_RETURN_IF_ERROR(created);
  CHESS_RETURN_IF_ERROR(pin_training_data(db, *created, run.data_read(), out));
  return created;
}

}  // namespace tuner
