// Training positions from the games of a run (datagen, match, tournament, test or imported):
// each position before an engine's move, with that engine's score (a datagen game's packed
// moves, a game's move rows, an imported PGN's comments) and the game's result. Filters drop positions
// in check, those whose played move is a capture or a promotion, mate scores, and the first
// plies; duplicates are dropped by the position's key across every run exported at once. The
// formats and their writers are the table's (formats/format_table.h), the ones tuners and
// trainers read; a game format keeps whole games, so neither the filters nor the duplicates
// apply to it.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <unordered_set>

#include "core/result.h"
#include "formats/format_table.h"
#include "storage/database.h"

namespace harness {

struct PositionFilters {
  bool skip_checks = true;
  bool skip_tactical = true;  // the engine's move is a capture or a promotion
  bool skip_mates = true;     // the score is a mate
  int min_ply = 0;            // positions before this ply of the game (opening plies count) are dropped
  bool dedup = true;
  // Only the games numbered below this (the first N the run planned; 0: all), so that an export
  // of a run that goes on can be made again byte for byte; every one of them must be stored.
  std::int64_t first_games = 0;
  // A test of the caller's (the tuner's: quiescence equal to the static evaluation); empty: none.
  std::function<bool(const chess::Position&)> position_test{};
};

struct ExportCounts {
  std::uint64_t games = 0, scored = 0, written = 0;
  std::uint64_t unscored = 0;    // positions whose move came without a score (written by formats that need none)
  std::uint64_t unholdable = 0;  // kept, but the format cannot hold them (binpack: Chess960 castling rights)
  std::uint64_t unfinished = 0;  // games without a result ("*"), left out whole
  std::uint64_t forfeits = 0;    // games lost by a fault (time, a stall, a crash, an illegal move), left out whole
  std::uint64_t in_check = 0, tactical = 0, mates = 0, early = 0, duplicates = 0, failed_test = 0;
};

// Writes the run's positions to `out`; `seen` holds the keys written before (several runs into
// one file). An error names the game that cannot be replayed, or says how many of the first
// `filters.first_games` the run holds when it holds fewer.
chess::Result<ExportCounts> export_positions(Database& db, std::int64_t run_id, const PositionFilters& filters,
                                             formats::PositionFormat format, std::ostream& out,
                                             std::unordered_set<std::uint64_t>& seen);

}  // namespace harness
