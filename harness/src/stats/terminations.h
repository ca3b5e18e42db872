// How games ended, in the categories engine authors count: mate, resignation, the draw rules,
// adjudication, time, crash and illegal move, from a stored game's termination and reason.
#pragma once

#include <string>
#include <vector>

namespace harness {

enum class EndKind {
  MATE,
  RESIGNATION,
  STALEMATE,
  REPETITION,
  FIFTY_MOVES,
  INSUFFICIENT,
  ADJUDICATION,
  TIME,
  CRASH,
  ILLEGAL,
  OTHER
};

EndKind end_kind(const std::string& termination, const std::string& reason);
const char* end_kind_name(EndKind kind);  // "mate", "time forfeit", ...
constexpr int END_KINDS = int(EndKind::OTHER) + 1;

// One game as the summary needs it.
struct EndedGame {
  std::string white, black, result, termination, reason;
};

// "Terminations:" and a line per kind that occurred: its count and, for decisive games, the
// losers with their counts.
std::string terminations_summary(const std::vector<EndedGame>& games);

}  // namespace harness
