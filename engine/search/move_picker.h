// Move ordering: hash or PV move first, then good captures (MVV/LVA), killers, history, bad captures.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/movegen.h"
#include "versions.h"

namespace search {

// History scores of quiet moves by the moving piece and its destination.
using PieceToHistory = std::array<std::array<int, chess::SQUARE_NB>, chess::PIECE_NB>;

// Killer moves per ply, history scores per side, from-square and to-square, and continuation
// history: the history of a quiet move after a given move one or two plies earlier.
struct OrderingTables {
  static constexpr int MAX_PLY = 128;
  chess::Move killers[MAX_PLY][2] = {};
  int history[chess::COLOR_NB][chess::SQUARE_NB][chess::SQUARE_NB] = {};
  // By the previous move's piece and destination: the quiet move that refuted it.
  chess::Move countermoves[chess::PIECE_NB][chess::SQUARE_NB] = {};
  // By an earlier move's piece and destination (index piece * 64 + square).
  std::vector<PieceToHistory> continuation = std::vector<PieceToHistory>(int(chess::PIECE_NB) * int(chess::SQUARE_NB));

  void clear_killers();
  void age_history();
  PieceToHistory* continuation_after(chess::Piece pc, chess::Square to) {
    return &continuation[int(pc) * int(chess::SQUARE_NB) + int(to)];
  }
  // A quiet move that was searched but did not cut off, at a node where another move did.
  void penalise(const chess::Position& pos, chess::Move m, int depth, const Features& f, PieceToHistory* const followed[2]);
  void record_cutoff(const chess::Position& pos, chess::Move m, int ply, int depth, const Features& f,
                     PieceToHistory* const followed[2]);
};

// What the picker knows of the path to the node: the countermove to the previous move and the
// continuation-history rows of the moves one and two plies earlier (nullptr: none).
struct PathContext {
  chess::Move countermove = chess::Move::none();
  PieceToHistory* followed[2] = {nullptr, nullptr};
};

// The ordering score of a quiet move by history alone (also used to reduce it less or more).
int quiet_history(const chess::Position& pos, chess::Move m, const OrderingTables& tables, const PathContext& ctx);

class MovePicker {
 public:
  // All legal moves (noisy_only: captures and promotions), best first by `f`'s ordering.
  MovePicker(const chess::Position& pos, chess::Move first, const OrderingTables& tables, int ply, const Features& f,
             bool noisy_only, const PathContext& ctx = {});
  // The next move, or Move::none() when done.
  chess::Move next();
  int size() const { return moves_.size(); }
  // Whether the move last returned was ordered as a losing capture.
  bool last_was_bad_capture() const { return last_score_ < 0; }
  // Whether the move last returned was a killer or the countermove.
  bool last_was_refutation() const;

 private:
  const chess::Position& pos_;
  chess::MoveList moves_;
  int scores_[chess::MAX_MOVES];
  bool see_pending_[chess::MAX_MOVES];  // a capture ordered as good whose exchange is not yet checked
  int index_ = 0;
  int last_score_ = 0;
};

}  // namespace search
