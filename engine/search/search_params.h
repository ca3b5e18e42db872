// The search's margins and reduction constants, each declared once here with its chess meaning
// and its range. Every one is a UCI spin option of the engine (src/options.cpp), as the
// evaluation weights are, so that any tuner can move it; the defaults are the engine's own.
// They act where a version's feature switch (versions.h) turns the technique on.
#pragma once

#include <string_view>
#include <vector>

namespace search {

struct SearchParams {
  int lmr_base = 73;                 // late-move reduction: constant part, in hundredths of a ply
  int lmr_divisor = 228;             // late-move reduction: ln(depth) ln(move number) divided by this / 100
  int lmr_history_divisor = 7936;    // late-move reduction: history points per ply reduced less
  int null_move_base = 2;            // adaptive null move: plies of reduction at any depth
  int null_move_depth_divisor = 4;   // adaptive null move: a ply more per this many plies of depth
  int null_move_eval_divisor = 212;  // adaptive null move: a ply more per this many centipawns over beta
  int null_move_eval_max = 3;        // adaptive null move: at most this many plies from the margin over beta
  int reverse_futility_depth = 8;    // reverse futility: the deepest remaining depth pruned
  int reverse_futility_margin = 67;  // reverse futility: centipawns over beta per ply of depth
  int futility_depth = 3;            // futility: the deepest remaining depth where quiet moves are pruned
  int futility_margin = 142;         // futility: centipawns below alpha per ply of depth
  int see_pruning_depth = 7;         // SEE pruning: the deepest remaining depth where losing captures are skipped
  int see_pruning_margin = 100;      // SEE pruning: centipawns of exchange loss allowed per ply of depth
  int late_move_pruning_depth = 7;   // late-move pruning: the deepest remaining depth
  int late_move_pruning_base = 6;    // late-move pruning: quiet moves tried = (base + depth^2), halved if not improving
  int aspiration_depth = 4;          // aspiration windows: from this iteration on
  int aspiration_window = 22;        // aspiration windows: first half-width in centipawns, doubled on each failure
  int singular_depth = 5;            // singular extension: the shallowest depth tested
  int singular_margin = 2;           // singular extension: centipawns below the table's score per ply of depth
  int singular_tt_depth = 2;         // singular extension: how much shallower the table's entry may be
  int iir_depth = 4;                 // internal iterative reduction: the shallowest depth reduced without a table move
};

struct SearchParamInfo {
  std::string_view name;  // also the UCI option's name
  int SearchParams::*field;
  int min, max;
};

// Every field of SearchParams, in declaration order.
const std::vector<SearchParamInfo>& search_param_list();

}  // namespace search
