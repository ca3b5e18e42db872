// TuningMethod: one way of tuning (PBIL, SPSA, gradient descent) behind one interface, so that
// the commands, `tuner show`, `tuner report` and the held-out choice never branch on a
// method's name. A new method is one file (a class and its make_ function) and one row of the
// table in tuning_methods.cpp.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "eval/params.h"
#include "fitness.h"
#include "run_hooks.h"
#include "storage/database.h"
#include "texel_fitness.h"
#include "tuner_config.h"

namespace tuner {

// Everything a method's run works with, set up by the tune command.
struct TuningContext {
  const TunerConfig& config;
  const Values& start;                    // the tuned values at the start
  const eval::EvalParams& start_weights;  // the whole evaluation they belong to
  Fitness& fitness;
  TexelFitness* texel;  // the labeled positions, when the fitness is texel (else null)
  harness::Database& db;
  std::int64_t run_id;
  std::ostream& out;
  const RunHooks& hooks;
};

class TuningMethod {
 public:
  virtual ~TuningMethod() = default;
  // `tuner NAME`, and the stored run's kind "tuner-NAME".
  virtual const char* name() const = 0;
  virtual const char* description() const = 0;
  // What the configuration must hold for this method; the error names `source` and the key.
  virtual chess::Result<bool> check(const TunerConfig& config, const std::string& source) const = 0;
  // The generations (iterations, epoch blocks) of a complete run.
  virtual int planned_generations(const TunerConfig& config) const = 0;
  // How its games are played, for the run's first line (game fitness).
  virtual std::string games_plan(const TunerConfig& config) const = 0;
  // Restores from the stored generations, then steps until done, stopped, or the hooks say so.
  virtual chess::Result<RunOutcome> run(const TuningContext& context) const = 0;
  // The values a stored generation stands for: its best individual (PBIL), theta (SPSA), the
  // weights at the block's end (gradient); nullopt when the row does not hold them.
  virtual chess::Result<std::optional<Values>> generation_values(harness::Database& db, std::int64_t run_id,
                                                                 const TunerConfig& config,
                                                                 const harness::GenerationRow& g) const;
  // One line of `tuner show`; `text` writes a fitness as "score 56.2%" or "error 0.0951".
  virtual std::string describe_generation(const TunerConfig& config, const harness::GenerationRow& g,
                                          const std::function<std::string(double)>& text) const = 0;
};

std::unique_ptr<TuningMethod> make_pbil_method();
std::unique_ptr<TuningMethod> make_spsa_method();
std::unique_ptr<TuningMethod> make_gradient_method();

// Every method, in the order `tuner --help` lists them.
const std::vector<std::unique_ptr<TuningMethod>>& tuning_methods();
// The method of a name ("spsa") or of a stored run's kind ("tuner-spsa"), or nullptr.
const TuningMethod* find_tuning_method(const std::string& name_or_kind);

}  // namespace tuner
