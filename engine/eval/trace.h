// The evaluation as a linear function of its weights, for the tuner: which weights fired in a
// position and how often, White's count minus Black's. With these coefficients and the game
// phase, the score of any weights is
//   (sum over middle-game weights of w x n) x phase / 24 + (sum over end-game weights) x (24 - phase) / 24,
// from White's view, equal to evaluate() but for its rounding. The engine does not link this:
// its evaluation carries no trace at all (evaluate_terms.h).
#pragma once

#include <cstdint>
#include <vector>

#include "core/position.h"
#include "evaluate.h"
#include "params.h"

namespace eval {

struct TraceTerm {
  std::uint16_t weight;  // flat index: the weight's place among all weights (param_list order, tables element by element)
  std::int16_t count;    // White's count minus Black's
};

struct EvalTrace {
  std::vector<TraceTerm> terms;  // by flat index, no zero counts
  int phase = 0;                 // 0 to 24
  int score = 0;                 // evaluate()'s result, White's view
};

EvalTrace trace_evaluation(const chess::Position& pos, const EvalParams& params, EvalMode mode);

// Whether the weight at a flat index is an end-game weight (a name ending in "_eg").
const std::vector<bool>& endgame_weights();
// All weights as one array in flat order.
std::vector<int> flat_weights(const EvalParams& params);

}  // namespace eval
