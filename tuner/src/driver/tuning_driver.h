// The one loop every tuning method runs in: resume from the database, each step stored in one
// transaction (its candidates with it), a progress line with the time estimate, the hooks after
// each step, and the method's result at the end. A method (methods/tuning_method.h) only steps.
#pragma once

#include <cstdint>
#include <iosfwd>

#include "core/result.h"
#include "driver/run_hooks.h"
#include "methods/tuning_method.h"
#include "storage/tuner_database.h"

namespace tuner {

chess::Result<RunOutcome> drive(const TuningMethod& method, const MethodStart& start, TunerDatabase& db, std::int64_t run_id,
                                const RunHooks& hooks = {});

// The same loop for any run of steps (the network trainer's superbatches): `planned` steps of
// `run`, named `name` in its errors, notes to `out`.
chess::Result<RunOutcome> drive_steps(MethodRun& run, const std::string& name, int planned, TunerDatabase& db,
                                      std::int64_t run_id, std::ostream& out, const RunHooks& hooks = {});

}  // namespace tuner
