// Static evaluation: a tapered sum of named weights (see params.def), from the side to move's view.
#pragma once

#include "core/position.h"
#include "params.h"

namespace eval {

enum class EvalMode {
  MATERIAL_PST,  // material and piece-square tables only (versions v0.1 to v0.2)
  FULL           // plus mobility, pawn structure, king safety, rooks, bishop pair, development
};

// Centipawns for the side to move.
int evaluate(const chess::Position& pos, const EvalParams& params, EvalMode mode);

// Game phase from 0 (only kings and pawns) to 24 (all pieces), used to blend mg and eg.
int game_phase(const chess::Position& pos);

}  // namespace eval
