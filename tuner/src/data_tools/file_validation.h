// `tuner data validate`: every record of a file read by its format's own decoder
// (lib/formats/), which refuses what is no record of the format: more than 32 pieces, a piece
// code no piece has, a result that is not a win, a draw or a loss, a position without one king a
// side or with a pawn on the first or last rank, a bulletformat board whose king squares are not
// where its kings stand, a game move or chain move that is not legal, a game without its end, a
// chunk without its magic. The first bad record ends the check, named by its file, its number
// and its byte.
#pragma once

#include <cstdint>

#include "core/result.h"
#include "data_tools/position_stream.h"

namespace tuner {

struct ValidatedFile {
  std::uint64_t positions = 0;
  std::uint64_t records = 0;  // boards, lines, games or chains (record_unit)
};

// The stream's records from where it is, every one decoded; or the first one's error.
chess::Result<ValidatedFile> validate_records(PositionStream& in);

}  // namespace tuner
