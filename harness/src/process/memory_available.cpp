#include "process/memory_available.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace harness {

namespace {

namespace fs = std::filesystem;

std::optional<std::uint64_t> number_in(const fs::path& file) {
  std::ifstream in(file);
  std::uint64_t n = 0;
  if (in >> n) return n;
  return std::nullopt;  // absent, or "max" (no limit)
}

std::optional<std::uint64_t> meminfo_available() {
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);) {
    std::istringstream fields(line);
    std::string key, unit;
    std::uint64_t kib = 0;
    if (fields >> key >> kib >> unit && key == "MemAvailable:" && unit == "kB") return kib * 1024;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::uint64_t> cgroup_room(const std::string& groups_file, const std::string& cgroup_root) {
  std::ifstream groups(groups_file);
  std::optional<std::uint64_t> room;
  auto take = [&room](std::optional<std::uint64_t> limit, std::optional<std::uint64_t> used) {
    if (!limit) return;
    const std::uint64_t left = *limit > used.value_or(0) ? *limit - used.value_or(0) : 0;
    room = room ? std::min(*room, left) : left;
  };
  for (std::string line; std::getline(groups, line);) {
    const std::size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const fs::path group = fs::path(line.substr(second + 1)).relative_path();
    if (controllers.empty()) {  // v2: the unified hierarchy
      for (fs::path at = group;; at = at.parent_path()) {  // the group, its parents, and the root
        const fs::path level = fs::path(cgroup_root) / at;
        take(number_in(level / "memory.max"), number_in(level / "memory.current"));
        if (at.empty()) break;
      }
    } else if (("," + controllers + ",").find(",memory,") != std::string::npos) {  // v1
      const fs::path at = fs::path(cgroup_root) / "memory" / group;
      take(number_in(at / "memory.limit_in_bytes"), number_in(at / "memory.usage_in_bytes"));
    }
  }
  return room;
}

std::optional<std::uint64_t> memory_available() {
  const std::optional<std::uint64_t> machine = meminfo_available(), group = cgroup_room("/proc/self/cgroup", "/sys/fs/cgroup");
  if (machine && group) return std::min(*machine, *group);
  return machine ? machine : group;
}

}  // namespace harness
