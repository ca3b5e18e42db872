// Zobrist hashing keys, generated once from a fixed seed so keys are stable across runs.
#pragma once

#include "types.h"

namespace chess::zobrist {

extern Key piece_square[PIECE_NB][SQUARE_NB];
extern Key castling[CASTLING_RIGHT_NB];
extern Key en_passant_file[FILE_NB];
extern Key side_to_move;

void init();

}  // namespace chess::zobrist
