// Static exchange evaluation: the material outcome of the capture sequence on one square.
#pragma once

#include "core/position.h"

namespace search {

// Piece values for ordering and exchange counting (not the tunable evaluation).
constexpr int SEE_VALUE[chess::PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 20000};

// The gain for the side to move of playing `m` and the best recapture sequence after it.
int see(const chess::Position& pos, chess::Move m);

}  // namespace search
