// The moment a run or a game starts and ends, as stored and written to PGN.
#pragma once

#include <string>

namespace harness {

// "2026-11-22T06:30:00Z" for now.
std::string utc_timestamp();

}  // namespace harness
