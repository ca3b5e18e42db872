#include "driver/holdout_choice.h"

namespace tuner {

chess::Result<std::optional<HoldoutChoice>> best_on_holdout(TunerDatabase& db, std::int64_t run_id,
                                                            const TuningMethod& method, const TunerConfig& config,
                                                            const eval::EvalParams& base, TexelFitness& heldout) {
  auto generations = db.generations(run_id);
  CHESS_RETURN_IF_ERROR(generations);
  std::optional<HoldoutChoice> choice;
  for (const GenerationRow& g : *generations) {
    auto values = method.generation_values(db, run_id, config, g);
    CHESS_RETURN_IF_ERROR(values);
    if (!*values) continue;
    const double error = heldout.error(with_values(config, base, **values));
    if (!choice || error < choice->error) choice = HoldoutChoice{g.generation, **values, error};
  }
  return choice;
}

}  // namespace tuner
