// The xboard/CECP version 2 protocol loop.
#pragma once

#include <iosfwd>
#include <string>

#include "engine_state.h"

namespace engine {

int run_xboard(EngineState& state, std::istream& in, std::ostream& out);

}  // namespace engine
