#include "tuner_report.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "eval/params.h"
#include "holdout_choice.h"
#include "text/words.h"
#include "tuned_weights.h"
#include "tuner_config.h"
#include "tuning_method.h"

namespace tuner {

using nlohmann::json;

chess::Result<json> tuner_report(harness::Database& db, std::int64_t run_id) {
  auto found = db.run(run_id);
  if (!found) return chess::Error{found.error()};
  if (!*found) return chess::Error{"no run " + std::to_string(run_id) + " in " + db.path() + " (see 'harness runs')"};
  const std::optional<harness::RunRow>& run = *found;
  const TuningMethod* method = find_tuning_method(run->kind);
  if (!method)
    return chess::Error{"run " + std::to_string(run_id) + " is " + harness::a_run_of_kind(run->kind) +
                        ", not a tuner run: see 'harness report " + std::to_string(run_id) + "'"};
  auto config = parse_tuner_config(run->config, "run " + std::to_string(run_id));
  if (!config) return chess::Error{config.error()};
  auto stored = db.generations(run_id);
  if (!stored) return chess::Error{stored.error()};
  const std::vector<harness::GenerationRow>& generations = *stored;
  if (generations.empty())
    return chess::Error{"run " + std::to_string(run_id) + " has no stored generation yet: nothing to report"};

  const bool games = config->fitness.type == "games";
  // Game fitness is minus the score; shown as the score in percent. Texel fitness is an error.
  auto shown = [games](double fitness) { return games ? -100 * fitness : fitness; };
  json number = json::array(), best = json::array(), mean = json::array(), entropy = json::array();
  std::vector<Values> path;
  for (const harness::GenerationRow& g : generations) {
    number.push_back(g.generation + 1);
    best.push_back(shown(g.best_fitness));
    mean.push_back(shown(g.mean_fitness));
    entropy.push_back(std::isfinite(g.entropy) ? json(g.entropy) : json(nullptr));
    auto values = method->generation_values(db, run_id, *config, g);
    if (!values) return chess::Error{values.error()};
    path.push_back(*values ? **values : (path.empty() ? Values{} : path.back()));
  }
  eval::EvalParams base = eval::dev_params();
  if (!config->start_weights.empty()) {
    auto loaded = eval::load_params(config->start_weights);
    if (!loaded) return chess::Error{"run " + std::to_string(run_id) + ": its start weights: " + loaded.error()};
    base = *loaded;
  }
  const Values start = config->tunes_options() ? Values{} : start_values(*config, base);
  json heldout = json::array();
  std::map<int, double> heldout_at;
  auto heldout_errors = db.heldout_errors(run_id);
  if (!heldout_errors) return chess::Error{heldout_errors.error()};
  for (const auto& [generation, error] : *heldout_errors) heldout_at[generation] = error;
  for (const harness::GenerationRow& g : generations)
    heldout.push_back(heldout_at.count(g.generation) ? json(heldout_at[g.generation]) : json(nullptr));
  // The values the run wrote (its held-out choice, or the start), else the last generation's.
  auto written = db.result(run_id);
  if (!written) return chess::Error{written.error()};
  std::optional<Values> final_values;
  if (*written) {
    const json stored = json::parse((*written)->values, nullptr, false);
    Values v;
    for (const TunedWeight& w : config->weights)
      if (stored.is_object() && stored.contains(w.name) && stored[w.name].is_number()) v.push_back(stored[w.name].get<int>());
    if (v.size() == config->weights.size()) final_values = v;
  }
  if (!final_values) final_values = path.back();
  json params = json::array();
  for (std::size_t i = 0; i < config->weights.size(); ++i) {
    const TunedWeight& w = config->weights[i];
    json p = json::array();
    for (const Values& v : path) p.push_back(i < v.size() ? json(v[i]) : json(nullptr));
    const json start_value = i < start.size() ? json(start[i]) : w.start ? json(*w.start) : json(nullptr);
    params.push_back({{"name", w.name},
                      {"min", w.min},
                      {"max", w.max},
                      {"step", w.step},
                      {"start", start_value},
                      {"final", final_values->size() > i ? json((*final_values)[i]) : json(nullptr)},
                      {"path", p}});
  }
  json validations = json::array();
  auto stored_validations = db.validations(run_id);
  if (!stored_validations) return chess::Error{stored_validations.error()};
  for (const harness::ValidationRow& v : *stored_validations)
    validations.push_back({{"generation", v.generation},
                           {"elo", std::isfinite(v.elo) ? json(v.elo) : json(nullptr)},
                           {"error", std::isfinite(v.elo_error) ? json(v.elo_error) : json(nullptr)},
                           {"run", v.match_run}});
  json section = {{"id", run_id},
                  {"kind", "tuner"},
                  {"method", method->name()},
                  {"result_generation", *written ? json((*written)->generation + 1) : json(nullptr)},
                  {"status", run->status},
                  {"created", run->created_at},
                  {"summary", run->summary},
                  {"fitness", games ? "score %" : "texel error"},
                  {"series",
                   {{"generation", number},
                    {"best", best},
                    {"mean", mean},
                    {"entropy", entropy},
                    {"heldout", heldout_at.empty() ? json(nullptr) : heldout}}},
                  {"params", params},
                  {"validations", validations}};
  return json{{"database", db.path()}, {"sections", json::array({section})}};
}

}  // namespace tuner
