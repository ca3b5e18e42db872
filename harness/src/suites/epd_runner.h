// Runs an EPD suite against a UCI engine: for each position the engine's move, whether it
// solves it, when (time and depth) a solving move first appeared and stayed, and c0 points.
#pragma once

#include <chrono>
#include <iosfwd>

#include "engines/engine_config.h"
#include "epd_suite.h"
#include "storage/database.h"
#include "time_control/time_control.h"

namespace harness {

struct EpdRunOptions {
  TimeControl limit = TimeControl::movetime(1000);
  int concurrency = 1;
  std::chrono::milliseconds timeout{60000};  // beyond the limit itself
};

struct EpdTotals {
  int positions = 0, solved = 0, errors = 0;
  int points = 0, max_points = 0;
  std::int64_t solve_time_ms = 0;  // summed over solved positions
  std::string storage_error;       // the first result the database could not store, if any
};

// Scores one analysis of `c` (exposed for tests).
EpdResultRow score_analysis(const EpdCase& c, const std::string& best,
                            const std::vector<std::pair<std::int64_t, std::pair<int, std::string>>>& pv_history,
                            int final_mate_in);

EpdTotals run_epd_suite(const std::vector<EpdCase>& suite, const EngineConfig& engine, const EpdRunOptions& options, Database& db,
                        std::int64_t run_id, std::ostream& out);

}  // namespace harness
