// A gradient-descent tuning run: Adam or AdaGrad over mini-batches (or the whole set) with the
// exact gradient of the texel error of the traced evaluation (linear_texel.h), in the same
// configuration, storage and validation as PBIL and SPSA. Each `record_every` epochs are stored
// as a generation (the weights in place of the probability vector, the optimiser's moments as
// its state), so `tuner show` and --resume work the same way.
#pragma once

#include <iosfwd>

#include "linear_texel.h"
#include "run_hooks.h"
#include "storage/database.h"
#include "texel.h"
#include "tuner_config.h"

namespace tuner {

chess::Result<RunOutcome> run_gradient(const TunerConfig& config, const eval::EvalParams& start, const LinearTexel& model,
                                       TexelFitness& texel, harness::Database& db, std::int64_t run_id, std::ostream& out,
                                       const RunHooks& hooks = {});

}  // namespace tuner
