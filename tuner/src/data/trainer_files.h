// The files trainers read, read back as labeled positions for the tuner: marlinformat and
// bulletformat (a 32-byte board a position), viriformat (whole games: a board, then each move
// with its score, then four zero bytes) and Stockfish's binpack (chunks of packed entries),
// each as `harness positions` writes it and as its own source defines it
// (harness/src/datagen/trainer_boards.h gives every byte). So one file serves a trainer and
// this tuner. A position gets its game's result and its score, both from White's view; a
// bulletformat board, which says nothing of the side to move, is read as the side to move's
// own board with White to move. Binpack chains of further plies (as Stockfish writes them) are
// an error naming the entry: only entries of their own are read.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "core/result.h"
#include "data/labeled_positions.h"

namespace tuner {

// Reads a binary file a position at a time; errors name the file and the record or game.
chess::Result<std::size_t> read_trainer_file(const std::string& path, PositionsFormat format,
                                             const std::function<void(LabeledPosition&&)>& take);

}  // namespace tuner
