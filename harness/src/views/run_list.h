// The list of runs as `harness runs` and the dashboard show it: kind, status, start, engines,
// time control, games stored of planned (a suite run: its engine, limit and lines checked), and
// the result's headline.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "storage/database.h"

namespace harness {

struct RunListRow {
  std::int64_t id = 0;
  std::string kind, status, created;
  std::string engines = "-", tc = "-", games = "-";
  std::string result = "-";
  bool reportable = false;  // harness report can show it
};

chess::Result<std::vector<RunListRow>> run_list(Database& db);

// A perft or EPD run's engine as its stored settings name it ("dev vs builtin" for perft, with
// the reference), or "" when they name none.
std::string suite_run_engines(const RunRow& run);

}  // namespace harness
