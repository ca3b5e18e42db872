// marlinformat's PackedBoard (bulletformat src/chess/marlin.rs, Stormphrax
// src/datagen/marlinformat.h), 32 bytes, little-endian: occupancy (a1 = bit 0), a 4-bit piece per
// occupied square in square order (the first in the low nibble; pawn 0 .. king 5, 6 a rook that
// still carries a castling right, any file, so Chess960 too; bit 3 black), side to move (bit 7)
// and en-passant square (64: none), halfmove clock, fullmove number, White's score, the result
// from White's view (0 Black won, 1 draw, 2 White won), one byte unused. viriformat's games
// start with one.
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "core/result.h"
#include "formats/position_io.h"
#include "formats/training_record.h"

namespace formats {

// Scores beyond a 16-bit integer are clamped to it.
Record32 encode_marlinformat(const chess::Position& pos, int score_white, WhiteResult result);
// The position of a record, or why it is none ("more than 32 pieces", "result 3 is not 0, 1 or
// 2", "invalid position: ...").
chess::Result<TrainingPosition> decode_marlinformat(const std::uint8_t* record);

// A file of boards, each position handed to `take`: the positions read; errors name the record
// ("PATH: record 3: ...").
chess::Result<std::size_t> read_marlinformat(std::istream& in, const std::string& source, const PositionVisit& take);
// A board a kept, scored position.
std::unique_ptr<PositionWriter> open_marlinformat_writer(std::ostream& out);

}  // namespace formats
