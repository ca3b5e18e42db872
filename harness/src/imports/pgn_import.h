// Games played elsewhere (fastchess, cutechess-cli, this harness, any PGN) stored as one run, so
// that reports, ratings and the dashboard work on them. Two players make a match run, more a
// round robin. Each game is checked whole (moves replayed, result against the final position)
// before it is stored, in its own transaction: a malformed game is reported by file and line
// and left out, never half stored. Games are placed in the run's schedule so that its tallies
// hold: a game and the one on the same opening with colours reversed form a pair.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "record/run_kind.h"
#include "storage/database.h"

namespace harness {

struct PgnImport {
  std::int64_t run_id = 0;
  RunKind kind = RunKind::MATCH;  // MATCH or TOURNAMENT
  std::vector<std::string> players;
  int stored = 0, skipped = 0, pairs = 0;
  std::vector<std::string> notes;  // "FILE: N lines are not UTF-8 ...: read as Windows-1252 (Latin-1) and converted"
};

// `skipped` is told each game left out, as "FILE:LINE: why". An error means nothing was stored:
// a file that cannot be read, no game to import, or a `first` player who played none of them.
// `first` is the engine the run lists first (whose view the results block takes); by default
// the White of the lowest Round tag, the first such game in the files on a tie.
chess::Result<PgnImport> import_pgn_files(const std::vector<std::string>& files, Database& db,
                                          const std::function<void(const std::string&)>& skipped, const std::string& first = "");

}  // namespace harness
