// Input features as bullet's Chess768 numbers them: for perspective P, a piece is
// (0 if it is P's, else 384) + 64 x type (pawn 0 ... king 5) + square, the square flipped
// vertically (s ^ 56) when P is Black.
#pragma once

#include "core/types.h"

namespace nnue {

constexpr int feature_index(chess::Color perspective, chess::Piece piece, chess::Square square) {
  const int theirs = chess::color_of(piece) == perspective ? 0 : 384;
  const int type = int(chess::type_of(piece)) - int(chess::PAWN);
  return theirs + 64 * type + int(chess::relative_square(perspective, square));
}

}  // namespace nnue
