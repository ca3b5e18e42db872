// The UCI protocol loop: reads commands from a stream until "quit" or end of input.
#pragma once

#include <iosfwd>

namespace engine {

int run_uci(std::istream& in, std::ostream& out);

}  // namespace engine
