#include "terminations.h"

#include <array>
#include <cstdio>
#include <map>

namespace harness {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

EndKind end_kind(const std::string& termination, const std::string& reason) {
  if (termination == "time forfeit") return EndKind::TIME;
  if (termination == "abandoned") return EndKind::CRASH;
  if (termination == "rules infraction") return EndKind::ILLEGAL;
  if (termination == "adjudication") return EndKind::ADJUDICATION;
  if (ends_with(reason, " mates")) return EndKind::MATE;
  if (ends_with(reason, " resigns")) return EndKind::RESIGNATION;
  if (reason == "stalemate") return EndKind::STALEMATE;
  if (reason == "threefold repetition") return EndKind::REPETITION;
  if (reason == "fifty-move rule") return EndKind::FIFTY_MOVES;
  if (reason == "insufficient material") return EndKind::INSUFFICIENT;
  return EndKind::OTHER;
}

const char* end_kind_name(EndKind kind) {
  switch (kind) {
    case EndKind::MATE: return "mate";
    case EndKind::RESIGNATION: return "resignation";
    case EndKind::STALEMATE: return "stalemate";
    case EndKind::REPETITION: return "threefold repetition";
    case EndKind::FIFTY_MOVES: return "fifty-move rule";
    case EndKind::INSUFFICIENT: return "insufficient material";
    case EndKind::ADJUDICATION: return "adjudication";
    case EndKind::TIME: return "time forfeit";
    case EndKind::CRASH: return "crash or disconnect";
    case EndKind::ILLEGAL: return "illegal move";
    case EndKind::OTHER: return "other";
  }
  return "other";
}

std::string terminations_summary(const std::vector<EndedGame>& games) {
  std::array<int, END_KINDS> counts{};
  std::array<std::map<std::string, int>, END_KINDS> losers;
  for (const EndedGame& g : games) {
    const int k = int(end_kind(g.termination, g.reason));
    ++counts[std::size_t(k)];
    if (g.result == "1-0") ++losers[std::size_t(k)][g.black];
    if (g.result == "0-1") ++losers[std::size_t(k)][g.white];
  }
  std::string out = "Terminations:\n";
  for (int k = 0; k < END_KINDS; ++k) {
    if (!counts[std::size_t(k)]) continue;
    char line[96];
    std::snprintf(line, sizeof line, "  %-22s %6d", end_kind_name(EndKind(k)), counts[std::size_t(k)]);
    out += line;
    std::string lost;
    for (const auto& [name, n] : losers[std::size_t(k)]) lost += (lost.empty() ? "" : ", ") + name + " " + std::to_string(n);
    if (!lost.empty()) out += "   lost by " + lost;
    out += "\n";
  }
  return out;
}

}  // namespace harness
