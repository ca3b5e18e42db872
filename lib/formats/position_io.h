// What every format's reader and writer share (each format's own are in its codec file beside
// this one, and its row of format_table.h names them): the writer's interface (a game's
// positions in, the format's bytes out), the reading of a stream in blocks that the binary
// readers decode from, and the reader and writer of a 32-byte board a position (marlinformat,
// bulletformat).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "core/position.h"
#include "core/result.h"
#include "formats/training_record.h"

namespace formats {

// Writes a format's records to the stream it was opened on, a game at a time. A per-position
// format writes the positions kept; a game format (format_table.h: whole_games) writes every
// scored move of the game, so `kept` does not apply to it; a move without a score ends a
// viriformat record or a binpack chain, and the next scored move starts another.
class PositionWriter {
 public:
  virtual ~PositionWriter() = default;
  // A game from `start` (where the engines began, after the opening's moves).
  virtual void begin_game(const chess::Position&, WhiteResult) {}
  // An engine's move from `before`, with its score from White's view (none: the engine gave
  // none) and whether the filters keep the position. True when a position was written.
  virtual bool move(const chess::Position& before, chess::Move move, std::optional<int> score_white, bool kept) = 0;
  virtual void end_game() {}
  // After the last game: whatever is held back is written.
  virtual void finish() {}
};

// Reads `in` (the file `path`) in blocks of 1 MiB, handing `each` the bytes at hand; `each`
// returns how many it used (0: it needs more). An error names the byte where the file ends
// inside a record.
using BlockReader = std::function<chess::Result<std::size_t>(const std::uint8_t*, std::size_t)>;
chess::Result<bool> for_each_block(std::istream& in, const std::string& path, const BlockReader& each);

// A 32-byte board a position, each decoded by `decode`: the positions read; an error names the
// record ("PATH: record 3: result 7 is not 0, 1 or 2").
using BoardDecoder = chess::Result<TrainingPosition> (*)(const std::uint8_t* record);
chess::Result<std::size_t> read_boards(std::istream& in, const std::string& path, BoardDecoder decode, const PositionVisit& take);
// A writer of a 32-byte board, made by `encode`, for each kept position with a score.
using BoardEncoder = Record32 (*)(const chess::Position& pos, int score_white, WhiteResult result);
std::unique_ptr<PositionWriter> open_board_writer(BoardEncoder encode, std::ostream& out);

}  // namespace formats
