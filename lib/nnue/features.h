// Input features as bullet numbers them, once for the engine and the trainer. For perspective P
// a piece is (0 if it is P's, else 384) + 64 x type (pawn 0 ... king 5) + square, the square
// flipped vertically (s ^ 56) when P is Black: Chess768. With mirrored king buckets
// (ChessBucketsMirrored) P's own king picks a block of 768 features from the king-bucket map,
// and when that king is on files e-h every square of P's view is mirrored horizontally (s ^ 7).
#pragma once

#include <cassert>

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

// The bucket's first feature and the mirror (0 or 7) of a perspective whose own king stands on
// `king` as that perspective sees the board (its own first rank at the bottom). The caller finds
// the king, and there is always one: a position has one king a side (Position::from_setup refuses
// any other), and so has a training sample, which holds the features of every piece. No square
// stands in for a missing king.
constexpr PerspectiveView relative_view(const Architecture& a, int king) {
  if (a.inputs == InputSet::CHESS768) return {0, 0};
  assert(king >= 0 && king < 64);
  const bool mirrored = king % 8 > 3;
  const int file = mirrored ? 7 - king % 8 : king % 8;
  return {PIECE_FEATURES * a.king_buckets[std::size_t(4 * (king / 8) + file)], mirrored ? 7 : 0};
}

// The view of `perspective` whose own king stands on `own_king`, a square of the board (a side
// without a king has no view: Position::king_square gives it no square).
constexpr PerspectiveView perspective_view(const Architecture& a, chess::Color perspective, chess::Square own_king) {
  const PerspectiveView v = relative_view(a, int(chess::relative_square(perspective, own_king)));
  return {v.base, int(perspective) * 56 ^ v.square_xor};
}

// A Chess768 feature `f` (numbered for its perspective, as plain_view numbers it) in the
// bucketed numbering of that perspective's relative view `v`: the block of its king's bucket,
// the square mirrored with the king on files e-h.
constexpr int bucketed_feature(PerspectiveView v, int f) { return v.base + (f ^ v.square_xor); }

// The same piece as the other perspective numbers it in Chess768: the colour half swapped and
// the board flipped.
constexpr int other_perspective(int f) { return (f + 384) % INPUTS ^ 56; }

// Chess768's numbering, once: a piece of the perspective's own side (`theirs` 0) or of the other
// (1), of type `type` (pawn 0 ... king 5), on `relative_square` as the perspective sees the board.
constexpr int chess768_feature(int theirs, int type, int relative_square) {
  return 384 * theirs + 64 * type + relative_square;
}

// The Chess768 feature of a perspective's own king on relative square 0; its square follows.
inline constexpr int OWN_KING_FEATURE = chess768_feature(0, int(chess::KING) - int(chess::PAWN), 0);

constexpr int feature_index(PerspectiveView view, chess::Color perspective, chess::Piece piece, chess::Square square) {
  const int theirs = chess::color_of(piece) == perspective ? 0 : 1;
  const int type = int(chess::type_of(piece)) - int(chess::PAWN);
  return view.base + chess768_feature(theirs, type, int(square) ^ view.square_xor);
}

// Chess768's feature of `piece` on `square` for `perspective`.
constexpr int feature_index(chess::Color perspective, chess::Piece piece, chess::Square square) {
  return feature_index(plain_view(perspective), perspective, piece, square);
}

// The output bucket of a position with `pieces` pieces on the board, kings included: bullet's
// MaterialCount<8>, (pieces - 2) / 4.
constexpr int output_bucket(int pieces) { return (pieces - 2) / (32 / OUTPUT_BUCKETS); }

}  // namespace nnue
