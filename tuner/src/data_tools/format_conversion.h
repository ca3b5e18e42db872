// `tuner data convert`: a file's positions written in another format. Each is decoded by its
// own format's decoder (position_stream.h) and written by the other's writer in the one table of
// formats (formats/format_table.h), the one `harness positions` uses, so a converted file holds
// what that export would.
// Every format goes to text, marlinformat and bulletformat; a game format (viriformat, binpack)
// only from a game format, whose games keep their moves (a single position holds none). Every
// position needs its search score: a text line without one is refused by name. A position the
// target cannot hold (binpack: Chess960 castling rights) is left out and counted. bulletformat
// keeps neither castling, en passant nor whose move it was: read back, a board is the side to
// move's with White to move, and that is what the other formats then hold.
#pragma once

#include <cstdint>
#include <ostream>

#include "core/result.h"
#include "data_tools/position_stream.h"

namespace tuner {

struct ConversionSummary {
  std::uint64_t positions = 0;  // read
  std::uint64_t written = 0;    // the rest the target cannot hold
};

// Every position of `in` from where it is, written to `out` in the format `to`.
chess::Result<ConversionSummary> convert_positions(PositionStream& in, formats::PositionFormat to, std::ostream& out);

}  // namespace tuner
