// The quiescence search: captures (or, in check, evasions) until the position is quiet, and its
// score of a position for the tuner's texel fitness.
#include "search.h"

#include <algorithm>

#include "search_path.h"

namespace search {

using namespace chess;

int Searcher::quiescence_score(const Position& pos) {
  stop_requested_.store(false);
  stopped_ = false;
  nodes_ = 0;
  limits_ = SearchLimits{};
  time_.start(limits_, pos.side_to_move(), false, 0);
  Position copy = pos;
  if (accumulators_) accumulators_->reset(copy);
  // The table may hold scores of other weights: the tuner changes them between calls.
  quiescence_tt_ = false;
  int s = quiescence(copy, -INF, INF, 0);
  quiescence_tt_ = true;
  return s;
}

int Searcher::quiescence(Position& pos, int alpha, int beta, int ply) {
  pv_length_[ply] = ply;
  if (should_stop()) return 0;
  ++nodes_;
  seldepth_ = std::max(seldepth_, ply);
  if (ply >= MAX_PLY - 1) return path_evaluation(pos);
  const bool use_tt = features_.quiescence_tt && quiescence_tt_;
  Move tt_move = Move::none();
  TTEntry tt{};
  if (use_tt) {
    if (const TTEntry* e = tt_.probe(pos.key())) {
      tt = *e;
      tt_move = Move::from_raw(tt.move);
      int s = score_from_tt(tt.score, ply);
      if (beta - alpha == 1 && score_within_bound(s, tt.bound(), alpha, beta)) return s;
    }
  }
  const bool evasions = features_.quiescence_evasions && pos.in_check();
  const int original_alpha = alpha;
  int best = -INF;
  int raw_eval = TTEntry::NO_EVAL;
  Move best_move = Move::none();
  if (!evasions) {
    raw_eval = tt.eval != TTEntry::NO_EVAL ? tt.eval : path_evaluation(pos);
    best = refined_eval(raw_eval, tt, ply);
    if (best >= beta) {
      if (use_tt && tt.bound() == Bound::NONE)
        tt_.store(pos.key(), Move::none(), score_to_tt(best, ply), 0, Bound::LOWER, raw_eval);
      return best;
    }
    alpha = std::max(alpha, best);
  }
  MovePicker picker(pos, tt_move, ordering_, ply, features_, !evasions);
  if (evasions && picker.size() == 0) return -MATE + ply;
  Undo undo;
  for (Move m = picker.next(); !m.is_none(); m = picker.next()) {
    if (!evasions && features_.see_pruning && picker.last_was_bad_capture()) break;  // the rest lose material too
    make_move(pos, m, undo);
    if (use_tt) tt_.prefetch(pos.key());
    int s = -quiescence(pos, -beta, -alpha, ply + 1);
    unmake_move(pos, m, undo);
    if (stopped_) return 0;
    if (s > best) {
      best = s;
      best_move = m;
      if (s > alpha) {
        alpha = s;
        update_pv(ply, m);
        if (s >= beta) break;
      }
    }
  }
  if (use_tt) {
    Bound bound = best >= beta ? Bound::LOWER : best > original_alpha ? Bound::EXACT : Bound::UPPER;
    tt_.store(pos.key(), best_move, score_to_tt(best, ply), 0, bound, raw_eval);
  }
  return best;
}

}  // namespace search
