#include "tuner_report.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "eval/params.h"
#include "holdout_choice.h"
#include "tuned_weights.h"
#include "tuner_config.h"

namespace tuner {

using nlohmann::json;

chess::Result<json> tuner_report(harness::Database& db, std::int64_t run_id) {
  auto run = db.run(run_id);
  if (!run) return chess::Error{"no run " + std::to_string(run_id) + " in " + db.path() + " (see 'harness runs')"};
  if (run->kind.rfind("tuner-", 0) != 0)
    return chess::Error{"run " + std::to_string(run_id) + " is a " + run->kind + " run, not a tuner run: see 'harness report " +
                        std::to_string(run_id) + "'"};
  const std::string method = run->kind.substr(6);
  auto config = parse_tuner_config(run->config, "run " + std::to_string(run_id));
  if (!config) return chess::Error{config.error()};
  const auto generations = db.generations(run_id);
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
    auto values = generation_values(db, run_id, method, *config, g);
    path.push_back(values ? *values : (path.empty() ? Values{} : path.back()));
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
  for (const auto& [generation, error] : db.heldout_errors(run_id)) heldout_at[generation] = error;
  for (const harness::GenerationRow& g : generations)
    heldout.push_back(heldout_at.count(g.generation) ? json(heldout_at[g.generation]) : json(nullptr));
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
                      {"final", path.back().size() > i ? json(path.back()[i]) : json(nullptr)},
                      {"path", p}});
  }
  json validations = json::array();
  for (const harness::ValidationRow& v : db.validations(run_id))
    validations.push_back({{"generation", v.generation},
                           {"elo", std::isfinite(v.elo) ? json(v.elo) : json(nullptr)},
                           {"error", std::isfinite(v.elo_error) ? json(v.elo_error) : json(nullptr)},
                           {"run", v.match_run}});
  json section = {{"id", run_id},
                  {"kind", "tuner"},
                  {"method", method},
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
