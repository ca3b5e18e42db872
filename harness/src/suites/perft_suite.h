// Perft suites in the classic ROCE form ("FEN ;D1 20 ;D2 400 ;...") and its common variants
// (";D1 20;", EPD operations such as id, CRLF, no final newline, blank and '#' lines).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

struct PerftCase {
  int line = 0;
  std::string id;  // the EPD id, or "line N"
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> depths;  // (depth, expected leaf count), ascending
};

struct PerftSuite {
  std::vector<PerftCase> cases;
  std::vector<std::string> skipped;  // "file:line: why", for malformed lines in non-strict reading
};

// Reads a suite; a malformed line is an error when `strict`, otherwise skipped and listed.
chess::Result<PerftSuite> read_perft_suite(const std::string& path, bool strict);
// Reads one line (exposed for tests); `where` prefixes error messages.
chess::Result<PerftCase> parse_perft_line(const std::string& line, const std::string& where);

}  // namespace harness
