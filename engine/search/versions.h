// The engine's named versions, modelled on Mediocre's releases: each is a set of switches over
// one search and one evaluation. The table in versions.cpp is the only place they are defined.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "eval/evaluate.h"
#include "eval/params.h"

namespace search {

struct Features {
  bool null_move = false;            // null-move pruning
  bool killers = false;              // killer moves in ordering
  bool history = false;              // history heuristic in ordering
  bool time_management = false;      // soft/hard limits from clocks; otherwise a flat share of the clock
  bool transposition_table = false;  // Zobrist-keyed table, hash move first
  bool repetition = false;           // draw by repetition of Zobrist keys, in the tree and the game
  bool fifty_move = false;           // fifty-move rule inside the search
  bool pvs = false;                  // principal variation search (null windows after the first move)
  bool late_move_reductions = false;
  bool futility = false;    // futility and reverse futility pruning near the leaves
  bool aspiration = false;  // aspiration windows at the root
  bool check_extension = false;
  bool see_pruning = false;                   // drop losing captures in quiescence, order them last
  bool quiescence_evasions = false;           // search all moves when in check in quiescence
  bool contempt = false;                      // honour the Contempt option
  bool late_move_pruning = false;             // skip late quiet moves near the leaves
  bool adaptive_null_move = false;            // null-move reduction grows with depth and the margin over beta
  bool internal_iterative_reduction = false;  // search one ply less where the table has no move
  bool history_malus = false;                 // quiet moves searched before a cutoff lose history
  bool improving = false;                     // prune and reduce less where the static eval rose over two plies
  bool deep_futility = false;                 // reverse futility up to depth 8, SEE pruning of losing captures
  bool quiescence_tt = false;                 // transposition table probed and written in quiescence
  bool countermove = false;                   // the quiet move that last refuted the opponent's move, after the killers
  bool history_gravity = false;               // bounded history updates instead of growth and ageing; LMR by history
  bool continuation_history = false;          // history of quiet moves after the moves one and two plies earlier
  bool tt_eval = false;                       // the table's score refines the static evaluation where its bound allows
  bool singular_extension = false;            // a ply more for a table move that alone holds the score (else multi-cut)
  eval::EvalMode eval = eval::EvalMode::MATERIAL_PST;
};

struct Version {
  std::string_view name;
  std::string_view summary;
  Features features;
  const eval::EvalParams& (*weights)();  // the version's own default weights
  bool builtin_network = false;          // evaluates with the engine's built-in network unless told otherwise
};

const std::vector<Version>& versions();
// The version of that name, or nullptr.
const Version* find_version(std::string_view name);
// "v0.1, v0.11, v0.12, v0.2, dev"
std::string version_names();

}  // namespace search
