// Input features as bullet numbers them, once for the engine and the trainer. For perspective P
// a piece is (0 if it is P's, else 384) + 64 x type (pawn 0 ... king 5) + square, the square
// flipped vertically (s ^ 56) when P is Black: Chess768. With mirrored king buckets
// (ChessBucketsMirrored) P's own king picks a block of 768 features from the king-bucket map,
// and when that king is on files e-h every square of P's view is mirrored horizontally (s ^ 7).
#pragma once

#include "architecture.h"
#include "core/types.h"

namespace nnue {

// How one perspective numbers its features: the first feature of its king's bucket, and the
// transform of every square (the flip of Black's view and the mirror of a king on files e-h).
struct PerspectiveView {
  int base = 0;
  int square_xor = 0;
  bool operator==(const PerspectiveView&) const = default;
};

// Chess768's view: no buckets.
constexpr PerspectiveView plain_view(chess::Color perspective) { return {0, int(perspective) * 56}; }

// The view of `perspective` whose own king stands on `own_king`.
constexpr PerspectiveView perspective_view(const Architecture& a, chess::Color perspective, chess::Square own_king) {
  if (a.inputs == InputSet::CHESS768) return plain_view(perspective);
  const int king = int(chess::relative_square(perspective, own_king));
  const bool mirrored = king % 8 > 3;
  const int file = mirrored ? 7 - king % 8 : king % 8;
  const int bucket = a.king_buckets[std::size_t(4 * (king / 8) + file)];
  return {PIECE_FEATURES * bucket, int(perspective) * 56 ^ (mirrored ? 7 : 0)};
}

constexpr int feature_index(PerspectiveView view, chess::Color perspective, chess::Piece piece, chess::Square square) {
  const int theirs = chess::color_of(piece) == perspective ? 0 : 384;
  const int type = int(chess::type_of(piece)) - int(chess::PAWN);
  return view.base + theirs + 64 * type + (int(square) ^ view.square_xor);
}

// Chess768's feature of `piece` on `square` for `perspective`.
constexpr int feature_index(chess::Color perspective, chess::Piece piece, chess::Square square) {
  return feature_index(plain_view(perspective), perspective, piece, square);
}

// The output bucket of a position with `pieces` pieces on the board, kings included: bullet's
// MaterialCount<8>, (pieces - 2) / 4.
constexpr int output_bucket(int pieces) { return (pieces - 2) / (32 / OUTPUT_BUCKETS); }

}  // namespace nnue
