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
EngineConfig engine_from_command_line(const std::string& name_or_spec, const std::string& registry);

}  // namespace harness
