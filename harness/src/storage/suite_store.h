// SuiteStore: the results of perft and EPD suite runs, one row per checked line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/connection.h"

namespace harness {

struct PerftResultRow {
  int line = 0;
  std::string position_id, fen;
  int depth = 0;
  std::uint64_t expected = 0, got = 0;
  double seconds = 0;
  bool passed = false;
  std::string error;  // the engine failed to answer
  std::string bug;    // the located bug, as text
};

struct EpdResultRow {
  int line = 0;
  std::string position_id, fen;
  std::string move;  // the engine's move (UCI)
  bool solved = false;
  int points = 0, max_points = 0;
  std::int64_t found_time_ms = -1;  // when a solving move was first found and kept; -1 if never
  int found_depth = 0;
};

class SuiteStore {
 public:
  explicit SuiteStore(Connection& connection) : c_(connection) {}
  chess::Result<bool> save_perft_result(std::int64_t run_id, const PerftResultRow& row);
  chess::Result<std::vector<PerftResultRow>> perft_results(std::int64_t run_id);
  chess::Result<bool> save_epd_result(std::int64_t run_id, const EpdResultRow& row);
  chess::Result<std::vector<EpdResultRow>> epd_results(std::int64_t run_id);

 private:
  Connection& c_;
};

}  // namespace harness
