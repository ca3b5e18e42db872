// Test-position suites in EPD: bm (best moves) and am (avoid moves) in SAN or UCI, id,
// c0 "f5=10, Be5+=2" scored alternatives (Strategic Test Suite), dm (direct mate in N).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

struct EpdCase {
  int line = 0;
  std::string id;
  std::string fen;
  std::set<std::string> best;         // UCI
  std::set<std::string> avoid;        // UCI
  std::map<std::string, int> points;  // UCI -> points, from c0
  int mate_in = 0;                    // dm
  int max_points() const;
  // Whether playing `uci` solves the position (and its points, for c0 suites).
  bool solves(const std::string& uci) const;
  int points_for(const std::string& uci) const;
};

// Reads one EPD line; `where` prefixes errors ("file:line").
chess::Result<EpdCase> parse_epd_line(const std::string& line, const std::string& where);
chess::Result<std::vector<EpdCase>> read_epd_suite(const std::string& path);

}  // namespace harness
