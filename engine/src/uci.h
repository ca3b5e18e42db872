// The UCI protocol loop: reads commands until "quit" or end of input.
#pragma once

#include <iosfwd>
#include <string>

#include "engine_state.h"

namespace engine {

// `first_line`, if not empty, is a line already read by the caller (protocol detection).
int run_uci(EngineState& state, std::istream& in, std::ostream& out, const std::string& first_line);

}  // namespace engine
