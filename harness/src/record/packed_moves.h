// A game's moves packed as datagen stores them: four bytes a move, little-endian, instead of a
// database row each. The first two bytes are the move (from square, to square, promotion piece:
// 6 + 6 + 3 bits, squares a1 = 0 .. h8 = 63, as UCI writes them, so Chess960 castling keeps its
// king-takes-rook form), the last two the mover's score: centipawns within +-30000, a mate as
// +-(32000 - plies), or -32768 when the engine gave none.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "record/game_record.h"

namespace harness {

inline constexpr std::size_t PACKED_MOVE_BYTES = 4;

struct PackedMove {
  std::string uci;
  bool has_score = false;
  int score_cp = 0;  // the mover's view; a mate is mate_score_cp's value
  int mate_in = 0;   // moves, as MoveRecord keeps them; 0 when the score is not a mate
};

// The moves' bytes; an error names a move that is not UCI.
chess::Result<std::string> pack_moves(const std::vector<MoveRecord>& moves);
// The bytes back; an error when their length is not a multiple of four or a square is wrong.
chess::Result<std::vector<PackedMove>> unpack_moves(const std::string& bytes);

}  // namespace harness
