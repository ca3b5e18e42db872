// Control characters in names and tags: a newline in an engine's name would forge a line that
// frameworks parse ("Finished game 99 ...") and break a PGN tag across lines, so names, events
// and sites that hold one are refused where they come in, as are names that are not UTF-8
// (core/utf8.h). Messages show the text escaped.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "core/utf8.h"

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

// Why `text` cannot be a name, an event or a site, which are one printable line of UTF-8; "" when
// it can.
inline std::string printable_line_problem(std::string_view text) {
  if (has_control_character(text)) return "holds a control character";
  return chess::utf8_problem(text);
}

// The text with each control character written as \n, \r, \t or \xNN, and every byte from
// 0x80 up as \xNN when the text is not UTF-8: one printable line (or several, when newlines are
// kept).
inline std::string escaped_controls(std::string_view text, bool keep_newlines = false) {
  std::string out;
  const bool utf8 = chess::is_utf8(text);
  for (char c : text) {
    if ((!is_control_character(c) || (keep_newlines && c == '\n')) && (utf8 || static_cast<unsigned char>(c) < 0x80)) {
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

// Whether the text is one printable line of UTF-8 already: nothing for escaped_controls to do.
inline bool is_printable_line(std::string_view text) { return !has_control_character(text) && chess::is_utf8(text); }

}  // namespace harness
