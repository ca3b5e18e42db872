// Early stopping on held-out positions: of the values a run stored as each generation's result
// (by default its best candidate: PBIL's best individual, gradient descent's weights, NLopt's
// best point; SPSA's theta), the ones whose error on
// the held-out positions is lowest. A fit keeps lowering the error on the positions it tunes on
// long after it has stopped improving on others; this is where it stopped improving.
#pragma once

#include <optional>
#include <string>

#include "fitness/texel.h"
#include "methods/tuning_method.h"
#include "space/tuned_weights.h"
#include "storage/tuner_database.h"

namespace tuner {

struct HoldoutChoice {
  int generation = 0;  // 0-based
  Values values;
  double error = 0;
};

chess::Result<std::optional<HoldoutChoice>> best_on_holdout(TunerDatabase& db, std::int64_t run_id,
                                                            const TuningMethod& method, const TunerConfig& config,
                                                            const eval::EvalParams& base, TexelFitness& heldout);

}  // namespace tuner
