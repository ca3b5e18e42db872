// A stored run's status, declared once: the word the runs table keeps for each, read back by one
// parser. The words are the ones every database has held; a run is created RUNNING.
#pragma once

#include <string>

#include "core/result.h"

namespace harness {

enum class RunStatus {
  RUNNING,   // being played or trained (or its process was killed): resume goes on with it
  FINISHED,  // played to its end
  STOPPED,   // stopped before its end (a stop request, games that could not be played): resumable
  FAILED,    // ended by an error the summary names: resumable once it is mended
  UNKNOWN,   // a word this harness does not know (a newer one stored it); it has no name
};
inline constexpr int RUN_STATUSES = int(RunStatus::UNKNOWN);  // the statuses with a name

// "running", "finished", "stopped", "failed"; UNKNOWN: "unknown".
const char* run_status_name(RunStatus status);
// The status of a stored word; an unknown word is an error that names it.
chess::Result<RunStatus> parse_run_status(const std::string& word);

}  // namespace harness
