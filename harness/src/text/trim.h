// Trimming whitespace (including the CR of CRLF files) from text read line by line.
#pragma once

#include <string>

namespace harness {

inline std::string trim(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

}  // namespace harness
