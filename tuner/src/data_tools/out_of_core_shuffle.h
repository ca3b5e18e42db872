// `tuner data shuffle`: a file's records in a random order drawn from a seed, in bounded memory.
// Records that fit the memory budget are shuffled in memory. A larger file is shuffled out of
// core: its records are scattered, each to one of several temporary files drawn at random (about
// half the budget each), beside the output; then each temporary file in turn is shuffled in
// memory (or scattered again, should it still not fit), appended to the output and removed. A
// scatter followed by a shuffle of each part gives every order of the records the same chance,
// as a shuffle in memory does. The records are the stream's (position_stream.h): a game
// format's games and chains move whole, so a game's positions stay together and in order, as
// its format needs them (bullet-utils has no shuffle for these formats; its trainer shuffles
// their positions as it reads). The temporary files are removed at the end and on an error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/result.h"
#include "data_tools/position_stream.h"
#include "data_tools/record_writer.h"

namespace tuner {

inline constexpr std::size_t DEFAULT_SHUFFLE_MEMORY_MIB = 256;

struct ShuffleSettings {
  std::uint64_t seed = 1;
  // Bytes of records held in memory at once, each record counted with 16 bytes of index. A
  // record larger than the budget is held alone.
  std::size_t memory = DEFAULT_SHUFFLE_MEMORY_MIB << 20;
  std::string temporary_prefix;  // the start of the temporary files' paths (shuffle_temporary_prefix)
};

struct ShuffleSummary {
  std::uint64_t records = 0;
  std::size_t temporary_files = 0;  // 0 when the records were shuffled in memory
};

// Every record of `in` from where it is, written to `out` in an order drawn from the seed; the
// same input, seed and budget give the same file.
chess::Result<ShuffleSummary> shuffle_records(PositionStream& in, const ShuffleSettings& settings, RecordWriter& out);
// Where a shuffle writing `output` puts its temporary files: "OUTPUT.shuffle-PID-", then a
// number and ".tmp" each.
std::string shuffle_temporary_prefix(const std::string& output);

}  // namespace tuner
