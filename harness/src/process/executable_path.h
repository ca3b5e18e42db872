// Where this program and the project it was built in are: the one reader of /proc/self/exe.
#pragma once

#include <string>

namespace harness {

// This program's file, or "" when the system does not say.
std::string own_executable();
// A program of the same build beside this one (the harness, for the tuner's and the cluster's
// tasks), or its bare name, found on PATH, when this program's folder is unknown.
std::string sibling_program(const std::string& name);
// The project's folder: the current one when it holds configs/engines.json, else the one this
// program was built in (build/bin/../..) when that does, else the current folder.
std::string project_root();
// `relative` (configs/engines.json, suites/openings.epd, results/harness.sqlite) in project_root().
std::string project_file(const std::string& relative);
// The database a command uses without --db: results/harness.sqlite in the project (where the
// registry and the default book are found too, whichever folder the command runs in).
std::string default_database();
// How --help describes that default.
inline constexpr const char* DATABASE_HELP = "SQLite database (default: results/harness.sqlite in the project)";

}  // namespace harness
