// The moment a run or a game starts and ends, as stored and written to PGN.
#pragma once

#include <cstdint>
#include <string>

namespace harness {

// "2026-11-22T06:30:00Z" for now.
std::string utc_timestamp();
// "2026-11-25T22:33:19.123456Z" for a time in microseconds since the epoch.
std::string utc_micros_text(std::int64_t micros);

}  // namespace harness
