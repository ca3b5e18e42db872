#include "versions.h"

namespace search {

namespace {

Features v0_1() {
  Features f;  // alpha-beta, quiescence with MVV/LVA, material + PST, previous PV first
  return f;
}
Features v0_11() {
  Features f = v0_1();
  f.null_move = true;
  return f;
}
Features v0_12() {
  Features f = v0_11();
  f.killers = f.history = f.time_management = true;
  return f;
}
Features v0_2() {
  Features f = v0_12();
  f.transposition_table = f.repetition = true;
  return f;
}
Features dev() {
  Features f = v0_2();
  f.fifty_move = f.pvs = f.late_move_reductions = f.futility = f.aspiration = f.check_extension = true;
  f.see_pruning = f.quiescence_evasions = f.contempt = true;
  f.late_move_pruning = f.adaptive_null_move = f.internal_iterative_reduction = f.history_malus = true;
  f.improving = f.deep_futility = f.quiescence_tt = f.countermove = true;
  f.history_gravity = f.continuation_history = f.tt_eval = f.singular_extension = true;
  f.eval = eval::EvalMode::FULL;
  return f;
}

}  // namespace

const std::vector<Version>& versions() {
  static const std::vector<Version> table = {
      {"v0.1",
       "alpha-beta, quiescence (captures, MVV/LVA), material + piece-square evaluation, iterative deepening with the previous PV "
       "first",
       v0_1(), eval::default_params},
      {"v0.11", "v0.1 + null-move pruning", v0_11(), eval::default_params},
      {"v0.12", "v0.11 + killer moves, history heuristic, time management", v0_12(), eval::default_params},
      {"v0.2", "v0.12 + transposition table (Zobrist), hash move first, repetition detection by Zobrist key", v0_2(),
       eval::default_params},
      {"dev",
       "v0.2 + PVS, LMR, late move pruning, futility, adaptive null move, internal iterative reduction, aspiration, check "
       "extension, SEE, history malus, improving, deep futility, quiescence TT, countermove, history with gravity, continuation "
       "history, table-refined evaluation, singular extension, fifty-move rule, contempt, the built-in network "
       "(the full hand-written evaluation with --eval hce)",
       dev(), eval::dev_params, true},
  };
  return table;
}

const Version* find_version(std::string_view name) {
  for (const Version& v : versions())
    if (v.name == name) return &v;
  return nullptr;
}

std::string version_names() {
  std::string out;
  for (const Version& v : versions()) out += (out.empty() ? "" : ", ") + std::string(v.name);
  return out;
}

}  // namespace search
