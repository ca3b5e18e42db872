// EPD: a position and its operations, one line each. The one reader under every file of
// positions the project reads (perft suites, test suites, opening books, labeled positions):
// the FEN's four fields, its two counters when both follow as numbers, then operations
// "opcode operand;" split at semicolons outside double quotes (the perft form ";D1 20 ;D2 400"
// is the same thing). What each operation means is the caller's business.
#pragma once

#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "result.h"

namespace chess {

struct EpdOperation {
  std::string opcode;
  std::string operand;  // trimmed, quotes kept: see unquoted()
  std::string unquoted() const;
};

struct EpdRecord {
  Position position;
  std::vector<EpdOperation> operations;
  // The first operation with this opcode, or nullptr.
  const EpdOperation* find(std::string_view opcode) const;
};

// One line; the error says what is wrong, without a location.
Result<EpdRecord> parse_epd(std::string_view line);

// Where a line is, as messages name it: "path:12".
struct EpdLocation {
  const std::string& path;
  int line;
  std::string text() const { return path + ":" + std::to_string(line); }
};

// Reads `path` line by line: blank lines and '#' comments are skipped, every other line is
// handed to `take`, trimmed, with its location; a line that is not UTF-8 is read as
// Windows-1252 (Latin-1's superset) and converted, as PGN lines are (utf8.h); an error from
// `take` stops the reading. The
// result is the number of lines handed over, or the first error: the file's ("PATH: cannot
// open WHAT", or "PATH: is a FIFO, not a regular file": it is opened without blocking and must
// be a regular file, core/regular_file.h) or the one `take` returned.
Result<int> read_epd_lines(const std::string& path, const std::string& what,
                           const std::function<Result<bool>(std::string_view, const EpdLocation&)>& take);
// The same from a stream its caller opened (and may hash as it is read); `path` names it.
Result<int> read_epd_stream(std::istream& in, const std::string& path, const std::string& what,
                            const std::function<Result<bool>(std::string_view, const EpdLocation&)>& take);
// The same, each line parsed as EPD.
Result<int> read_epd_file(const std::string& path, const std::string& what,
                          const std::function<Result<bool>(Result<EpdRecord>&&, const EpdLocation&)>& take);

}  // namespace chess
