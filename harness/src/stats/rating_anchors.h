// The anchors of a rating list as people give them, by engine name: "NAME=ELO" (harness rate
// --anchor; "NAME" alone takes a default rating), and an anchors file of lines "NAME ELO" as
// Ordo's multiple-anchor file holds them ("NAME",ELO reads too). The errors name the option or
// the file and line, and the text that was wrong.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/result.h"
#include "stats/rating.h"

namespace harness {

// The largest anchors file read: far past any list of engines.
inline constexpr std::size_t MAX_ANCHORS_FILE = std::size_t(1) << 20;

struct NamedAnchor {
  std::string name;
  double elo = 0;
  std::string source;  // where it was given, for messages: "--anchor", "anchors.txt:3"
};

// "NAME=ELO" (split at the last '='), or "NAME" at `default_elo`; an error names `option` and `text`.
chess::Result<NamedAnchor> parse_anchor(const std::string& option, const std::string& text, double default_elo);

// The anchors of an anchors file's text, one a line: the Elo is the line's last word and the
// name the rest (double quotes around it and a comma after it dropped, so that names may hold
// spaces). Blank lines and lines starting with '#' are skipped. `path` names the file in errors.
chess::Result<std::vector<NamedAnchor>> parse_anchors_text(const std::string& path, const std::string& text);
// The file read whole (a regular file of at most MAX_ANCHORS_FILE bytes), then parsed as above.
chess::Result<std::vector<NamedAnchor>> read_anchors_file(const std::string& path);

// The anchors as indices of `names` (the engines that played the games): an unknown name is an
// error naming it and every engine that played; an engine anchored twice is an error unless
// both give the same rating (then it counts once).
chess::Result<std::vector<RatingAnchor>> resolve_anchors(const std::vector<NamedAnchor>& anchors,
                                                         const std::vector<std::string>& names);

}  // namespace harness
