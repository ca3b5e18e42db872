#include "search_params.h"

namespace search {

const std::vector<SearchParamInfo>& search_param_list() {
  static const std::vector<SearchParamInfo> list = {
      {"lmr_base", &SearchParams::lmr_base, 0, 300},
      {"lmr_divisor", &SearchParams::lmr_divisor, 100, 600},
      {"lmr_history_divisor", &SearchParams::lmr_history_divisor, 1024, 65536},
      {"null_move_base", &SearchParams::null_move_base, 1, 6},
      {"null_move_depth_divisor", &SearchParams::null_move_depth_divisor, 2, 12},
      {"null_move_eval_divisor", &SearchParams::null_move_eval_divisor, 50, 800},
      {"null_move_eval_max", &SearchParams::null_move_eval_max, 0, 6},
      {"reverse_futility_depth", &SearchParams::reverse_futility_depth, 1, 12},
      {"reverse_futility_margin", &SearchParams::reverse_futility_margin, 20, 300},
      {"futility_depth", &SearchParams::futility_depth, 1, 8},
      {"futility_margin", &SearchParams::futility_margin, 25, 500},
      {"see_pruning_depth", &SearchParams::see_pruning_depth, 1, 12},
      {"see_pruning_margin", &SearchParams::see_pruning_margin, 20, 400},
      {"late_move_pruning_depth", &SearchParams::late_move_pruning_depth, 1, 16},
      {"late_move_pruning_base", &SearchParams::late_move_pruning_base, 1, 16},
      {"aspiration_depth", &SearchParams::aspiration_depth, 1, 16},
      {"aspiration_window", &SearchParams::aspiration_window, 5, 200},
      {"singular_depth", &SearchParams::singular_depth, 4, 16},
      {"singular_margin", &SearchParams::singular_margin, 0, 10},
      {"singular_tt_depth", &SearchParams::singular_tt_depth, 1, 8},
      {"iir_depth", &SearchParams::iir_depth, 2, 12},
  };
  return list;
}

}  // namespace search
