// What a move changes on the board, as pieces leaving and entering squares: at most two of
// each (castling moves king and rook; a capturing promotion removes the pawn and the victim).
#pragma once

#include "core/position.h"

namespace nnue {

struct PieceOnSquare {
  chess::Piece piece = chess::NO_PIECE;
  chess::Square square = chess::SQ_NONE;
};

struct MoveDelta {
  PieceOnSquare removed[2];
  PieceOnSquare added[2];
  int removed_count = 0;
  int added_count = 0;
};

// The change `m`, a legal move of `before`, makes.
MoveDelta delta_of(const chess::Position& before, chess::Move m);

}  // namespace nnue
