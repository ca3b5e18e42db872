#include "tuned_weights.h"
#include "tuning_method.h"

namespace tuner {

chess::Result<std::optional<Values>> TuningMethod::generation_values(harness::Database& db, std::int64_t run_id,
                                                                     const TunerConfig& config,
                                                                     const harness::GenerationRow& g) const {
  auto individuals = db.individuals(run_id, g.generation);
  CHESS_RETURN_IF_ERROR(individuals);
  std::optional<Values> best;
  double best_fitness = 0;
  for (const harness::IndividualRow& ind : *individuals)
    if (!best || ind.fitness < best_fitness) {
      best = values_from_json(config, ind.weights);
      best_fitness = ind.fitness;
    }
  return best;
}

const std::vector<std::unique_ptr<TuningMethod>>& tuning_methods() {
  static const std::vector<std::unique_ptr<TuningMethod>> methods = [] {
    std::vector<std::unique_ptr<TuningMethod>> all;
    all.push_back(make_pbil_method());
    all.push_back(make_spsa_method());
    all.push_back(make_gradient_method());
    return all;
  }();
  return methods;
}

const TuningMethod* find_tuning_method(const std::string& name_or_kind) {
  const std::string name = name_or_kind.rfind("tuner-", 0) == 0 ? name_or_kind.substr(6) : name_or_kind;
  for (const auto& m : tuning_methods())
    if (name == m->name()) return m.get();
  return nullptr;
}

}  // namespace tuner
