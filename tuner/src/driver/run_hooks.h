// What a tuning run does besides optimising: stop early for a test or a
// user's --stop-after, and call back after each stored generation (for validation matches).
#pragma once

#include <functional>
#include <string>

#include "core/result.h"
#include "space/tuned_weights.h"

namespace tuner {

struct RunHooks {
  int stop_after = -1;  // generations (iterations) to run in this session; -1: to the end
  // Called with the number of generations stored so far and the best values; an error stops the run.
  std::function<chess::Result<bool>(int generations_done, const Values& best)> after_generation;
  // Extra text for each progress line about the current result (the held-out error), or empty.
  std::function<std::string(const Values& current)> progress_note;
};

struct RunOutcome {
  Values best;
  double best_fitness = 0;
  int generations_run = 0;  // in this session
  bool complete = false;    // every configured generation (or the entropy stop) reached
  std::string note;         // why the result is not the method's last state, when it is not
};

}  // namespace tuner
