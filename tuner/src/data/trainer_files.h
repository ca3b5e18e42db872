// The files trainers read, read back as labeled positions for the tuner: marlinformat and
// bulletformat (a 32-byte board a position), viriformat (whole games: a board, then each move
// with its score, then four zero bytes) and Stockfish's binpack (chunks of chains: an entry,
// then each further move and score packed into bits, engine/formats/binpack_movetext.h),
// each as `harness positions` writes it and as its own source defines it
// (engine/formats/ gives every byte and decodes each, straight to positions). So one file serves a trainer and
// this tuner. A position gets its game's result and its score, both from White's view; a
// bulletformat board, which says nothing of the side to move, is read as the side to move's
// own board with White to move. A move that is not legal in its position is an error naming
// the game or chain.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <string>

#include "core/result.h"
#include "data/labeled_positions.h"
#include "formats/training_record.h"

namespace tuner {

// Reads `in` (the file `path`) in blocks of 1 MiB, handing `each` the bytes at hand; `each`
// returns how many it used (0: it needs more). An error names the byte where the file ends
// inside a record.
using BlockReader = std::function<chess::Result<std::size_t>(const std::uint8_t*, std::size_t)>;
chess::Result<bool> for_each_block(std::istream& in, const std::string& path, const BlockReader& each);

// A decoded position as the tuner labels it: its result 1, 0.5 or 0 and its score, both White's.
LabeledPosition labeled_position(const formats::TrainingPosition& p);

// Reads a binary file a position at a time; errors name the file and the record or game. The
// file must be a regular file: a FIFO, a directory or a device is refused by name, unread.
chess::Result<std::size_t> read_trainer_file(const std::string& path, PositionsFormat format,
                                             const std::function<void(LabeledPosition&&)>& take);
// The same from a stream its caller opened (and may hash as it is read); `path` names it.
chess::Result<std::size_t> read_trainer_stream(std::istream& in, const std::string& path, PositionsFormat format,
                                               const std::function<void(LabeledPosition&&)>& take);

}  // namespace tuner
