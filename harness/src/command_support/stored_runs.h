// Runs as the commands look them up: by the number `harness runs` lists.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "fail.h"
#include "run/schedule.h"
#include "storage/database.h"

namespace harness {

// The run, or the program ends with "no run N in DB (see 'harness runs')".
inline RunRow run_or_fail(Database& db, std::int64_t id) {
  std::optional<RunRow> run = value_or_fail(db.run(id));
  if (!run) fail("no run " + std::to_string(id) + " in " + db.path() + " (see 'harness runs')");
  return *run;
}

// Whether the stored run has games left to play (then its engines are probed before it goes on).
inline bool has_games_left(Database& db, std::int64_t run_id, const MatchConfig& config) {
  return value_or_fail(db.game_count(run_id)) < planned_games(config);
}

// A RUN argument: a positive number, checked before CLI11 converts it.
inline CLI::Validator run_number() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        const bool digits = !text.empty() && text.size() <= 15 && text.find_first_not_of("0123456789") == std::string::npos;
        if (digits && std::stoll(text) > 0) return "";
        return "a run is given by its number (see 'harness runs'), got '" + text + "'";
      },
      "RUN");
}

}  // namespace harness
