// LiveOutput: what a run tells its user as it goes. The harness prints its own lines
// (HarnessLiveOutput); the fastchess and cutechess-cli front ends print those programs' lines.
// Every call comes from the runner's one collecting thread, in order, never from a game's.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "events/event_kinds.h"
#include "process/stop_request.h"
#include "record/game_record.h"
#include "record/run_status.h"
#include "run/run_tally.h"
#include "run/schedule.h"
#include "stats/sprt.h"

namespace harness {

// Where the run stands after a game was stored.
struct RunProgress {
  int done = 0;                 // games stored, this session and before
  int total = 0;                // games this run (or shard) plays
  int played_this_session = 0;  // of them, stored since this session started
  double elapsed_seconds = 0;   // this session
  std::int64_t positions = 0;   // a datagen run sized by positions: the scored positions its stored games hold
  std::int64_t positions_target = 0;  // and its target (0: sized by games)
};

// "harness resume 12", with "--db PATH" when the run is not in the default database: the
// command that goes on with it, exactly as it can be typed.
std::string resume_command(std::int64_t run_id, const std::string& db_path);

// How a session of the run ended, for the closing lines.
struct RunEnding {
  enum Kind { FINISHED, INTERRUPTED, INCOMPLETE } kind = FINISHED;
  std::int64_t run_id = 0;
  std::string resume;                          // resume_command of the run
  std::string summary;                         // the results block and notes, as stored with the run
  std::string stop_reason;                     // "SPRT: H1 was accepted", or empty
  SprtDecision sprt = SprtDecision::CONTINUE;  // what stopped the run, when the SPRT did
  std::string unplayed;                        // INCOMPLETE: which games were not played and why
  int done = 0, total = 0, discarded = 0;
  // Games that ended but are not the run's: after its SPRT decision or past its positions target,
  // or held back behind a game that was not played (resume plays those again).
  int left_out = 0;
  std::string cpu_line;  // FINISHED: the harness's own time and CPU
};

// The run_end event's status after a session that ended so.
inline RunEndStatus end_status(RunEnding::Kind kind) {
  switch (kind) {
    case RunEnding::FINISHED: return RunEndStatus::FINISHED;
    case RunEnding::INTERRUPTED: return RunEndStatus::INTERRUPTED;
    case RunEnding::INCOMPLETE: return RunEndStatus::INCOMPLETE;
  }
  return RunEndStatus::INCOMPLETE;
}

// The run's stored status after a session that ended so: finished, or stopped (resumable).
inline RunStatus stored_status(RunEnding::Kind kind) {
  return kind == RunEnding::FINISHED ? RunStatus::FINISHED : RunStatus::STOPPED;
}

class LiveOutput {
 public:
  virtual ~LiveOutput() = default;
  virtual void resuming(std::ostream& out, std::int64_t run_id, int done, int total) = 0;
  virtual void game_started(std::ostream& out, const GameSpec& spec, int total) = 0;
  // After the game was stored; `tally` includes it.
  virtual void game_stored(std::ostream& out, const GameRecord& game, const RunTally& tally, const RunProgress& progress) = 0;
  // A game whose engines did not start: it stays unplayed; `resume` plays it.
  virtual void game_unplayed(std::ostream& out, const std::string& resume, int game_index, const std::string& why) = 0;
  virtual void stopping(std::ostream& out, StopRequest level) = 0;
  virtual void ended(std::ostream& out, const RunTally& tally, const RunEnding& ending) = 0;
  // Whether the user would read a "Started game" event (the runner queues none otherwise).
  virtual bool wants_starts() const { return false; }
};

// "1:02:03": hours, minutes and seconds, as the progress lines give elapsed and remaining time.
std::string clock_text(double seconds);
// Whether standard output is a terminal (progress then rewrites one line).
bool on_terminal();

// The harness's own lines: one per game with the running score (a progress line on a terminal),
// the results block at the end, and how to resume a stopped run.
class HarnessLiveOutput : public LiveOutput {
 public:
  void resuming(std::ostream& out, std::int64_t run_id, int done, int total) override;
  void game_started(std::ostream&, const GameSpec&, int) override {}
  void game_stored(std::ostream& out, const GameRecord& game, const RunTally& tally, const RunProgress& progress) override;
  void game_unplayed(std::ostream& out, const std::string& resume, int game_index, const std::string& why) override;
  void stopping(std::ostream& out, StopRequest level) override;
  void ended(std::ostream& out, const RunTally& tally, const RunEnding& ending) override;
};

}  // namespace harness
