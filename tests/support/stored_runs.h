// What a run is, read back for comparing two runs: every game as one row (index, players,
// result, reason and moves), and the statistics lines of a printed results block. Used to
// check that shards merged, or played through Slurm, are the unsharded run.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "storage/database.h"

namespace {

inline std::vector<std::string> game_rows(const std::string& db_path, std::int64_t run) {
  auto db = harness::Database::open_existing(db_path);
  std::vector<std::string> rows;
  if (!db) return rows;
  for (const harness::StoredGame& g : (*db)->games(run).value()) {
    std::string moves;
    for (const std::string& m : (*db)->game_moves(g.id).value()) moves += m + " ";
    rows.push_back(std::to_string(g.game_index) + " " + g.white + "-" + g.black + " " + g.result + " " + g.reason + " " + moves);
  }
  return rows;
}

inline std::string statistics(const std::string& out) {
  std::string kept;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("Elo:", 0) == 0 || line.rfind("Games:", 0) == 0 || line.rfind("Ptnml", 0) == 0 || line.rfind("LOS:", 0) == 0)
      kept += line + "\n";
  return kept;
}

// The project's engine at a version, as an ad-hoc engine specification.
inline std::string project_engine(const std::string& version) {
  return "name=" + version + " cmd=" + ENGINE_PATH + " arg=--version arg=" + version + " option.Hash=4";
}

}  // namespace
