// Legal move generation: pin and check masks, no make/unmake needed to test legality.
#pragma once

#include <cstddef>

#include "position.h"

namespace chess {

// Upper bound on legal moves in any position is 218.
constexpr int MAX_MOVES = 256;

class MoveList {
 public:
  void push(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  bool contains(Move m) const;
  void clear() { size_ = 0; }

 private:
  Move moves_[MAX_MOVES];
  int size_ = 0;
};

// All legal moves of the side to move.
void generate_legal(const Position& pos, MoveList& list);
MoveList legal_moves(const Position& pos);
// Whether `m` is one of the legal moves (legal_moves(pos).contains(m)), without writing them out.
bool is_legal(const Position& pos, Move m);
// is_legal of a move already known to be pseudo-legal (its piece moves so by the rules of
// movement, or castles with a right held): only whether the king is safe, and castling's path.
bool is_legal_pseudo_legal(const Position& pos, Move m);
// The number of legal moves, without writing them out (used for perft's last ply).
int count_legal(const Position& pos);
// Legal captures, en-passant and promotions (queen and knight promotions also as quiet moves).
void generate_noisy(const Position& pos, MoveList& list);

}  // namespace chess
