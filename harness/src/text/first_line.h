// The first line of a program's answer, as messages quote it.
#pragma once

#include <string>

namespace harness {

inline std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace harness
