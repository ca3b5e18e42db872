// bulletformat's ChessBoard (bulletformat src/chess.rs), 32 bytes, little-endian, everything from
// the side to move's view (the board flipped when Black moves): occupancy, a 4-bit piece per
// occupied square (pawn 0 .. king 5; bit 3: the opponent's), the score, the result (0 loss,
// 1 draw, 2 win), the king's square and the opponent's (XOR 56). It keeps neither castling nor
// en passant, nor whose move it was: a record is read back as the side to move's own board with
// White to move.
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "core/result.h"
#include "formats/position_io.h"
#include "formats/training_record.h"

namespace formats {

Record32 encode_bulletformat(const chess::Position& pos, int score_white, WhiteResult result);
// The side to move's board with White to move; its score and result are then White's. A record
// whose king squares (bytes 27 and 28) are not where its kings stand is refused.
chess::Result<TrainingPosition> decode_bulletformat(const std::uint8_t* record);

// A file of boards, each position handed to `take`: the positions read; errors name the record
// ("PATH: record 3: ...").
chess::Result<std::size_t> read_bulletformat(std::istream& in, const std::string& source, const PositionVisit& take);
// A board a kept, scored position.
std::unique_ptr<PositionWriter> open_bulletformat_writer(std::ostream& out);

}  // namespace formats
