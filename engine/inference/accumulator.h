// The hidden layer's pre-activations for both perspectives, one entry per ply of the search
// path. A move pushes only what it changed; the sums are brought up to date when an evaluation
// needs them (from the nearest computed ancestor), so moves that are pruned before their
// evaluation cost nothing. Additions wrap in 16 bits, as bullet's accumulators do. With king
// buckets, a king move that changes its own perspective's bucket or mirror side refreshes that
// perspective from the board after the move, which the push keeps for that case alone.
#pragma once

#include <cstdint>
#include <vector>

#include "core/position.h"
#include "nnue/features.h"
#include "move_delta.h"
#include "nnue/network.h"
#include "refresh_cache.h"

namespace nnue {

// One perspective's sums of `pos` from scratch into `out` (`net.stride` long).
void refresh_perspective(const Network& net, const chess::Position& pos, chess::Color perspective, std::int16_t* out);
// Both perspectives' sums of `pos` from scratch into `white` and `black` (each `net.stride` long).
void refresh(const Network& net, const chess::Position& pos, std::int16_t* white, std::int16_t* black);
// The view `perspective` numbers its features by in `pos`.
PerspectiveView view_of(const Network& net, const chess::Position& pos, chess::Color perspective);
// The output bucket `net` evaluates a board of `pieces` pieces with (0 with a single output).
int bucket_for(const Network& net, int pieces);

// Centipawns for the side to move of `pos`, from scratch.
int evaluate_position(const Network& net, const chess::Position& pos);

class AccumulatorStack {
 public:
  AccumulatorStack(const Network& net, int capacity);

  // The root of a new path.
  void reset(const chess::Position& pos);
  // After `m` is played from `before` (call with the position before the move).
  void push(const chess::Position& before, chess::Move m);
  void push_null();
  void pop() { --top_; }
  // Centipawns for `side_to_move` at the top of the path.
  int evaluate(chess::Color side_to_move);
  // The top's sums for `perspective`, brought up to date.
  const std::int16_t* current(chess::Color perspective);
  int depth() const { return top_; }
  // The refreshes of king moves so far (networks with king buckets).
  const RefreshStats& refresh_stats() const { return cache_.stats(); }
  void reset_refresh_stats() { cache_.stats() = {}; }

 private:
  // What one ply of the path knows: the move's change, each perspective's view after it, and
  // whether a perspective must be refreshed from `board` (its king changed bucket or side).
  struct Ply {
    MoveDelta delta;
    PerspectiveView views[2];
    bool refresh[2] = {false, false};
    int pieces = 0;
    bool computed = false;
  };

  std::int16_t* values(int ply, chess::Color c) {
    return values_.data() + (std::size_t(ply) * 2 + std::size_t(c)) * std::size_t(net_->stride);
  }
  void bring_up_to_date();
  void update(int ply, chess::Color c);

  const Network* net_;
  std::vector<std::int16_t> values_;  // capacity x 2 perspectives x stride
  std::vector<Ply> plies_;
  std::vector<chess::Position> boards_;  // the board after a ply that refreshes a perspective
  RefreshCache cache_;
  int top_ = 0;
};

}  // namespace nnue
