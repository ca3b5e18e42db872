// The event stream's vocabulary, declared once: each event's name, each warning's kind, and the
// stream's version. docs/events.schema.json describes the same names; a test checks that every
// event a run writes validates against it.
#pragma once

#include <optional>
#include <string>

namespace harness {

// Bumped when an event loses a field or a field changes meaning (adding one does not).
inline constexpr int EVENTS_VERSION = 1;

enum class EventKind {
  RUN_START,    // the run's settings, before its first game
  GAME_START,   // a game's pair, opening and colours
  GAME_END,     // its result, how it ended, plies, clocks, the engine at fault
  PAIR_END,     // both games of a pair stored: the pentanomial counts so far
  WARNING,      // something an engine did wrong that did not end the game, as fields
  SPRT,         // the SPRT's state after a game
  TUNER_STEP,   // a tuner's iteration, generation or loop step
  RUN_END,      // how the session ended
};
inline constexpr int EVENT_KINDS = int(EventKind::RUN_END) + 1;

// "run_start", "game_end", ...: the "event" field.
const char* event_name(EventKind kind);
std::optional<EventKind> parse_event_name(const std::string& name);

enum class WarningKind {
  ILLEGAL_MOVE,           // the move that lost the game (fastchess: "Illegal move X played by E")
  MOVE_FORMAT,            // ... was not a UCI move's text (fastchess: "Move does not match uci move format")
  BESTMOVE_NOT_PV,        // the move was not its last PV's first
  MATE_SIGN_MISMATCH,     // both engines claimed to mate, or to be mated, one move apart
  PV_FAULT,               // a PV the engine reported was wrong (the fault names which way)
  GAME_NOT_PLAYED,        // the engines of a game did not start: it is left for resume
};
inline constexpr int WARNING_KINDS = int(WarningKind::GAME_NOT_PLAYED) + 1;

// "illegal_move", "pv_fault", ...: the warning event's "kind" field.
const char* warning_name(WarningKind kind);

// How a session of a run ended: the run_end event's "status" field. Not the run's stored status
// (record/run_status.h): an interrupted or incomplete session leaves its run stopped.
enum class RunEndStatus {
  FINISHED,     // every game played
  INTERRUPTED,  // a stop request
  INCOMPLETE,   // games whose engines did not start are left for resume
  FAILED,       // an error ended it
};
inline constexpr int RUN_END_STATUSES = int(RunEndStatus::FAILED) + 1;

// "finished", "interrupted", "incomplete", "failed".
const char* run_end_status_name(RunEndStatus status);
std::optional<RunEndStatus> parse_run_end_status(const std::string& name);

}  // namespace harness
