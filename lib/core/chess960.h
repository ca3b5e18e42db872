// Chess960 start positions by Scharnagl's numbering (0 to 959; 518 is the standard position),
// and double Chess960 (DFRC), where White's and Black's back ranks are drawn separately.
#pragma once

#include <array>
#include <string>

#include "types.h"

namespace chess {

inline constexpr int CHESS960_POSITIONS = 960;

// The pieces of start position `index` from the a-file to the h-file.
std::array<PieceType, 8> chess960_back_rank(int index);
// The start position with White's back rank `white` and Black's `black` (the same index for
// Chess960), castling rights written as rook files (Shredder-FEN, "HAha").
std::string chess960_fen(int white, int black);

}  // namespace chess
