#include "stats/rating_anchors.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/bounded_read.h"
#include "text/format_number.h"
#include "text/trim.h"

namespace harness {

namespace {

// A rating as written: a finite decimal number and nothing else.
bool parse_anchor_elo(const std::string& text, double& elo) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, elo);
  return ec == std::errc() && ptr == end && !text.empty() && std::isfinite(elo);
}

// A name as an anchors file may write it: Stockfish 16, or "Stockfish 16", with a comma after it.
std::string anchor_file_name(std::string name) {
  name = trim(name);
  if (!name.empty() && name.back() == ',') name = trim(name.substr(0, name.size() - 1));
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
  return name;
}

// One line of an anchors file that is neither blank nor a comment: "NAME ELO".
chess::Result<NamedAnchor> parse_anchors_line(const std::string& where, const std::string& line) {
  const std::size_t cut = line.find_last_of(" \t,");
  if (cut == std::string::npos) return chess::Error{where + ": '" + line + "' is not NAME ELO"};
  NamedAnchor a{anchor_file_name(line.substr(0, cut + 1)), 0, where};
  const std::string elo = line.substr(cut + 1);
  if (!parse_anchor_elo(elo, a.elo)) return chess::Error{where + ": '" + elo + "' is not a rating (a line is NAME ELO)"};
  if (a.name.empty()) return chess::Error{where + ": no engine name before the rating " + elo};
  return a;
}

// "a, b, c": the engines that played, for a message about a name that did not.
std::string engines_that_played(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

chess::Result<NamedAnchor> parse_anchor(const std::string& option, const std::string& text, double default_elo) {
  const std::size_t equals = text.rfind('=');
  NamedAnchor a{text.substr(0, equals), default_elo, option};
  if (a.name.empty()) return chess::Error{option + " '" + text + "': no engine name (NAME=ELO, or NAME)"};
  if (equals == std::string::npos) return a;
  const std::string elo = text.substr(equals + 1);
  if (!parse_anchor_elo(elo, a.elo))
    return chess::Error{option + " '" + text + "': '" + elo + "' is not a rating (NAME=ELO, e.g. " + option + " " + a.name +
                        "=1500)"};
  return a;
}

chess::Result<std::vector<NamedAnchor>> parse_anchors_text(const std::string& path, const std::string& text) {
  std::vector<NamedAnchor> out;
  std::size_t start = 0;
  for (int number = 1; start < text.size(); ++number) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = trim(text.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line[0] == '#') continue;
    auto anchor = parse_anchors_line(path + ":" + std::to_string(number), line);
    CHESS_RETURN_IF_ERROR(anchor);
    out.push_back(*anchor);
  }
  if (out.empty()) return chess::Error{path + ": no anchor in the file (one NAME ELO a line)"};
  return out;
}

chess::Result<std::vector<NamedAnchor>> read_anchors_file(const std::string& path) {
  auto text = chess::read_whole_file(path, "anchors file", MAX_ANCHORS_FILE);
  CHESS_RETURN_IF_ERROR(text);
  return parse_anchors_text(path, *text);
}

chess::Result<std::vector<RatingAnchor>> resolve_anchors(const std::vector<NamedAnchor>& anchors,
                                                         const std::vector<std::string>& names) {
  std::vector<RatingAnchor> out;
  std::vector<const NamedAnchor*> given;  // what each of `out` came from
  for (const NamedAnchor& a : anchors) {
    const auto it = std::find(names.begin(), names.end(), a.name);
    if (it == names.end())
      return chess::Error{a.source + ": no engine '" + a.name + "' in these runs (they have " + engines_that_played(names) + ")"};
    const int engine = int(it - names.begin());
    bool repeated = false;
    for (std::size_t k = 0; k < out.size(); ++k) {
      if (out[k].engine != engine) continue;
      if (out[k].elo != a.elo)
        return chess::Error{"'" + a.name + "' is anchored twice, at " + format_number("%g", out[k].elo) + " (" +
                            given[k]->source + ") and at " + format_number("%g", a.elo) + " (" + a.source +
                            "): give it one rating"};
      repeated = true;
    }
    if (repeated) continue;
    out.push_back({engine, a.elo});
    given.push_back(&a);
  }
  return out;
}

}  // namespace harness
