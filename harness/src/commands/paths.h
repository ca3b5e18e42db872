// Where the project's default files are: found from the current directory or from the
// executable's location in build/bin.
#pragma once

#include <string>

#include "process/executable_path.h"

namespace harness {

struct EngineConfig;
// An engine given on the command line: a specification "name=X cmd=/path ..." when it has an
// '=', else a name in the registry (configs/engines.json unless `registry` is given). A bad one
// ends the program with one message.
// `built_from_git`: a registry entry with repo and ref is taken as it is (its caller builds it);
// otherwise it is an error, since the command has nothing to run.
EngineConfig engine_from_command_line(const std::string& name_or_spec, const std::string& registry, bool built_from_git = false);

}  // namespace harness
