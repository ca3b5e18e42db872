// The steps every node of the search shares, inline for the inner loop: table scores relative to
// the ply, the clamp of every evaluation, moves made and unmade along the search path, the
// evaluation at its end, the stop check (stop request, clock, node limit) and the PV update.
// Only the search's own sources include it.
#pragma once

#include <algorithm>
#include <cstdlib>

#include "search.h"

namespace search {

// Mate scores are stored in the table relative to the node, read back relative to the root.
inline int score_to_tt(int s, int ply) { return s >= MATE_BOUND ? s + ply : s <= -MATE_BOUND ? s - ply : s; }
inline int score_from_tt(int s, int ply) { return s >= MATE_BOUND ? s - ply : s <= -MATE_BOUND ? s + ply : s; }

inline bool score_within_bound(int s, Bound bound, int alpha, int beta) {
  return bound == Bound::EXACT || (bound == Bound::LOWER && s >= beta) || (bound == Bound::UPPER && s <= alpha);
}

// The one clamp of every evaluation the search and `eval` use: within +-MAX_EVAL, below the mate
// range, so a network file or weights that evaluate beyond it never give a false mate.
inline int evaluation_within_bounds(int cp) { return std::clamp(cp, -MAX_EVAL, MAX_EVAL); }

inline void Searcher::make_move(chess::Position& pos, chess::Move m, chess::Undo& undo) {
  if (accumulators_) accumulators_->push(pos, m);
  pos.do_move(m, undo);
}

inline void Searcher::unmake_move(chess::Position& pos, chess::Move m, const chess::Undo& undo) {
  if (accumulators_) accumulators_->pop();
  pos.undo_move(m, undo);
}

inline void Searcher::make_null_move(chess::Position& pos, chess::Undo& undo) {
  if (accumulators_) accumulators_->push_null();
  pos.do_null_move(undo);
}

inline void Searcher::unmake_null_move(chess::Position& pos, const chess::Undo& undo) {
  if (accumulators_) accumulators_->pop();
  pos.undo_null_move(undo);
}

inline int Searcher::path_evaluation(const chess::Position& pos) {
  return evaluation_within_bounds(accumulators_ ? accumulators_->evaluate(pos.side_to_move())
                                                : eval::evaluate(pos, params_, features_.eval));
}

inline int Searcher::refined_eval(int raw_eval, const TTEntry& tt, int ply) const {
  if (!features_.tt_eval || tt.bound() == Bound::NONE) return raw_eval;
  const int s = score_from_tt(tt.score, ply);
  if (std::abs(s) >= MATE_BOUND) return raw_eval;
  const bool tighter =
      tt.bound() == Bound::EXACT || (tt.bound() == Bound::LOWER && s > raw_eval) || (tt.bound() == Bound::UPPER && s < raw_eval);
  return tighter ? s : raw_eval;
}

inline bool Searcher::should_stop() {
  if (stopped_) return true;
  if ((nodes_ & 1023) == 0 && (stop_requested_.load(std::memory_order_relaxed) ||
                               (!pondering_.load(std::memory_order_relaxed) && time_.past_hard_limit())))
    stopped_ = true;
  if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
  return stopped_;
}

inline void Searcher::update_pv(int ply, chess::Move m) {
  pv_[ply][ply] = m;
  int child_len = pv_length_[ply + 1];
  for (int j = ply + 1; j < child_len; ++j) pv_[ply][j] = pv_[ply + 1][j];
  pv_length_[ply] = std::max(child_len, ply + 1);
}

}  // namespace search
