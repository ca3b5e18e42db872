// Where the project's default files are: found from the current directory or from the
// executable's location in build/bin.
#pragma once

#include <string>

namespace harness {

// The project file `relative` (for example "suites/openings.epd"), or `relative` itself.
std::string project_file(const std::string& relative);

}  // namespace harness
