// One number in a printf format ("%.2f", "%.3g", "%x"): the results blocks the harness and the
// fastchess and cutechess front ends print are made of these.
#pragma once

#include <cstdio>
#include <string>

namespace harness {

inline std::string format_number(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

}  // namespace harness
