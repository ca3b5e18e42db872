// How games ended, counted by their end (record/termination.h) with the engines that lost them.
#pragma once

#include <string>
#include <vector>

#include "record/termination.h"

namespace harness {

// One game as the summary needs it.
struct EndedGame {
  std::string white, black, result;
  GameEnd end = GameEnd::UNKNOWN;
};

// "Terminations:" and a line per kind that occurred: its count and, for decisive games, the
// losers with their counts.
std::string terminations_summary(const std::vector<EndedGame>& games);

}  // namespace harness
