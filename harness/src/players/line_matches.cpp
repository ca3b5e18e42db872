#include "players/line_matches.h"

namespace harness {

chess::Result<std::vector<std::regex>> compile_line_patterns(const std::vector<std::string>& patterns) {
  std::vector<std::regex> out;
  for (const std::string& p : patterns) {
    try {
      out.emplace_back(p, std::regex::ECMAScript | std::regex::optimize);
    } catch (const std::regex_error& e) {  // the standard library's only report of a bad pattern
      return chess::Error{"'" + p + "' is not a regular expression: " + e.what()};
    }
  }
  return out;
}

void LineMatches::line(const std::string& text) {
  // libstdc++'s regex_search recurses once a character: a line of 100 KB would end the program.
  if (text.size() > MAX_MATCHED_LINE) return;
  for (std::size_t i = 0; i < patterns_.size(); ++i)
    if (std::regex_search(text, patterns_[i])) last_[i] = text;
}

std::vector<std::string> LineMatches::take() const {
  std::vector<std::string> out;
  for (const auto& kept : last_)
    if (kept) out.push_back(*kept);
  return out;
}

}  // namespace harness
