#include "search.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "pv_end.h"
#include "see.h"

namespace search {

using namespace chess;

namespace {

int score_to_tt(int s, int ply) { return s >= MATE_BOUND ? s + ply : s <= -MATE_BOUND ? s - ply : s; }
int score_from_tt(int s, int ply) { return s >= MATE_BOUND ? s - ply : s <= -MATE_BOUND ? s + ply : s; }

bool has_non_pawn_material(const Position& pos, Color c) { return pos.pieces(c) != (pos.pieces(c, PAWN) | pos.pieces(c, KING)); }

// The first versions' null move and reverse futility (fixed; dev's are search parameters).
int null_move_reduction(int depth) { return depth > 6 ? 3 : 2; }
constexpr int SHALLOW_REVERSE_FUTILITY_DEPTH = 3;
constexpr int SHALLOW_REVERSE_FUTILITY_MARGIN = 100;

int adaptive_null_reduction(const SearchParams& sp, int depth, int static_eval, int beta) {
  return sp.null_move_base + depth / sp.null_move_depth_divisor +
         std::min(sp.null_move_eval_max, (static_eval - beta) / sp.null_move_eval_divisor);
}

// Quiet moves tried at depth d before the rest are skipped (half as many where not improving).
int late_move_count(const SearchParams& sp, int depth, bool improving) {
  return (sp.late_move_pruning_base + depth * depth) / (improving ? 1 : 2);
}

// Reverse futility: the deepest remaining depth pruned, and the margin over beta there.
int reverse_futility_depth(const SearchParams& sp, bool deep) {
  return deep ? sp.reverse_futility_depth : SHALLOW_REVERSE_FUTILITY_DEPTH;
}
int reverse_futility_margin(const SearchParams& sp, int depth, bool improving, bool deep) {
  return deep ? sp.reverse_futility_margin * (depth - improving) : SHALLOW_REVERSE_FUTILITY_MARGIN * depth;
}

bool score_within_bound(int s, Bound bound, int alpha, int beta) {
  return bound == Bound::EXACT || (bound == Bound::LOWER && s >= beta) || (bound == Bound::UPPER && s <= alpha);
}

// The one clamp of every evaluation the search and `eval` use: within +-MAX_EVAL, below the mate
// range, so a network file or weights that evaluate beyond it never give a false mate.
int evaluation_within_bounds(int cp) { return std::clamp(cp, -MAX_EVAL, MAX_EVAL); }

}  // namespace

int mate_in_moves(int score) {
  if (score >= MATE_BOUND) return (MATE - score + 1) / 2;
  if (score <= -MATE_BOUND) return -(MATE + score) / 2;
  return 0;
}

Searcher::Searcher() : features_(find_version("dev")->features), params_(find_version("dev")->weights()) {
  set_search_params(sp_);
}

// The usual logarithmic reduction: deeper and later moves are reduced more.
void Searcher::set_search_params(const SearchParams& p) {
  sp_ = p;
  for (int d = 1; d < 64; ++d)
    for (int m = 1; m < 64; ++m)
      lmr_table_[std::size_t(d)][std::size_t(m)] = std::uint8_t(
          std::clamp(int(sp_.lmr_base / 100.0 + std::log(double(d)) * std::log(double(m)) / (sp_.lmr_divisor / 100.0)), 0, 63));
}

void Searcher::new_game() {
  tt_.clear();
  ordering_ = OrderingTables{};
}

int Searcher::evaluate(const Position& pos) const {
  return evaluation_within_bounds(network_ ? nnue::evaluate_position(*network_, pos)
                                           : eval::evaluate(pos, params_, features_.eval));
}

void Searcher::set_network(std::shared_ptr<const nnue::Network> net) {
  if (net != network_) {
    network_ = std::move(net);
    accumulators_ = network_ ? std::make_unique<nnue::AccumulatorStack>(*network_, MAX_PLY + 2) : nullptr;
  }
  tt_.clear();
}

void Searcher::set_evaluation(const eval::EvalParams& p, std::shared_ptr<const nnue::Network> net) {
  params_ = p;
  set_network(std::move(net));
}

void Searcher::make_move(Position& pos, Move m, Undo& undo) {
  if (accumulators_) accumulators_->push(pos, m);
  pos.do_move(m, undo);
}

void Searcher::unmake_move(Position& pos, Move m, const Undo& undo) {
  if (accumulators_) accumulators_->pop();
  pos.undo_move(m, undo);
}

void Searcher::make_null_move(Position& pos, Undo& undo) {
  if (accumulators_) accumulators_->push_null();
  pos.do_null_move(undo);
}

void Searcher::unmake_null_move(Position& pos, const Undo& undo) {
  if (accumulators_) accumulators_->pop();
  pos.undo_null_move(undo);
}

int Searcher::path_evaluation(const Position& pos) {
  return evaluation_within_bounds(accumulators_ ? accumulators_->evaluate(pos.side_to_move())
                                                : eval::evaluate(pos, params_, features_.eval));
}

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

int Searcher::search(Position& pos, int alpha, int beta, int depth, int ply, bool null_allowed) {
  pv_length_[ply] = ply;
  if (should_stop()) return 0;
  if (features_.repetition && is_repetition(pos)) return draw_score(ply);
  if (features_.fifty_move && pos.rule50() >= 100) return draw_score(ply);
  if (ply >= MAX_PLY - 1) return path_evaluation(pos);
  if (ply >= int(previous_pv_.size())) following_pv_ = false;

  const bool in_check = pos.in_check();
  if (features_.check_extension && in_check) ++depth;
  if (depth <= 0) return quiescence(pos, alpha, beta, ply);
  ++nodes_;
  seldepth_ = std::max(seldepth_, ply);
  // Without PVS every window is wide, so only PVS versions treat PV nodes apart.
  const bool pv_node = features_.pvs && beta - alpha > 1;

  const Move excluded = excluded_[ply];  // set while a singular-extension search leaves the table's move out
  Move tt_move = Move::none();
  TTEntry tt{};  // a copy: the entry may be replaced while the subtree is searched
  if (features_.transposition_table) {
    if (const TTEntry* e = tt_.probe(pos.key())) {
      tt = *e;
      tt_move = Move::from_raw(tt.move);
      int s = score_from_tt(tt.score, ply);
      if (!pv_node && excluded.is_none() && tt.depth >= depth && score_within_bound(s, tt.bound(), alpha, beta)) return s;
    }
  }

  const int raw_eval = in_check ? TTEntry::NO_EVAL : tt.eval != TTEntry::NO_EVAL ? tt.eval : path_evaluation(pos);
  const int static_eval = in_check ? -INF : refined_eval(raw_eval, tt, ply);
  static_evals_[ply] = static_eval;
  const bool improving = features_.improving && !in_check && ply >= 2 && static_eval > static_evals_[ply - 2];
  if (!pv_node && !in_check && excluded.is_none()) {
    const bool deep = features_.deep_futility;
    if (features_.futility && depth <= reverse_futility_depth(sp_, deep) && std::abs(beta) < MATE_BOUND &&
        static_eval - reverse_futility_margin(sp_, depth, improving, deep) >= beta)
      return static_eval;
    if (features_.null_move && null_allowed && depth >= 2 && static_eval >= beta &&
        has_non_pawn_material(pos, pos.side_to_move())) {
      if (const std::optional<int> cutoff = null_move_search(pos, beta, depth, ply, static_eval)) return *cutoff;
    }
  }

  const Move pv_move = following_pv_ && ply < int(previous_pv_.size()) ? previous_pv_[ply] : Move::none();
  if (features_.internal_iterative_reduction && depth >= sp_.iir_depth && tt_move.is_none() && pv_move.is_none()) --depth;
  const PathContext path = path_context(ply);
  MovePicker picker(pos, tt_move.is_none() ? pv_move : tt_move, ordering_, ply, features_, false, path);
  if (picker.size() == 0) return in_check ? -MATE + ply : draw_score(ply);

  const bool futile = features_.futility && !pv_node && !in_check && depth <= sp_.futility_depth &&
                      static_eval + sp_.futility_margin * depth <= alpha;
  const Node node{depth, ply, pv_node, in_check, improving, futile, excluded, tt_move, pv_move, tt, path, raw_eval};
  return search_moves(pos, alpha, beta, node, picker);
}

std::optional<int> Searcher::null_move_search(Position& pos, int beta, int depth, int ply, int static_eval) {
  Undo undo;
  path_moves_[ply] = Move::none();
  make_null_move(pos, undo);
  keys_.push_back(pos.key());
  const int r =
      features_.adaptive_null_move ? adaptive_null_reduction(sp_, depth, static_eval, beta) : null_move_reduction(depth);
  int s = -search(pos, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
  keys_.pop_back();
  unmake_null_move(pos, undo);
  if (stopped_) return 0;
  if (s >= beta) return s >= MATE_BOUND ? beta : s;
  return std::nullopt;
}

int Searcher::search_moves(Position& pos, int alpha, int beta, const Node& node, MovePicker& picker) {
  const auto& [depth, ply, pv_node, in_check, improving, futile, excluded, tt_move, pv_move, tt, path, raw_eval] = node;
  const int original_alpha = alpha;
  int best = -INF;
  Move best_move = Move::none();
  int searched = 0;
  Move quiets[MAX_MOVES];
  int quiet_count = 0;
  Undo undo;
  for (Move m = picker.next(); !m.is_none(); m = picker.next()) {
    if (m == excluded) continue;
    const bool quiet = !pos.is_capture(m) && !m.is_promotion();
    if (features_.late_move_pruning && !pv_node && !in_check && quiet && depth <= sp_.late_move_pruning_depth &&
        quiet_count >= late_move_count(sp_, depth, improving || !features_.improving) && best > -MATE_BOUND)
      continue;
    if (features_.deep_futility && !pv_node && !in_check && depth <= sp_.see_pruning_depth && searched > 0 &&
        best > -MATE_BOUND && picker.last_was_bad_capture() && see(pos, m) < -sp_.see_pruning_margin * depth)
      continue;
    if (m != pv_move) following_pv_ = false;
    const int history = quiet && features_.history_gravity ? quiet_history(pos, m, ordering_, path) : 0;
    int extension = 0;
    if (m == tt_move && singular_candidate(tt, excluded, depth, ply)) {
      const Singularity sg = test_singularity(pos, tt, beta, depth, ply);
      if (stopped_) return 0;
      if (sg.multicut) return sg.score;
      extension = sg.extend;
    }
    const int new_depth = depth - 1 + extension;
    path_moves_[ply] = m;
    path_pieces_[ply] = pos.moved_piece(m);
    make_move(pos, m, undo);
    if (features_.transposition_table) tt_.prefetch(pos.key());
    const bool gives_check = pos.in_check();
    if (futile && searched > 0 && quiet && !gives_check) {
      unmake_move(pos, m, undo);
      continue;
    }
    keys_.push_back(pos.key());
    const int s = search_move(pos, alpha, beta, new_depth, node, searched, quiet, gives_check, history, picker);
    keys_.pop_back();
    unmake_move(pos, m, undo);
    if (stopped_) return 0;
    ++searched;
    if (s > best) {
      best = s;
      best_move = m;
      if (s > alpha) {
        alpha = s;
        update_pv(ply, m);
        if (s >= beta) {
          ordering_.record_cutoff(pos, m, ply, depth, features_, path.followed);
          if (Move* slot = countermove_slot(ply); slot && quiet) *slot = m;
          if (features_.history_malus && quiet)
            for (int i = 0; i < quiet_count; ++i) ordering_.penalise(pos, quiets[i], depth, features_, path.followed);
          break;
        }
      }
    }
    if (quiet && quiet_count < MAX_MOVES) quiets[quiet_count++] = m;
  }
  if (searched == 0) best = alpha;  // every move was pruned as futile (or was the excluded one)
  if (features_.transposition_table && excluded.is_none()) {
    Bound bound = best >= beta ? Bound::LOWER : best > original_alpha ? Bound::EXACT : Bound::UPPER;
    tt_.store(pos.key(), best_move, score_to_tt(best, ply), depth, bound, raw_eval);
  }
  return best;
}

int Searcher::search_move(Position& pos, int alpha, int beta, int new_depth, const Node& node, int searched, bool quiet,
                          bool gives_check, int history, const MovePicker& picker) {
  int s;
  if (searched == 0 || !features_.pvs) {
    s = -search(pos, -beta, -alpha, new_depth, node.ply + 1, true);
  } else {
    int r = 0;
    if (features_.late_move_reductions && node.depth >= 3 && searched >= 2 + node.pv_node && quiet && !node.in_check &&
        !gives_check) {
      r = late_move_reduction(node.depth, searched + 1) - node.pv_node + (features_.improving && !node.improving);
      if (features_.history_gravity) r -= history / sp_.lmr_history_divisor + picker.last_was_refutation();
      r = std::clamp(r, 0, node.depth - 2);
    }
    s = -search(pos, -alpha - 1, -alpha, new_depth - r, node.ply + 1, true);
    if (s > alpha && r > 0) s = -search(pos, -alpha - 1, -alpha, new_depth, node.ply + 1, true);
    if (s > alpha && s < beta) s = -search(pos, -beta, -alpha, new_depth, node.ply + 1, true);
  }
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

bool Searcher::singular_candidate(const TTEntry& tt, Move excluded, int depth, int ply) const {
  return features_.singular_extension && ply > 0 && excluded.is_none() && depth >= sp_.singular_depth &&
         tt.depth >= depth - sp_.singular_tt_depth && (tt.bound() == Bound::LOWER || tt.bound() == Bound::EXACT) &&
         std::abs(score_from_tt(tt.score, ply)) < MATE_BOUND;
}

Searcher::Singularity Searcher::test_singularity(Position& pos, const TTEntry& tt, int beta, int depth, int ply) {
  const int singular_beta = score_from_tt(tt.score, ply) - sp_.singular_margin * depth;
  excluded_[ply] = Move::from_raw(tt.move);
  const int s = search(pos, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, false);
  excluded_[ply] = Move::none();
  if (s < singular_beta) return {true, false, 0};
  // Another move also beats beta: the node fails high without searching the table's move deeper.
  if (singular_beta >= beta) return {false, true, singular_beta};
  return {};
}

int Searcher::refined_eval(int raw_eval, const TTEntry& tt, int ply) const {
  if (!features_.tt_eval || tt.bound() == Bound::NONE) return raw_eval;
  const int s = score_from_tt(tt.score, ply);
  if (std::abs(s) >= MATE_BOUND) return raw_eval;
  const bool tighter =
      tt.bound() == Bound::EXACT || (tt.bound() == Bound::LOWER && s > raw_eval) || (tt.bound() == Bound::UPPER && s < raw_eval);
  return tighter ? s : raw_eval;
}

Move* Searcher::countermove_slot(int ply) {
  if (!features_.countermove || ply == 0 || path_moves_[ply - 1].is_none()) return nullptr;
  return &ordering_.countermoves[path_pieces_[ply - 1]][path_moves_[ply - 1].to()];
}

PathContext Searcher::path_context(int ply) {
  PathContext ctx;
  const Move* slot = countermove_slot(ply);
  ctx.countermove = slot ? *slot : Move::none();
  if (features_.continuation_history)
    for (int back = 1; back <= 2 && back <= ply; ++back)
      if (!path_moves_[ply - back].is_none())
        ctx.followed[back - 1] = ordering_.continuation_after(path_pieces_[ply - back], path_moves_[ply - back].to());
  return ctx;
}

bool Searcher::is_repetition(const Position& pos) const {
  const int n = int(keys_.size()) - 1;
  const int oldest = std::max(0, n - pos.rule50());
  for (int i = n - 2; i >= oldest; i -= 2)
    if (keys_[i] == keys_[n]) return true;
  return false;
}

int Searcher::draw_score(int ply) const {
  int c = features_.contempt ? contempt_ : 0;
  return ply % 2 == 0 ? -c : c;
}

bool Searcher::should_stop() {
  if (stopped_) return true;
  if ((nodes_ & 1023) == 0 && (stop_requested_.load(std::memory_order_relaxed) ||
                               (!pondering_.load(std::memory_order_relaxed) && time_.past_hard_limit())))
    stopped_ = true;
  if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
  return stopped_;
}

void Searcher::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  int child_len = pv_length_[ply + 1];
  for (int j = ply + 1; j < child_len; ++j) pv_[ply][j] = pv_[ply + 1][j];
  pv_length_[ply] = std::max(child_len, ply + 1);
}

}  // namespace search
