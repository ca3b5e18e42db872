// An SPSA tuning run over the same configuration, fitness and storage as PBIL: each iteration
// is stored as a generation (theta in place of the probability vector, theta+ and theta- as
// its two individuals), so `tuner show` and --resume work the same way.
#pragma once

#include <iosfwd>

#include "fitness.h"
#include "run_hooks.h"
#include "storage/database.h"
#include "tuner_config.h"

namespace tuner {

chess::Result<RunOutcome> run_spsa(const TunerConfig& config, const Values& start, Fitness& fitness, harness::Database& db,
                                   std::int64_t run_id, std::ostream& out, const RunHooks& hooks = {});

}  // namespace tuner
