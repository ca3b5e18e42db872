#include "paths.h"

#include <filesystem>

#include "engines/engine_config.h"
#include "fail.h"

namespace harness {

EngineConfig engine_from_command_line(const std::string& name_or_spec, const std::string& registry) {
  if (name_or_spec.find('=') != std::string::npos) return value_or_fail(parse_engine_spec(name_or_spec));
  auto loaded = value_or_fail(EngineRegistry::load(registry.empty() ? project_file("configs/engines.json") : registry));
  return value_or_fail(loaded.find(name_or_spec));
}

}  // namespace harness
