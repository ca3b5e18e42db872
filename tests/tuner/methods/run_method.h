// Test helper: a method run through the driver, as `tuner NAME` runs it, without the command's
// set-up (the engine, the held-out share, the written file).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "driver/tuning_driver.h"
#include "eval/params.h"
#include "fitness/texel_fitness.h"
#include "methods/tuning_method.h"

inline chess::Result<tuner::RunOutcome> run_method(const std::string& name, const tuner::TunerConfig& config,
                                                   const tuner::Values& start, tuner::Fitness& fitness, tuner::TunerDatabase& db,
                                                   std::int64_t run, std::ostream& out, const tuner::RunHooks& hooks = {},
                                                   const eval::EvalParams& weights = eval::default_params(),
                                                   tuner::TexelFitness* texel = nullptr) {
  const tuner::MethodStart start_point{config, start, weights, fitness, texel, out};
  return tuner::drive(*tuner::find_tuning_method(name), start_point, db, run, hooks);
}

// Gradient descent (or another method of the texel error) from the weights `start`.
inline chess::Result<tuner::RunOutcome> run_on_texel(const std::string& name, const tuner::TunerConfig& config,
                                                     const eval::EvalParams& start, tuner::TexelFitness& texel,
                                                     tuner::TunerDatabase& db, std::int64_t run, std::ostream& out,
                                                     const tuner::RunHooks& hooks = {}) {
  tuner::TexelFitnessAdapter fitness(texel, config, start);
  return run_method(name, config, tuner::start_values(config, start).value(), fitness, db, run, out, hooks, start, &texel);
}

// A method's settings as the method reads them: its section of the configuration.
inline nlohmann::json section_of(const tuner::TunerConfig& config, const std::string& method) {
  return config.method_section(method);
}
