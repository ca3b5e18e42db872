#include "record/run_status.h"

#include <array>

namespace harness {

namespace {

struct StatusRow {
  RunStatus status;
  const char* name;
};

// One row per status, in the enum's order: the words the runs table keeps.
constexpr std::array<StatusRow, RUN_STATUSES> RUN_STATUS_ROWS = {{
    {RunStatus::RUNNING, "running"},
    {RunStatus::FINISHED, "finished"},
    {RunStatus::STOPPED, "stopped"},
    {RunStatus::FAILED, "failed"},
}};

}  // namespace

const char* run_status_name(RunStatus status) {
  return status == RunStatus::UNKNOWN ? "unknown" : RUN_STATUS_ROWS[std::size_t(status)].name;
}

chess::Result<RunStatus> parse_run_status(const std::string& word) {
  for (const StatusRow& row : RUN_STATUS_ROWS)
    if (word == row.name) return row.status;
  return chess::Error{"unknown run status '" + word + "'"};
}

}  // namespace harness
