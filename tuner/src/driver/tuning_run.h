// One tuning run of a method, from its configuration file to its result: the configuration
// read and checked (the tuned engine started once and its options checked) before a run is
// recorded, the labeled positions traced, the fitness made, the method driven generation after
// generation with its hooks (held-out errors, validations, a stop), then the result chosen
// (the held-out choice when there are held-out positions), written and validated.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "core/result.h"
#include "methods/tuning_method.h"

namespace tuner {

struct TuningRequest {
  std::string config;  // the configuration file
  std::string out;     // the result file ("": tuned/NAME-runID.json beside the database)
  std::string db;
  bool resume = false;
  bool no_validation = false;
  int stop_after = -1;  // generations or iterations before a stop (-1: none)
  std::string events{};  // --events: each step, and each match's games, as events ("": none)
  bool strict = false;  // --strict: a problem the method diagnoses is an error, not a warning
  std::string confirm{};  // --confirm: the result against the start at other time controls (driver/confirmation.h)
};

// How the run ended: done (finished, or stopped as asked with its result written), or
// interrupted by a signal after its last stored generation (resumable, nothing written).
enum class TuningEnd { DONE, INTERRUPTED };

chess::Result<TuningEnd> run_tuning(const TuningRequest& request, const TuningMethod& method, std::ostream& out);

}  // namespace tuner
