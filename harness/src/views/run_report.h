// RunReport: what a report page shows of runs, as one JSON document the page's script draws
// from: a match's configuration, engines with checksums, results block, the Elo estimate and
// the SPRT's LLR over games, results by opening pair, how games ended per engine, time, clock,
// depth and speed per move, game lengths, and every game with its moves for the replay board;
// a tournament's crosstable and rating list; a perft or EPD run's table (failures first) and
// two EPD runs side by side. The errors name the run.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/result.h"
#include "storage/database.h"

namespace harness {

// Asked while a report is made: true abandons it (a server that was told to stop).
using GiveUp = std::function<bool()>;

// `moves`: every game carries its moves (a report file); without, a page asks for a game's
// moves when it is replayed (the dashboard: a large run's page stays small and quick).
// `give_up` is asked every thousand games or so; when it says true the report is an error.
chess::Result<nlohmann::json> run_report(Database& db, const std::vector<std::int64_t>& runs, bool moves = true,
                                         const GiveUp& give_up = {});
// One game of a run with its moves, as a report's game list holds it.
chess::Result<nlohmann::json> report_game(Database& db, std::int64_t run_id, int game_number);

}  // namespace harness
