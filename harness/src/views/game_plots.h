// The plots of a match run's games, as its report draws them: the Elo estimate and the SPRT's
// LLR over the games in the order they finished, results by opening pair, how games ended, and
// per engine and move number the time used, the clock left, the depth and the speed.
#pragma once

#include <array>
#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run/match_config.h"
#include "run/run_tally.h"
#include "storage/run_store.h"

namespace harness {

// Elo, its interval and the LLR over the games in finishing order into `section` ("series",
// "sprt"); the tally of them all is left in `tally`.
void series_section(const std::vector<ReportGame>& games, const MatchConfig& c, RunTally& tally, nlohmann::json& section);
// Results by opening pair: the first engine's points (0 to 2) per complete pair.
nlohmann::json pairs_json(const std::vector<ReportGame>& games, const MatchConfig& c);
// How games ended: per engine its losses by end, and the draws by end; only the ends that occur.
nlohmann::json endings_json(const std::vector<ReportGame>& games, const MatchConfig& c);

// Per engine and per move number: sums and counts, averaged when written.
struct PerMove {
  std::vector<double> sum;
  std::vector<int> count;
  void add(std::size_t move, double v);
  nlohmann::json averages(std::size_t upto) const;
};

// Per engine and move number: time used, clock left, depth, speed.
struct MoveStats {
  std::map<std::string, std::array<PerMove, 4>> per_engine;
  std::size_t longest = 0;
  // `on_clock`: the games were played on the clock `tc` (its plot is drawn).
  void add(const ReportGame& g, const std::vector<const ReportMove*>& moves, const TimeControl& tc, bool on_clock);
  nlohmann::json to_json() const;
};

}  // namespace harness
