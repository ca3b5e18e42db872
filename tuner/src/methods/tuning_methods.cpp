#include "methods/tuning_method.h"

namespace tuner {

// Each defined in its own file of this folder.
std::unique_ptr<TuningMethod> make_pbil_method();
std::unique_ptr<TuningMethod> make_spsa_method();
std::unique_ptr<TuningMethod> make_gradient_method();
std::unique_ptr<TuningMethod> make_nlopt_method();

namespace {

// The table of methods, in the order `tuner --help` lists them: one row per method.
using MakeMethod = std::unique_ptr<TuningMethod> (*)();
const MakeMethod METHODS[] = {
    make_pbil_method,
    make_spsa_method,
    make_gradient_method,
    make_nlopt_method,
};

}  // namespace

chess::Result<std::optional<Values>> TuningMethod::generation_values(TunerDatabase& db, std::int64_t run_id,
                                                                     const TunerConfig& config,
                                                                     const GenerationRow& g) const {
  auto individuals = db.individuals(run_id, g.generation);
  CHESS_RETURN_IF_ERROR(individuals);
  std::optional<Values> best;
  double best_fitness = 0;
  for (const IndividualRow& ind : *individuals)
    if (!best || ind.fitness < best_fitness) {
      best = values_from_json(config, ind.weights);
      best_fitness = ind.fitness;
    }
  return best;
}

const std::vector<std::unique_ptr<TuningMethod>>& tuning_methods() {
  static const std::vector<std::unique_ptr<TuningMethod>> methods = [] {
    std::vector<std::unique_ptr<TuningMethod>> all;
    for (MakeMethod make : METHODS) all.push_back(make());
    return all;
  }();
  return methods;
}

const TuningMethod* find_tuning_method(const std::string& name) {
  for (const auto& m : tuning_methods())
    if (name == m->name()) return m.get();
  return nullptr;
}

chess::Result<bool> k_stays_fixed(const TunerConfig& config, const std::string& source) {
  if (config.fitness.k != "refit") return true;
  return chess::Error{source +
                      ": fitness: 'k': \"refit\" works with pbil (between generations); use \"start\", \"defaults\" or a number"};
}

}  // namespace tuner
