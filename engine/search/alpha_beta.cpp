// The alpha-beta search of a node below the root: draws and the table's cutoff, reverse
// futility and null-move pruning, then its moves with late-move and SEE pruning, futility,
// singular extension and late-move reduction; repetitions and the ordering's path context.
#include "search.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "search_path.h"
#include "see.h"

namespace search {

using namespace chess;

namespace {

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

}  // namespace

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

}  // namespace search
