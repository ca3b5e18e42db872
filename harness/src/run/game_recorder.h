// GameRecorder: what becomes of each finished game of a run, and of the run when a session
// ends. A game is stored (with its game_end line owed, in its transaction), written to the
// --pgn file, counted in the run's tally and the engines' output counts, and told to the live
// output and the event stream. The session's end is one record: the summary and status stored
// with the run, the closing lines and the run_end event. MatchRunner decides which games are
// recorded and when the session ends; every call comes from its one collecting thread, but for
// wants_starts() and quotes_faults(), which the slots may call: they read only what is set
// before the games start.
#pragma once

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>

#include "events/run_events.h"
#include "openings/opening_book.h"
#include "run/engine_output_counts.h"
#include "run/live_output.h"
#include "run/match_config.h"
#include "run/match_status.h"
#include "run/positions_target.h"
#include "run/run_tally.h"
#include "storage/database.h"

namespace harness {

// What the runner knows of how a session ended, for the run's end record.
struct SessionEnd {
  RunEnding::Kind kind = RunEnding::FINISHED;
  std::string stop_reason;  // "SPRT: H1 was accepted", "Positions: ...", or empty
  SprtDecision sprt = SprtDecision::CONTINUE;
  std::string notes;     // the runner's lines of the summary (positions, games left out), each ending in "\n"
  std::string unplayed;  // INCOMPLETE: which games were not played and why
  int discarded = 0;     // unfinished games dropped by an immediate stop
  int left_out = 0;      // games that ended but are not the run's
};

class GameRecorder {
 public:
  // `config` and `output` (the harness's own lines when null) must outlive the recorder.
  GameRecorder(const MatchConfig& config, Database& db, std::int64_t run_id, LiveOutput* output);
  void events_to(EventStream& stream);
  // The command its messages give to go on with the run ("" : the caller says how).
  void resume_with(std::string command) { resume_ = std::move(command); }
  const std::string& resume() const { return resume_; }

  // A game stored before this session, counted.
  void count_stored(int game_index, const std::string& result);
  // The session is planned with `total` games in the run (or shard): the resuming line,
  // run_start, the game_end lines earlier sessions owe, and the engines' rows.
  chess::Result<bool> start(std::ostream& out, int total);
  // The first game is about to start: the session's clock (progress, games/min) runs from here.
  void begin_games() { started_ = std::chrono::steady_clock::now(); }
  // Whether a game's start is wanted (by the output or the event stream).
  bool wants_starts() const { return output_->wants_starts() || run_events_ != nullptr; }
  // Whether a fault's event quotes the engine's last lines (players keep them then).
  bool quotes_faults() const { return run_events_ != nullptr; }
  void started(std::ostream& out, const GameSpec& spec, const Opening& opening);
  void unplayed(std::ostream& out, int game_index, const std::string& why);
  void stopping(std::ostream& out, StopRequest level) { output_->stopping(out, level); }

  // A game kept: its row, and its game_end line, owed until written.
  struct Kept {
    std::int64_t game_id = 0;
    std::string end_line;
  };
  // Stored (its PGN made unless a datagen game keeps none) and appended to --pgn; a file that
  // cannot be written stops the run after the games in progress (pgn_error()).
  chess::Result<Kept> keep(GameRecord& g, const GameSpec& spec);
  // Counted, told to the output and the events, and the run's stored summary brought up to date.
  chess::Result<bool> count(const GameRecord& g, const GameSpec& spec, const Kept& kept, const PositionsTarget& positions,
                            std::ostream& out);

  // The session's end record; FAILED when the database cannot take it.
  MatchStatus end(std::ostream& out, const SessionEnd& session);
  // The run_end event of a session that failed (the door marks the run).
  void failed(const SessionEnd& session) { end_event(RunEndStatus::FAILED, session); }

  int done() const { return done_count_; }
  const std::string& pgn_error() const { return pgn_error_; }
  Tally match_tally() const { return tally_.match_tally(); }
  Tally engine_tally(std::size_t i) const { return tally_.engine_tally(i); }

 private:
  void end_event(RunEndStatus status, const SessionEnd& session);
  chess::Result<bool> write_owed_events();
  chess::Result<bool> stored_game_events(const GameRecord& g, const Kept& kept, const Tally& match);
  std::string cpu_line() const;
  double elapsed_seconds() const;

  const MatchConfig& config_;
  Database& db_;
  std::int64_t run_id_;
  HarnessLiveOutput harness_output_;
  LiveOutput* output_;
  std::string resume_;
  std::unique_ptr<RunEvents> run_events_;  // null unless events_to was called
  std::vector<std::int64_t> engine_ids_;
  RunTally tally_;
  EngineOutputCounts engine_counts_;
  int done_count_ = 0, total_games_ = 0, played_this_session_ = 0;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::string pgn_error_;  // --pgn could not be written: the run stops
};

}  // namespace harness
