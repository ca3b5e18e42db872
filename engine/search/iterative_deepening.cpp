// Iterative deepening: the root searched a ply deeper each iteration, within aspiration windows,
// until a limit or the clock ends it, with an info line after each; and the root's move loop.
#include "search.h"

#include <algorithm>
#include <cstdlib>

#include "pv_end.h"
#include "search_path.h"

namespace search {

using namespace chess;

SearchResult Searcher::run(const Position& root, const std::vector<Key>& game_keys, const SearchLimits& limits,
                           const std::function<void(const SearchInfo&)>& on_info) {
  stopped_ = false;
  nodes_ = 0;
  limits_ = limits;
  time_.start(limits, root.side_to_move(), features_.time_management, move_overhead_ms_);
  tt_.new_search();
  ordering_.clear_killers();
  if (!features_.history_gravity) ordering_.age_history();
  keys_ = game_keys;
  keys_.push_back(root.key());
  const std::vector<Key> root_keys = keys_;  // for the info lines' PVs
  root_side_ = root.side_to_move();
  previous_pv_.clear();

  SearchResult result;
  Position pos = root;
  if (accumulators_) accumulators_->reset(pos);
  MoveList legal = legal_moves(pos);
  if (legal.empty()) return result;
  result.best = legal[0];
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
  int score = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    seldepth_ = 0;
    root_best_ = Move::none();
    int delta = sp_.aspiration_window;
    int alpha = -INF, beta = INF;
    if (features_.aspiration && depth >= sp_.aspiration_depth && std::abs(score) < MATE_BOUND) {
      alpha = score - delta;
      beta = score + delta;
    }
    int s = 0;
    while (true) {
      following_pv_ = true;
      s = search_root(pos, alpha, beta, depth);
      if (stopped_) break;
      if (s <= alpha && alpha > -INF)
        alpha = std::max(-INF, s - (delta *= 2));
      else if (s >= beta && beta < INF)
        beta = std::min(INF, s + (delta *= 2));
      else
        break;
    }
    if (stopped_) {
      // A move that became best in the unfinished iteration is played: report its line, so that
      // the last info line always names the move played.
      if (!root_best_.is_none() && root_best_ != result.best) {
        result.best = root_best_;
        std::vector<Move> pv{root_best_};
        if (pv_length_[0] > 0 && pv_[0][0] == root_best_) pv.assign(pv_[0], pv_[0] + pv_length_[0]);
        result.ponder = pv.size() > 1 ? pv[1] : Move::none();
        result.score = root_best_score_;
        result.depth = depth;
        if (on_info)
          on_info(SearchInfo{depth, seldepth_, root_best_score_, nodes_, time_.elapsed_ms(),
                             features_.transposition_table ? tt_.hashfull() : 0, pv_until_game_ends(root, root_keys, pv)});
      }
      break;
    }
    score = s;
    previous_pv_.assign(pv_[0], pv_[0] + pv_length_[0]);
    result.best = previous_pv_.empty() ? result.best : previous_pv_[0];
    result.ponder = previous_pv_.size() > 1 ? previous_pv_[1] : Move::none();
    result.score = score;
    result.depth = depth;
    if (on_info)
      on_info(SearchInfo{depth, seldepth_, score, nodes_, time_.elapsed_ms(), features_.transposition_table ? tt_.hashfull() : 0,
                         pv_until_game_ends(root, root_keys, previous_pv_)});
    if (limits.nodes && nodes_ >= limits.nodes) break;
    if (pondering_.load()) continue;  // no time limit before ponderhit
    if (time_.past_soft_limit()) break;
    // The next iteration takes a few times longer than this one: do not start what cannot finish.
    if (features_.time_management && time_.hard_ms() >= 0 && time_.elapsed_ms() * 2 > time_.hard_ms()) break;
    if (legal.size() == 1 && !limits.infinite && time_.hard_ms() >= 0) break;
  }
  result.nodes = nodes_;
  return result;
}

int Searcher::search_root(Position& pos, int alpha, int beta, int depth) {
  pv_length_[0] = 0;
  Move first = previous_pv_.empty() ? Move::none() : previous_pv_[0];
  MovePicker picker(pos, first, ordering_, 0, features_, false);
  int best = -INF;
  int searched = 0;
  Undo undo;
  for (Move m = picker.next(); !m.is_none(); m = picker.next()) {
    if (m != first) following_pv_ = false;
    path_moves_[0] = m;
    path_pieces_[0] = pos.moved_piece(m);
    make_move(pos, m, undo);
    keys_.push_back(pos.key());
    int s;
    if (searched == 0 || !features_.pvs) {
      s = -search(pos, -beta, -alpha, depth - 1, 1, true);
    } else {
      s = -search(pos, -alpha - 1, -alpha, depth - 1, 1, true);
      if (s > alpha && s < beta) s = -search(pos, -beta, -alpha, depth - 1, 1, true);
    }
    keys_.pop_back();
    unmake_move(pos, m, undo);
    if (stopped_) break;
    ++searched;
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        root_best_ = m;
        root_best_score_ = s;
        update_pv(0, m);
        if (s >= beta) break;
      }
    }
  }
  return best;
}

}  // namespace search
