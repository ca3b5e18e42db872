#include "evaluate.h"

#include "evaluate_terms.h"

namespace eval {

int game_phase(const chess::Position& pos) { return terms::game_phase(pos); }

int evaluate(const chess::Position& pos, const EvalParams& params, EvalMode mode) {
  terms::NoTrace none;
  return terms::evaluate(pos, params, mode == EvalMode::FULL, none);
}

}  // namespace eval
