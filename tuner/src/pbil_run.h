// A PBIL tuning run: samples, scores (texel fitness), updates, and stores every generation
// in the database so that a killed run resumes exactly where it stopped.
#pragma once

#include <iosfwd>

#include "pbil.h"
#include "storage/database.h"
#include "texel.h"
#include "tuner_config.h"

namespace tuner {

struct PbilOutcome {
  eval::EvalParams best;
  double best_fitness = 0;
  int generations_run = 0;
};

// Runs generations from the first one not yet stored for `run_id`.
chess::Result<PbilOutcome> run_pbil(const TunerConfig& config, const eval::EvalParams& start, TexelFitness& fitness,
                                    harness::Database& db, std::int64_t run_id, std::ostream& out,
                                    int stop_after_generations = -1);

// The tuned weights as JSON text {"name": value, ...}.
std::string tuned_weights_json(const Bits& bits, const TunerConfig& config);

}  // namespace tuner
