// EngineDeadlines: how long an engine may take to answer the harness outside its searches.
// The names, meanings and defaults are fastchess's (-startup-ms, -ucinewgame-ms, -ping-ms). A
// deadline that passes is a failure of the engine's start or of its readiness, never a
// capability the engine lacks: the runner starts it again, and a game it cannot start is left
// for resume.
#pragma once

#include <chrono>
#include <cstdint>

namespace harness {

struct EngineDeadlines {
  // UCI: "uci" to "uciok", then the first "readyok". xboard: "protover 2" to "feature done=1"
  // (done=0 asks for more, as xboard gives: an hour), then the first "pong".
  std::int64_t startup_ms = 10000;
  // UCI: "ucinewgame" to "readyok". xboard: "new" and the game's settings to their "pong".
  std::int64_t ucinewgame_ms = 60000;
  // Any other question: "stop" of a missed ponder search to its "bestmove".
  std::int64_t ping_ms = 60000;

  std::chrono::milliseconds startup() const { return std::chrono::milliseconds(startup_ms); }
  std::chrono::milliseconds ucinewgame() const { return std::chrono::milliseconds(ucinewgame_ms); }
  std::chrono::milliseconds ping() const { return std::chrono::milliseconds(ping_ms); }
  bool operator==(const EngineDeadlines&) const = default;
};

// How long an engine may take to exit after "quit" before it is killed.
inline constexpr std::chrono::milliseconds QUIT_GRACE{1000};

// The longest deadline accepted: an hour.
inline constexpr std::int64_t MAX_DEADLINE_MS = 3600000;

}  // namespace harness
