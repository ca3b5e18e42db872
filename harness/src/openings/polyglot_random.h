// The Polyglot book format's fixed random numbers (polyglot_random.cpp).
#pragma once

#include <cstdint>

namespace harness::polyglot {

extern const std::uint64_t RANDOM64[781];

}  // namespace harness::polyglot
