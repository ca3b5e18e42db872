#include "commands/report_sections.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "json/json_input.h"
#include "driver/holdout_choice.h"
#include "eval/params.h"
#include "methods/tuning_method.h"
#include "space/tuned_weights.h"
#include "space/tuner_config.h"
#include "text/words.h"
#include "driver/tuner_configuration.h"

namespace tuner {

using nlohmann::json;

namespace {

// A tuner run's stored parts, each read once.
struct StoredTunerRun {
  harness::RunRow run;
  const TuningMethod* method = nullptr;
  TunerConfig config;
  std::vector<GenerationRow> generations;
};

chess::Result<StoredTunerRun> read_run(TunerDatabase& db, std::int64_t run_id) {
  auto found = db.run(run_id);
  CHESS_RETURN_IF_ERROR(found);
  if (!*found) return chess::Error{"no run " + std::to_string(run_id) + " in " + db.path() + " (see 'harness runs')"};
  const bool tuning = (*found)->kind == harness::RunKind::TUNER_METHOD;
  StoredTunerRun r{**found, tuning ? find_tuning_method((*found)->method) : nullptr, {}, {}};
  if (!r.method)
    return chess::Error{"run " + std::to_string(run_id) + " is " + harness::a_run_of_kind(r.run.kind_text()) +
                        ", not a tuner run: see 'harness report " + std::to_string(run_id) + "'"};
  auto config = parse_tuner_config(r.run.config, "run " + std::to_string(run_id));
  CHESS_RETURN_IF_ERROR(config);
  r.config = std::move(config).value();
  auto generations = db.generations(run_id);
  CHESS_RETURN_IF_ERROR(generations);
  r.generations = std::move(generations).value();
  if (r.generations.empty())
    return chess::Error{"run " + std::to_string(run_id) + " has no stored generation yet: nothing to report"};
  return r;
}

// A step's entropy, when its method keeps one (PBIL: how far the vector is from settled).
json state_entropy(const GenerationRow& g) {
  const json state = json_input::parse_or_discarded(g.state);
  if (!state.is_object() || !state.contains("entropy") || !state["entropy"].is_number()) return nullptr;
  return state["entropy"];
}

// Fitness, entropy and held-out error per generation, and the values each generation stands for.
chess::Result<json> series_json(TunerDatabase& db, const StoredTunerRun& r, std::vector<Values>& path) {
  const bool games = r.config.fitness.type == "games";
  // Game fitness is minus the score; shown as the score in percent. Texel fitness is an error.
  auto shown = [games](double fitness) { return games ? -100 * fitness : fitness; };
  auto heldout_errors = db.heldout_errors(r.run.id);
  CHESS_RETURN_IF_ERROR(heldout_errors);
  const std::map<int, double> heldout_at(heldout_errors->begin(), heldout_errors->end());
  json number = json::array(), best = json::array(), mean = json::array(), entropy = json::array(), heldout = json::array();
  for (const GenerationRow& g : r.generations) {
    number.push_back(g.generation + 1);
    best.push_back(shown(g.best_fitness));
    mean.push_back(shown(g.mean_fitness));
    entropy.push_back(state_entropy(g));
    heldout.push_back(heldout_at.count(g.generation) ? json(heldout_at.at(g.generation)) : json(nullptr));
    auto values = r.method->generation_values(db, r.run.id, r.config, g);
    CHESS_RETURN_IF_ERROR(values);
    path.push_back(*values ? **values : (path.empty() ? Values{} : path.back()));
  }
  return json{{"generation", number},
              {"best", best},
              {"mean", mean},
              {"entropy", entropy},
              {"heldout", heldout_at.empty() ? json(nullptr) : heldout}};
}

// The values the run wrote (its held-out choice, or the start), else the last generation's.
Values final_values(const std::optional<TunerResultRow>& written, const TunerConfig& config, const Values& last) {
  if (!written) return last;
  return values_from_json(config, written->values).value_or(last);
}

chess::Result<json> params_json(const StoredTunerRun& r, const std::vector<Values>& path, const Values& final) {
  eval::EvalParams base = eval::dev_params();
  if (!r.config.start_weights.empty()) {
    auto loaded = eval::load_params(r.config.start_weights);
    if (!loaded) return chess::Error{"run " + std::to_string(r.run.id) + ": its start weights: " + loaded.error()};
    base = *loaded;
  }
  Values start;
  if (!r.config.tunes_options()) {
    auto values = start_values(r.config, base);
    CHESS_RETURN_IF_ERROR(values);
    start = *values;
  }
  json params = json::array();
  for (std::size_t i = 0; i < r.config.weights.size(); ++i) {
    const TunedWeight& w = r.config.weights[i];
    json p = json::array();
    for (const Values& v : path) p.push_back(i < v.size() ? json(v[i]) : json(nullptr));
    const json start_value = i < start.size() ? json(start[i]) : w.start ? json(*w.start) : json(nullptr);
    params.push_back({{"name", w.name},
                      {"min", w.min},
                      {"max", w.max},
                      {"step", w.step},
                      {"start", start_value},
                      {"final", final.size() > i ? json(final[i]) : json(nullptr)},
                      {"path", p}});
  }
  return params;
}

json validations_json(const std::vector<ValidationRow>& rows) {
  json validations = json::array();
  for (const ValidationRow& v : rows)
    validations.push_back({{"generation", v.generation},
                           {"elo", std::isfinite(v.elo) ? json(v.elo) : json(nullptr)},
                           {"error", std::isfinite(v.elo_error) ? json(v.elo_error) : json(nullptr)},
                           {"run", v.match_run}});
  return validations;
}

}  // namespace

chess::Result<json> tuner_report(TunerDatabase& db, std::int64_t run_id) {
  auto stored = read_run(db, run_id);
  CHESS_RETURN_IF_ERROR(stored);
  const StoredTunerRun& r = *stored;
  std::vector<Values> path;
  auto series = series_json(db, r, path);
  if (!series) return series;
  auto written = db.result(run_id);
  CHESS_RETURN_IF_ERROR(written);
  auto params = params_json(r, path, final_values(*written, r.config, path.back()));
  if (!params) return params;
  auto validations = db.validations(run_id);
  CHESS_RETURN_IF_ERROR(validations);
  json section = {{"id", run_id},
                  {"kind", "tuner"},
                  {"method", r.method->name()},
                  {"result_generation", *written ? json((*written)->generation + 1) : json(nullptr)},
                  {"status", r.run.status_text()},
                  {"created", r.run.created_at},
                  {"summary", r.run.summary},
                  {"fitness", r.config.fitness.type == "games" ? "score %" : "texel error"},
                  {"series", *series},
                  {"params", *params},
                  {"validations", validations_json(*validations)}};
  return json{{"database", db.path()}, {"sections", json::array({section})}};
}

}  // namespace tuner
