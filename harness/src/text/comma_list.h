// "a,b,,c": the items of a comma-separated list, empty ones kept (the caller names them).
#pragma once

#include <string>
#include <vector>

namespace harness {

inline std::vector<std::string> comma_list(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    items.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

}  // namespace harness
