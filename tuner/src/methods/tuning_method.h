// TuningMethod: one way of tuning (PBIL, SPSA, gradient descent, NLopt) behind one narrow
// interface. The driver (driver/tuning_driver.h) owns everything else: resume, storing each step
// in one transaction, progress lines, hooks, the result's choice and the written file. So the
// commands, `tuner show`, `tuner report` and the held-out choice never branch on a method's name.
//
// A new method is one file in this folder (a TuningMethod, its MethodRun, and a make_ function)
// and one row of the table in tuning_methods.cpp.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "eval/params.h"
#include "fitness/fitness.h"
#include "fitness/texel_fitness.h"
#include "space/tuned_weights.h"
#include "space/tuner_config.h"
#include "storage/tuner_database.h"

namespace tuner {

// What a method is given to start a run.
struct MethodStart {
  const TunerConfig& config;
  const Values& start;                    // the tuned values at the start
  const eval::EvalParams& start_weights;  // the whole evaluation they belong to
  Fitness& fitness;                       // candidates in, fitness values back
  TexelFitness* texel;                    // the labeled positions, when the fitness is texel (else null)
  std::ostream& out;                      // for the method's own notes (a PBIL restart)
};

// One stored step: a generation, an iteration, a block of epochs.
struct MethodStep {
  double best_fitness = 0, mean_fitness = 0;
  std::vector<IndividualRow> candidates;  // what it evaluated, with the fitness of each
  nlohmann::json state;                            // the method's whole state after it: a run resumes here
  Values current;                                  // the method's best point after it
  std::string progress;                            // its progress line ("iteration 5/100  ..."); empty: none
};

struct MethodSteps {
  std::vector<MethodStep> steps;  // in order; SPSA plays a batch of iterations at once
  bool converged = false;         // the method ended before its planned steps (no steps then)
  std::string note;               // why it ended, for the run's output
};

// The point a run ends with.
struct MethodResult {
  Values best;
  double best_fitness = 0;
  std::string note;  // why the result is not the method's last state, when it is not
};

// A method configured for one run: its settings and its state.
class MethodRun {
 public:
  virtual ~MethodRun() = default;
  // Continues from a stored step's state; false when the state does not fit the configuration.
  virtual bool restore(const nlohmann::json& state) = 0;
  // Before the first step of a new run (SPSA measures the scale of the fitness).
  virtual chess::Result<bool> prepare() { return true; }
  // Step `next` (0-based) and, for a method that plays steps at once, up to `allowed` - 1 more.
  virtual chess::Result<MethodSteps> step(int next, int allowed) = 0;
  // The best point so far.
  virtual chess::Result<MethodResult> result() = 0;
};

class TuningMethod {
 public:
  virtual ~TuningMethod() = default;
  // `tuner NAME`, its section "NAME": {...} in the configuration, and the stored run's kind "tuner-NAME".
  virtual const char* name() const = 0;
  virtual const char* description() const = 0;
  // Its section of the configuration read and checked (`where` names it: "eval.json: spsa").
  virtual chess::Result<bool> check_settings(const nlohmann::json& section, const std::string& where) const = 0;
  // What it needs of the rest of the configuration (gradient descent: texel fitness); errors name `source`.
  virtual chess::Result<bool> check_run(const TunerConfig&, const std::string&) const { return true; }
  // What would make the run measure nothing, said before any game (each naming its parameter):
  // printed as warnings, or the run's error with --strict.
  virtual std::vector<std::string> diagnose(const TunerConfig&) const { return {}; }
  // The steps of a complete run.
  virtual int planned_steps(const TunerConfig& config) const = 0;
  // How its games are played, for the run's first line (game fitness), and the games of one comparison.
  virtual std::string games_plan(const TunerConfig& config) const = 0;
  virtual int games_per_comparison(const TunerConfig&) const { return 2; }
  // A fresh run from the start; restore() then continues a stored one.
  virtual std::unique_ptr<MethodRun> start(const MethodStart& start) const = 0;
  // The values a stored step stands for: by default its best candidate; SPSA's theta.
  virtual chess::Result<std::optional<Values>> generation_values(TunerDatabase& db, std::int64_t run_id,
                                                                 const TunerConfig& config,
                                                                 const GenerationRow& g) const;
  // One line of `tuner show`; `text` writes a fitness as "score 56.2%" or "error 0.0951".
  virtual std::string describe_generation(const TunerConfig& config, const GenerationRow& g,
                                          const std::function<std::string(double)>& text) const = 0;
};

// An error unless the texel K stays as it was fitted ("refit" changes the fitness between PBIL's
// generations, which other methods cannot follow); errors name `source`.
chess::Result<bool> k_stays_fixed(const TunerConfig& config, const std::string& source);

// Every method, in the order `tuner --help` lists them.
const std::vector<std::unique_ptr<TuningMethod>>& tuning_methods();
// The method of a name ("spsa"; a stored run of kind TUNER_METHOD keeps it as RunRow::method), or
// nullptr.
const TuningMethod* find_tuning_method(const std::string& name);

}  // namespace tuner
