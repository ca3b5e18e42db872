#include "move_picker.h"

#include <algorithm>
#include <cstdlib>

#include "see.h"

namespace search {

using namespace chess;

namespace {

constexpr int FIRST_SCORE = 1 << 30;
constexpr int CAPTURE_SCORE = 1 << 28;
constexpr int KILLER_SCORE = 1 << 27;
constexpr int COUNTERMOVE_SCORE = KILLER_SCORE - 2;
constexpr int BAD_CAPTURE_SCORE = -(1 << 28);
constexpr int HISTORY_LIMIT = 16384;  // the bound that history with gravity approaches

int mvv_lva(const Position& pos, Move m) {
  PieceType victim = m.kind() == MoveKind::EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
  int promo = m.is_promotion() ? SEE_VALUE[m.promotion()] : 0;
  return SEE_VALUE[victim] * 16 + promo - int(type_of(pos.moved_piece(m)));
}

int history_bonus(int depth) { return std::min(1600, 32 * depth * depth); }

// Moves the entry toward +/-HISTORY_LIMIT by `bonus`, less the closer it already is.
void apply_gravity(int& entry, int bonus) { entry += bonus - entry * std::abs(bonus) / HISTORY_LIMIT; }

void update_continuation(const Position& pos, Move m, int bonus, PieceToHistory* const followed[2]) {
  for (int i = 0; i < 2; ++i)
    if (followed[i]) apply_gravity((*followed[i])[pos.moved_piece(m)][m.to()], bonus);
}

}  // namespace

void OrderingTables::clear_killers() {
  for (auto& k : killers) k[0] = k[1] = Move::none();
}

void OrderingTables::age_history() {
  for (auto& side : history)
    for (auto& from : side)
      for (int& h : from) h /= 8;
}

void OrderingTables::record_cutoff(const Position& pos, Move m, int ply, int depth, const Features& f,
                                   PieceToHistory* const followed[2]) {
  if (pos.is_capture(m) || m.is_promotion()) return;
  if (f.killers && ply < MAX_PLY && killers[ply][0] != m) {
    killers[ply][1] = killers[ply][0];
    killers[ply][0] = m;
  }
  if (f.history) {
    int& h = history[pos.side_to_move()][m.from()][m.to()];
    if (f.history_gravity) {
      apply_gravity(h, history_bonus(depth));
    } else {
      h += depth * depth;
      if (h > (1 << 20)) age_history();
    }
  }
  if (f.continuation_history) update_continuation(pos, m, history_bonus(depth), followed);
}

void OrderingTables::penalise(const Position& pos, Move m, int depth, const Features& f, PieceToHistory* const followed[2]) {
  int& h = history[pos.side_to_move()][m.from()][m.to()];
  if (f.history_gravity)
    apply_gravity(h, -history_bonus(depth));
  else
    h = std::max(h - depth * depth, -(1 << 20));
  if (f.continuation_history) update_continuation(pos, m, -history_bonus(depth), followed);
}

int quiet_history(const Position& pos, Move m, const OrderingTables& tables, const PathContext& ctx) {
  int s = tables.history[pos.side_to_move()][m.from()][m.to()];
  for (const PieceToHistory* row : ctx.followed)
    if (row) s += (*row)[pos.moved_piece(m)][m.to()];
  return s;
}

MovePicker::MovePicker(const Position& pos, Move first, const OrderingTables& tables, int ply, const Features& f, bool noisy_only,
                       const PathContext& ctx)
    : pos_(pos) {
  if (noisy_only)
    generate_noisy(pos, moves_);
  else
    generate_legal(pos, moves_);
  for (int i = 0; i < moves_.size(); ++i) {
    Move m = moves_[i];
    int s;
    see_pending_[i] = false;
    if (m == first) {
      s = FIRST_SCORE;
    } else if (pos.is_capture(m) || m.is_promotion()) {
      s = CAPTURE_SCORE + mvv_lva(pos, m);
      see_pending_[i] = f.see_pruning;  // checked when it comes up, so that a cutoff before saves the work
    } else if (f.killers && ply < OrderingTables::MAX_PLY && (m == tables.killers[ply][0] || m == tables.killers[ply][1])) {
      s = KILLER_SCORE - (m == tables.killers[ply][1]);
    } else if (m == ctx.countermove) {
      s = COUNTERMOVE_SCORE;
    } else {
      s = f.history ? quiet_history(pos, m, tables, ctx) : 0;
    }
    scores_[i] = s;
  }
}

Move MovePicker::next() {
  while (index_ < moves_.size()) {
    int best = index_;
    for (int i = index_ + 1; i < moves_.size(); ++i)
      if (scores_[i] > scores_[best]) best = i;
    if (see_pending_[best]) {
      see_pending_[best] = false;
      if (see(pos_, moves_[best]) < 0) {  // a losing capture: after the quiet moves
        scores_[best] += BAD_CAPTURE_SCORE - CAPTURE_SCORE;
        continue;
      }
    }
    std::swap(moves_[index_], moves_[best]);
    std::swap(scores_[index_], scores_[best]);
    std::swap(see_pending_[index_], see_pending_[best]);
    last_score_ = scores_[index_];
    return moves_[index_++];
  }
  return Move::none();
}

bool MovePicker::last_was_refutation() const { return last_score_ >= COUNTERMOVE_SCORE && last_score_ <= KILLER_SCORE; }

}  // namespace search
