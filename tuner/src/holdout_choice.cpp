#include "holdout_choice.h"

#include <nlohmann/json.hpp>

namespace tuner {

namespace {

// {"name": value, ...} as values_json writes them, back in configuration order.
std::optional<Values> values_from_json(const TunerConfig& config, const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  Values values;
  for (const TunedWeight& w : config.weights) {
    auto it = j.find(w.name);
    if (it == j.end() || !it->is_number_integer()) return std::nullopt;
    values.push_back(it->get<int>());
  }
  return values;
}

}  // namespace

std::optional<Values> generation_values(harness::Database& db, std::int64_t run_id, const std::string& method,
                                        const TunerConfig& config, const harness::GenerationRow& g) {
  if (method == "spsa") {
    const nlohmann::json theta = nlohmann::json::parse(g.probabilities, nullptr, false);
    if (!theta.is_array() || theta.size() != config.weights.size()) return std::nullopt;
    return nearest_values(config, theta.get<std::vector<double>>());
  }
  std::optional<Values> best;
  double best_fitness = 0;
  for (const harness::IndividualRow& ind : db.individuals(run_id, g.generation))
    if (!best || ind.fitness < best_fitness) {
      best = values_from_json(config, ind.weights);
      best_fitness = ind.fitness;
    }
  return best;
}

std::optional<HoldoutChoice> best_on_holdout(harness::Database& db, std::int64_t run_id, const std::string& method,
                                             const TunerConfig& config, const eval::EvalParams& base, TexelFitness& heldout) {
  std::optional<HoldoutChoice> choice;
  for (const harness::GenerationRow& g : db.generations(run_id)) {
    auto values = generation_values(db, run_id, method, config, g);
    if (!values) continue;
    const double error = heldout.error(with_values(config, base, *values));
    if (!choice || error < choice->error) choice = HoldoutChoice{g.generation, *values, error};
  }
  return choice;
}

}  // namespace tuner
