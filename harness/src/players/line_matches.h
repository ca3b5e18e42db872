// What fastchess's -pgnout match_line=REGEX keeps of an engine's output: for each pattern, the
// last line the engine wrote during a move's search that the pattern matches (a search, as
// std::regex_search does, in ECMAScript syntax as fastchess compiles them).
#pragma once

#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

// The patterns, compiled; the error names the pattern that is not a regular expression.
chess::Result<std::vector<std::regex>> compile_line_patterns(const std::vector<std::string>& patterns);

// Longer lines are not matched (std::regex's matcher recurses per character); protocol lines are
// far shorter, and OpenBench's pgncomment lines are a few hundred bytes.
inline constexpr std::size_t MAX_MATCHED_LINE = 4096;

class LineMatches {
 public:
  explicit LineMatches(const std::vector<std::regex>& patterns) : patterns_(patterns), last_(patterns.size()) {}
  void line(const std::string& text);
  // The kept lines in the patterns' order, one for each pattern that matched.
  std::vector<std::string> take() const;

 private:
  const std::vector<std::regex>& patterns_;
  std::vector<std::optional<std::string>> last_;
};

}  // namespace harness
