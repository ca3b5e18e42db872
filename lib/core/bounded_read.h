// Reading files without trusting their size: every line and every whole file read has a bound,
// so that /dev/zero, a binary file or a runaway pipe given as a book, a suite or a configuration
// ends in an error naming it instead of taking all memory. The bounds, one per kind of input,
// are declared here and listed in docs/12-robustness.md ("Bad input").
#pragma once

#include <cstddef>
#include <istream>
#include <string>

#include "result.h"

namespace chess {

inline constexpr std::size_t MIB = std::size_t(1) << 20;
inline constexpr std::size_t MAX_EPD_LINE = 1 * MIB;        // a position line: EPD, FEN, labeled positions
inline constexpr std::size_t MAX_PGN_LINE = 64 * MIB;       // a PGN line (one-line games with comments)
inline constexpr std::size_t MAX_JSON_FILE = 64 * MIB;      // a configuration, registry or weights file
inline constexpr std::size_t MAX_BINARY_BOOK = 1024 * MIB;  // a Polyglot book, read whole

enum class LineRead { LINE, END, TOO_LONG };

// The next line of `in` into `line` (without its '\n'); TOO_LONG once `max_bytes` are read with
// no end of line (having read at most 64 KiB past the bound).
LineRead read_line(std::istream& in, std::string& line, std::size_t max_bytes);

// The whole file, or "PATH: cannot open WHAT (why)", "PATH: is a FIFO, not a regular file: not a
// plausible WHAT" (it must be a regular file, opened without blocking: core/regular_file.h) or
// "PATH: more than N MiB: not a plausible WHAT".
Result<std::string> read_whole_file(const std::string& path, const std::string& what, std::size_t max_bytes);

// "more than N MiB" for messages.
std::string more_than(std::size_t max_bytes);

}  // namespace chess
