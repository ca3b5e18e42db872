// Move ordering: hash or PV move first, then good captures (MVV/LVA), killers, history, bad captures.
#pragma once

#include <cstdint>

#include "core/movegen.h"
#include "versions.h"

namespace search {

// Killer moves per ply and history scores per side, from-square and to-square.
struct OrderingTables {
  static constexpr int MAX_PLY = 128;
  chess::Move killers[MAX_PLY][2] = {};
  int history[chess::COLOR_NB][chess::SQUARE_NB][chess::SQUARE_NB] = {};
  // By the previous move's piece and destination: the quiet move that refuted it.
  chess::Move countermoves[chess::PIECE_NB][chess::SQUARE_NB] = {};
  void clear_killers();
  void age_history();
  // A quiet move that was searched but did not cut off, at a node where another move did.
  void penalise(const chess::Position& pos, chess::Move m, int depth);
  void record_cutoff(const chess::Position& pos, chess::Move m, int ply, int depth, const Features& f);
};

class MovePicker {
 public:
  // All legal moves (noisy_only: captures and promotions), best first by `f`'s ordering.
  MovePicker(const chess::Position& pos, chess::Move first, const OrderingTables& tables, int ply, const Features& f,
             bool noisy_only, chess::Move countermove = chess::Move::none());
  // The next move, or Move::none() when done.
  chess::Move next();
  int size() const { return moves_.size(); }
  // Whether the move last returned was ordered as a losing capture.
  bool last_was_bad_capture() const { return last_score_ < 0; }

 private:
  chess::MoveList moves_;
  int scores_[chess::MAX_MOVES];
  int index_ = 0;
  int last_score_ = 0;
};

}  // namespace search
