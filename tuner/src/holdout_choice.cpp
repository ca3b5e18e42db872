#include "holdout_choice.h"

namespace tuner {

chess::Result<std::optional<HoldoutChoice>> best_on_holdout(harness::Database& db, std::int64_t run_id,
                                                            const TuningMethod& method, const TunerConfig& config,
                                                            const eval::EvalParams& base, TexelFitness& heldout) {
  auto generations = db.generations(run_id);
  if (!generations) return chess::Error{generations.error()};
  std::optional<HoldoutChoice> choice;
  for (const harness::GenerationRow& g : *generations) {
    auto values = method.generation_values(db, run_id, config, g);
    if (!values) return chess::Error{values.error()};
    if (!*values) continue;
    const double error = heldout.error(with_values(config, base, **values));
    if (!choice || error < choice->error) choice = HoldoutChoice{g.generation, **values, error};
  }
  return choice;
}

}  // namespace tuner
