// What fastchess's -pgnout match_line=REGEX keeps of an engine's output: for each pattern, the
// last line the engine wrote during a move's search that the pattern matches (a search, as
// std::regex_search does, in ECMAScript syntax as fastchess compiles them). While the engine's
// clock runs its lines are only copied; they are matched once the move is in, so a slow pattern
// costs no engine time, and each pattern has a bounded number of reads, so none can hold up a run.
#pragma once

#include <cstdint>
#include <regex>
#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

// The patterns, compiled; the error names the pattern that is not a regular expression.
chess::Result<std::vector<std::regex>> compile_line_patterns(const std::vector<std::string>& patterns);

// Longer lines are not matched (the backtracking matcher, which back-references need, recurses
// per character); protocol lines are far shorter, and OpenBench's pgncomment lines are a few
// hundred bytes.
inline constexpr std::size_t MAX_MATCHED_LINE = 4096;
// A move's last lines are the ones matched: an engine that floods info lines is not matched
// line by line for thousands of lines; engines write the lines kept (pgncomment) last.
inline constexpr std::size_t KEPT_LINES = 256;
// Characters the matcher may read for one pattern on one line, and on one move's lines: an
// ordinary pattern reads a few times a line's length, one that backtracks without end gives up
// there, and that line counts as not matched. std::regex has no timeout; this bound is exact.
inline constexpr std::uint64_t LINE_MATCH_READS = std::uint64_t{1} << 20;
inline constexpr std::uint64_t MOVE_MATCH_READS = std::uint64_t{1} << 22;

class LineMatches {
 public:
  explicit LineMatches(const std::vector<std::regex>& patterns) : patterns_(patterns) {}
  // Keeps a line of the move's search: a copy, matched later, so the engine's clock pays nothing.
  void line(const std::string& text);
  // Matches the kept lines, newest first, once the move is in: the last line each pattern
  // matched, in the patterns' order (none for a pattern that matched none). A stop at once
  // (a second Ctrl-C) ends the matching, as its game is not kept.
  std::vector<std::string> take() const;

 private:
  // The newest kept line `pattern` matches, or nullptr; `reads` is what is left of the move's.
  const std::string* newest_match(const std::regex& pattern, std::uint64_t& reads) const;

  const std::vector<std::regex>& patterns_;
  std::vector<std::string> kept_;  // the move's last KEPT_LINES lines, a ring once full
  std::size_t next_ = 0;           // where the next line goes: once full, the oldest line's place
};

}  // namespace harness
