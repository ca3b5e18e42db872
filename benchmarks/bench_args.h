// What the readers' benchmark programs share on their command line: FORMAT=PATH arguments (e.g.
// text=p.epd), each split into its format, as written and as the tuner reads it, and its path.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/format_table.h"

namespace bench {

struct FormatPath {
  std::string format_name;  // as written, before the '='
  std::string path;
  formats::PositionFormat format = formats::PositionFormat::TEXT;
};

// Every argument split, in order; none when one is not FORMAT=PATH with a format the tuner reads
// (said on stderr, after `program`'s name).
inline std::optional<std::vector<FormatPath>> format_paths(const char* program, const std::vector<std::string>& args) {
  std::vector<FormatPath> out;
  for (const std::string& f : args) {
    const std::size_t eq = f.find('=');
    const auto format = formats::parse_position_format(std::string_view(f).substr(0, eq), formats::has_reader);
    if (eq == std::string::npos || !format) {
      std::fprintf(stderr, "%s: '%s' is not FORMAT=PATH with FORMAT one of %s\n", program, f.c_str(),
                   formats::position_format_names(formats::has_reader).c_str());
      return std::nullopt;
    }
    out.push_back({f.substr(0, eq), f.substr(eq + 1), *format});
  }
  return out;
}

}  // namespace bench
