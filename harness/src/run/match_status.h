// MatchStatus: how a session of a run ended, as the runners (MatchRunner, ClusterRunner) and
// the door (launch/run_door.h) hand it back, and the exit status a command gives for it.
#pragma once

#include <string>

namespace harness {

struct MatchStatus {
  // INCOMPLETE: every game was tried, but some could not start (their engines did not start or
  // get ready in time); the run is stopped, and resume plays those.
  // HELD: another process that is still running plays the run; nothing was played or changed.
  enum Kind { FINISHED, INTERRUPTED, INCOMPLETE, FAILED, HELD } kind = FINISHED;
  std::string error;  // FAILED, INCOMPLETE, HELD: why
};

// The process's exit status for a run that ended so: 0 finished, 130 interrupted, 3 incomplete
// (FAILED and HELD are reported by the caller, with status 2).
int exit_status(const MatchStatus& status);

}  // namespace harness
