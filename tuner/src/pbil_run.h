// A PBIL tuning run: samples, scores (texel or games), updates, and stores every generation
// in the database so that a killed run resumes exactly where it stopped.
#pragma once

#include <iosfwd>

#include "fitness.h"
#include "pbil.h"
#include "run_hooks.h"
#include "storage/database.h"
#include "tuner_config.h"

namespace tuner {

// Runs generations from the first one not yet stored for `run_id`.
chess::Result<RunOutcome> run_pbil(const TunerConfig& config, const Values& start, Fitness& fitness, harness::Database& db,
                                   std::int64_t run_id, std::ostream& out, const RunHooks& hooks = {});

}  // namespace tuner
