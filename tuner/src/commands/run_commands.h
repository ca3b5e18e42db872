// The tuner's commands over stored runs and its tuning methods: each returns the command's exit
// status (0; 130 when a tuning run was interrupted) and ends through harness::fail on an error.
#pragma once

#include <cstdint>
#include <string>

#include "driver/tuning_run.h"
#include "methods/tuning_method.h"

namespace tuner {

// tuner pbil|spsa|gradient|nlopt --config FILE ...
int tune_command(const TuningRequest& request, const TuningMethod& method);

struct StoredRunRequest {
  std::int64_t run = 0;
  std::string db, out;
};
// tuner show RUN: a tuning run's generations and validations, a network's training, a loop's lineage.
int show_command(const StoredRunRequest& r);
// tuner report RUN [-o FILE]: the run's HTML report.
int report_command(const StoredRunRequest& r);
// tuner extract-positions --run RUN --out FILE: quiet positions labeled with the game's result.
int extract_command(const StoredRunRequest& r);

}  // namespace tuner
