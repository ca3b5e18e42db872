#include "terminations.h"

#include <array>
#include <cstdio>
#include <map>

namespace harness {

std::string terminations_summary(const std::vector<EndedGame>& games) {
  std::array<int, GAME_ENDS> counts{};
  std::array<std::map<std::string, int>, GAME_ENDS> losers;
  for (const EndedGame& g : games) {
    const int k = int(g.end);
    ++counts[std::size_t(k)];
    if (g.result == "1-0") ++losers[std::size_t(k)][g.black];
    if (g.result == "0-1") ++losers[std::size_t(k)][g.white];
  }
  std::string out = "Terminations:\n";
  for (int k = 0; k < GAME_ENDS; ++k) {
    if (!counts[std::size_t(k)]) continue;
    char line[96];
    std::snprintf(line, sizeof line, "  %-22s %6d", game_end_label(GameEnd(k)), counts[std::size_t(k)]);
    out += line;
    std::string lost;
    for (const auto& [name, n] : losers[std::size_t(k)]) lost += (lost.empty() ? "" : ", ") + name + " " + std::to_string(n);
    if (!lost.empty()) out += "   lost by " + lost;
    out += "\n";
  }
  return out;
}

}  // namespace harness
