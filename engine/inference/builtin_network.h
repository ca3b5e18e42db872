// The network built into the engine: engine/networks/dev.nnue, embedded at build time, which
// dev evaluates with unless told otherwise (engine/src/engine_state.h).
#pragma once

#include <memory>
#include <string>

#include "nnue/network.h"

namespace nnue {

// The file it was built from, as bench and eval name it: "engine/networks/dev.nnue".
std::string builtin_network_name();
// The network, parsed on first use and shared after.
std::shared_ptr<const Network> builtin_network();

}  // namespace nnue
