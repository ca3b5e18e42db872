#include "process/memory_available.h"

#include <fstream>
#include <sstream>
#include <string>

namespace harness {

std::optional<std::uint64_t> memory_available() {
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);) {
    std::istringstream fields(line);
    std::string key, unit;
    std::uint64_t kib = 0;
    if (fields >> key >> kib >> unit && key == "MemAvailable:" && unit == "kB") return kib * 1024;
  }
  return std::nullopt;
}

}  // namespace harness
