#include "events/event_kinds.h"

#include <array>

namespace harness {

namespace {

constexpr std::array<const char*, EVENT_KINDS> EVENT_NAMES = {
    "run_start", "game_start", "game_end", "pair_end", "warning", "sprt", "tuner_step", "run_end",
};

constexpr std::array<const char*, WARNING_KINDS> WARNING_NAMES = {
    "illegal_move", "move_format", "bestmove_not_pv", "mate_sign_mismatch", "pv_fault", "game_not_played",
};

constexpr std::array<const char*, RUN_END_STATUSES> RUN_END_NAMES = {
    "finished", "interrupted", "incomplete", "failed",
};

}  // namespace

const char* event_name(EventKind kind) { return EVENT_NAMES[std::size_t(kind)]; }

std::optional<EventKind> parse_event_name(const std::string& name) {
  for (int i = 0; i < EVENT_KINDS; ++i)
    if (name == EVENT_NAMES[std::size_t(i)]) return EventKind(i);
  return std::nullopt;
}

const char* warning_name(WarningKind kind) { return WARNING_NAMES[std::size_t(kind)]; }

const char* run_end_status_name(RunEndStatus status) { return RUN_END_NAMES[std::size_t(status)]; }

std::optional<RunEndStatus> parse_run_end_status(const std::string& name) {
  for (int i = 0; i < RUN_END_STATUSES; ++i)
    if (name == RUN_END_NAMES[std::size_t(i)]) return RunEndStatus(i);
  return std::nullopt;
}

}  // namespace harness
