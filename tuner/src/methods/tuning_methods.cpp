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

std::vector<std::string> method_names() {
  std::vector<std::string> names;
  for (const auto& m : tuning_methods()) names.push_back(m->name());
  return names;
}

// Every method reads its own section (one it does not have: every default, checked too).
chess::Result<TunerConfig> check_sections(chess::Result<TunerConfig> config, const std::string& source) {
  CHESS_RETURN_IF_ERROR(config);
  for (const auto& m : tuning_methods())
    CHESS_RETURN_IF_ERROR(m->check_settings(config->method_section(m->name()), source + ": " + m->name()));
  return config;
}

}  // namespace

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
    for (MakeMethod make : METHODS) all.push_back(make());
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

chess::Result<TunerConfig> parse_tuner_config(const std::string& json_text, const std::string& source) {
  return check_sections(parse_common_config(json_text, source, method_names()), source);
}

chess::Result<TunerConfig> load_tuner_config(const std::string& path) {
  return check_sections(load_common_config(path, method_names()), path);
}

}  // namespace tuner
