#include "paths.h"

#include <filesystem>

#include "command_support/fail.h"
#include "engines/engine_config.h"

namespace harness {

EngineConfig engine_from_command_line(const std::string& name_or_spec, const std::string& registry, bool built_from_git) {
  if (name_or_spec.find('=') != std::string::npos) return value_or_fail(parse_engine_spec(name_or_spec));
  auto loaded = value_or_fail(EngineRegistry::load(registry.empty() ? project_file("configs/engines.json") : registry));
  EngineConfig e = value_or_fail(loaded.find(name_or_spec));
  if (e.source && !built_from_git)
    fail("engine '" + e.name +
         "' is built from git (its registry entry has repo and ref): harness match, tournament, test and "
         "datagen build it; here give an engine with a command");
  return e;
}

}  // namespace harness
