// `tuner data interleave`: files of one format mixed into one, as bullet-utils mixes them. Each
// step draws the next record's file with a chance proportional to the records it has left, so
// every order of the records is as likely, every stretch of the output holds the files in
// proportion to their sizes (on average their bytes too, where records differ in size: games)
// and each file's records keep their order. Records move whole (a game format's games and chains too); the
// draws come from a seed (seeded_draws.h), so the same files and seed give the same output.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/result.h"
#include "data_tools/position_stream.h"
#include "data_tools/record_writer.h"

namespace tuner {

// Every record of the streams (each at its start, all of one format) mixed into `out`: how many
// came from each.
chess::Result<std::vector<std::uint64_t>> interleave_records(const std::vector<std::unique_ptr<PositionStream>>& inputs,
                                                             std::uint64_t seed, RecordWriter& out);

}  // namespace tuner
