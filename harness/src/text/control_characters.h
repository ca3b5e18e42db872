// Control characters in names and tags: a newline in an engine's name would forge a line that
// frameworks parse ("Finished game 99 ...") and break a PGN tag across lines, so names, events
// and sites that hold one are refused where they come in. Messages show the text escaped.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace harness {

inline bool is_control_character(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x20 || byte == 0x7f;
}

inline bool has_control_character(std::string_view text) {
  for (char c : text)
    if (is_control_character(c)) return true;
  return false;
}

// The text with each control character written as \n, \r, \t or \xNN: one printable line.
inline std::string escaped_controls(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (!is_control_character(c)) {
      out += c;
      continue;
    }
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(c));
      out += hex;
    }
  }
  return out;
}

}  // namespace harness
