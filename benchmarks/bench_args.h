// What the readers' benchmark programs share on their command line: FORMAT=PATH arguments (e.g.
// text=p.epd), each split into its format, as written and as the tuner reads it, and its path.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "data/labeled_positions.h"

namespace bench {

struct FormatPath {
  std::string format_name;  // as written, before the '='
  std::string path;
  tuner::PositionsFormat format = tuner::PositionsFormat::TEXT;
};

// Every argument split, in order; none when one is not FORMAT=PATH with a format the tuner reads
// (said on stderr, after `program`'s name).
inline std::optional<std::vector<FormatPath>> format_paths(const char* program, const std::vector<std::string>& args) {
  std::vector<FormatPath> out;
  for (const std::string& f : args) {
    const std::size_t eq = f.find('=');
    const auto format = eq == std::string::npos ? std::nullopt : tuner::positions_format(f.substr(0, eq));
    if (!format) {
      std::fprintf(stderr, "%s: '%s' is not FORMAT=PATH with FORMAT one of %s\n", program, f.c_str(),
                   tuner::positions_format_names().c_str());
      return std::nullopt;
    }
    out.push_back({f.substr(0, eq), f.substr(eq + 1), *format});
  }
  return out;
}

}  // namespace bench
