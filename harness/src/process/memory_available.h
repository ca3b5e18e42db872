// The memory this machine can still give a process without swapping: the kernel's
// MemAvailable, for work that holds its data in memory (a training's positions) and must stop
// with a message, not be killed, when the data does not fit.
#pragma once

#include <cstdint>
#include <optional>

namespace harness {

// Bytes; none when the kernel does not say (no /proc/meminfo).
std::optional<std::uint64_t> memory_available();

}  // namespace harness
