// The files of the one table's formats (formats/format_table.h) read back as labeled positions
// for the tuner, each by its format's own reader (formats/: text lines, marlinformat and
// bulletformat (a 32-byte board a position), viriformat (whole games: a board, then each move
// with its score, then four zero bytes) and Stockfish's binpack (chunks of chains: an entry, then
// each further move and score packed into bits, formats/binpack_movetext.h)), each as `harness
// positions` writes it and as its own source defines it, straight to positions. So one file
// serves a trainer and this tuner. A position gets its game's result and its score, both from
// White's view; a bulletformat board, which says nothing of the side to move, is read as the side
// to move's own board with White to move. A move that is not legal in its position is an error
// naming the game or chain.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <string>

#include "core/result.h"
#include "data/labeled_positions.h"
#include "formats/format_table.h"
#include "formats/training_record.h"

namespace tuner {

// A decoded position as the tuner labels it: its result 1, 0.5 or 0 and its score (where it has
// one), both White's.
LabeledPosition labeled_position(const formats::TrainingPosition& p);

// Reads a file a position at a time with its format's reader; errors name the file and the
// record, line or game, and a format without a reader (epd, bracket: read as text) is refused.
// The file must be a regular file: a FIFO, a directory or a device is refused by name, unread.
chess::Result<std::size_t> read_trainer_file(const std::string& path, formats::PositionFormat format,
                                             const std::function<void(LabeledPosition&&)>& take);
// The same from a stream its caller opened (and may hash as it is read); `path` names it.
chess::Result<std::size_t> read_trainer_stream(std::istream& in, const std::string& path, formats::PositionFormat format,
                                               const std::function<void(LabeledPosition&&)>& take);

}  // namespace tuner
