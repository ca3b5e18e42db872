#include "move_picker.h"

#include <algorithm>

#include "see.h"

namespace search {

using namespace chess;

namespace {

constexpr int FIRST_SCORE = 1 << 30;
constexpr int CAPTURE_SCORE = 1 << 28;
constexpr int KILLER_SCORE = 1 << 27;
constexpr int BAD_CAPTURE_SCORE = -(1 << 28);

int mvv_lva(const Position& pos, Move m) {
  PieceType victim = m.kind() == MoveKind::EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
  int promo = m.is_promotion() ? SEE_VALUE[m.promotion()] : 0;
  return SEE_VALUE[victim] * 16 + promo - int(type_of(pos.moved_piece(m)));
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

void OrderingTables::record_cutoff(const Position& pos, Move m, int ply, int depth, const Features& f) {
  if (pos.is_capture(m) || m.is_promotion()) return;
  if (f.killers && ply < MAX_PLY && killers[ply][0] != m) {
    killers[ply][1] = killers[ply][0];
    killers[ply][0] = m;
  }
  if (f.history) {
    int& h = history[pos.side_to_move()][m.from()][m.to()];
    h += depth * depth;
    if (h > (1 << 20)) age_history();
  }
}

void OrderingTables::penalise(const Position& pos, Move m, int depth) {
  int& h = history[pos.side_to_move()][m.from()][m.to()];
  h = std::max(h - depth * depth, -(1 << 20));
}

MovePicker::MovePicker(const Position& pos, Move first, const OrderingTables& tables, int ply, const Features& f, bool noisy_only,
                       Move countermove) {
  if (noisy_only)
    generate_noisy(pos, moves_);
  else
    generate_legal(pos, moves_);
  for (int i = 0; i < moves_.size(); ++i) {
    Move m = moves_[i];
    int s;
    if (m == first) {
      s = FIRST_SCORE;
    } else if (pos.is_capture(m) || m.is_promotion()) {
      s = CAPTURE_SCORE + mvv_lva(pos, m);
      if (f.see_pruning && see(pos, m) < 0) s = BAD_CAPTURE_SCORE + mvv_lva(pos, m);
    } else if (f.killers && ply < OrderingTables::MAX_PLY && (m == tables.killers[ply][0] || m == tables.killers[ply][1])) {
      s = KILLER_SCORE - (m == tables.killers[ply][1]);
    } else if (m == countermove) {
      s = KILLER_SCORE - 2;
    } else {
      s = f.history ? tables.history[pos.side_to_move()][m.from()][m.to()] : 0;
    }
    scores_[i] = s;
  }
}

Move MovePicker::next() {
  if (index_ >= moves_.size()) return Move::none();
  int best = index_;
  for (int i = index_ + 1; i < moves_.size(); ++i)
    if (scores_[i] > scores_[best]) best = i;
  std::swap(moves_[index_], moves_[best]);
  std::swap(scores_[index_], scores_[best]);
  last_score_ = scores_[index_];
  return moves_[index_++];
}

}  // namespace search
