#include "paths.h"

#include <filesystem>

#include "engines/engine_config.h"
#include "fail.h"

namespace harness {

std::string project_file(const std::string& relative) {
  namespace fs = std::filesystem;
  if (fs::exists(relative)) return fs::absolute(relative).lexically_normal().string();
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path candidate = exe.parent_path() / ".." / ".." / relative;
    if (fs::exists(candidate)) return candidate.lexically_normal().string();
  }
  return relative;
}

EngineConfig engine_from_command_line(const std::string& name_or_spec, const std::string& registry) {
  if (name_or_spec.find('=') != std::string::npos) return value_or_fail(parse_engine_spec(name_or_spec));
  auto loaded = value_or_fail(EngineRegistry::load(registry.empty() ? project_file("configs/engines.json") : registry));
  return value_or_fail(loaded.find(name_or_spec));
}

}  // namespace harness
