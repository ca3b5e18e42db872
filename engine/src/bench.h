// engine bench: a fixed search over fixed positions; its node count is the search's signature.
#pragma once

#include <iosfwd>

#include "engine_state.h"

namespace engine {

// Prints per-position nodes, then "Nodes searched: N" and "Nodes/second: M".
void run_bench(EngineState& state, int depth, std::ostream& out);

}  // namespace engine
