// The book of a self-play run that starts each game from random plies (harness datagen
// --random-plies, tuner loop): `count` openings of `plies` random legal plies from the standard
// start, drawn by `seed`, as EPD, named beside the database by its settings so that a resumed
// run reads the same book.
#pragma once

#include <cstdint>
#include <string>

#include "core/result.h"

namespace harness {

std::string random_openings_name(int count, int plies, std::uint64_t seed);
chess::Result<bool> write_random_openings(const std::string& path, int count, int plies, std::uint64_t seed);

}  // namespace harness
