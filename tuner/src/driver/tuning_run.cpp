#include "driver/tuning_run.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "command_support/fail.h"
#include "cluster/slurm.h"
#include "data/position_tracing.h"
#include "driver/confirmation.h"
#include "driver/holdout_choice.h"
#include "driver/run_lookup.h"
#include "driver/tuning_driver.h"
#include "driver/validation.h"
#include "events/event_stream.h"
#include "fitness/game_fitness.h"
#include "fitness/option_check.h"
#include "fitness/texel_fitness.h"
#include "process/executable_path.h"
#include "process/stop_request.h"
#include "settings/key_values.h"
#include "settings/output_file.h"
#include "space/tuned_weights.h"
#include "stats/results_block.h"
#include "text/format_number.h"
#include "text/words.h"
#include "driver/tuner_configuration.h"

namespace tuner {

namespace {

// A stop request (Ctrl-C, SIGTERM) ends a match in progress (which stores its finished games)
// and the run after its last stored generation.
bool interrupted() { return harness::stop_requested() != harness::StopRequest::NONE; }

// Defaults that point into the project: the engine registry and the opening book.
void resolve_project_paths(TunerConfig& config) {
  if (config.fitness.registry.empty()) config.fitness.registry = harness::project_file("configs/engines.json");
  if (config.fitness.openings.empty()) config.fitness.openings = harness::project_file("suites/openings.epd");
}

// The labeled positions, and the held-out share of them when the configuration asks for one.
struct TexelSets {
  std::unique_ptr<TexelFitness> texel, heldout;
  double heldout_start = 0;  // the held-out error of the start weights
};

chess::Result<TexelSets> read_texel_sets(const TunerConfig& config, const eval::EvalParams& start_weights, std::ostream& out) {
  TexelSets sets;
  if (config.fitness.type != "texel") return sets;
  const auto began = std::chrono::steady_clock::now();
  auto read = trace_labeled_file(config.fitness.positions,
                                 {config.fitness.holdout, config.fitness.score_weight, config.fitness.threads,
                                  formats::parse_position_format(config.fitness.positions_format, formats::has_reader).value()},
                                 start_weights);
  CHESS_RETURN_IF_ERROR(read);
  TracedSets traced = std::move(read).value();
  if (traced.tuning.size() == 0)
    return chess::Error{config.fitness.positions + ": no quiet positions left for tuning after the holdout"};
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  const std::size_t kept = traced.tuning.size() + traced.heldout.size();
  const double bytes_each = double(traced.tuning.bytes() + traced.heldout.bytes()) / double(kept);
  out << "Positions: " << traced.read << " read from " << config.fitness.positions << ", " << kept << " kept ("
      << traced.not_quiet << " left out: their quiescence score is not their evaluation), "
      << harness::format_number("%.1f", bytes_each) << " bytes each in memory, traced in " << harness::format_number("%.1f", seconds)
      << " s" << std::endl;
  sets.texel = std::make_unique<TexelFitness>(std::move(traced.tuning), config.fitness.threads);
  if (traced.heldout.size() > 0) sets.heldout = std::make_unique<TexelFitness>(std::move(traced.heldout), config.fitness.threads);
  return sets;
}

// The fitness the method optimises; its description ends the run's first line.
std::unique_ptr<Fitness> make_fitness(const TunerConfig& config, const TuningMethod& method, const eval::EvalParams& start_weights,
                                      const Values& start, TexelSets& sets, TunedEngines* engines, std::ostream& out) {
  if (!sets.texel) {
    out << ", " << method.games_plan(config);
    return std::make_unique<GameFitness>(*engines, start, out, method.games_per_comparison(config));
  }
  const std::string& k_mode = config.fitness.k;
  double k = config.fitness.k_value;
  if (k_mode == "number")
    sets.texel->set_k(k);
  else
    k = sets.texel->fit_k(k_mode == "defaults" ? eval::dev_params() : start_weights);
  out << ", " << sets.texel->size() << " positions, K = " << k << ", start error " << sets.texel->error(start_weights);
  if (sets.heldout) {
    sets.heldout->set_k(k);
    sets.heldout_start = sets.heldout->error(start_weights);
    out << "; " << sets.heldout->size() << " held-out positions, start error " << sets.heldout_start;
  }
  return std::make_unique<TexelFitnessAdapter>(*sets.texel, config, start_weights, k_mode == "refit");
}

// The result a run keeps: with held-out positions, the stored generation that fits them best
// (early stopping), or the start when none does; else the method's best.
struct Result {
  Values values;
  int generation = -1;  // 0-based; -1: the start values (or no held-out choice was made)
  std::string note;
};

// What a run works with once it is recorded.
struct Tuning {
  const TuningRequest& request;
  const TuningMethod& method;
  const TunerConfig& config;
  const eval::EvalParams& start_weights;
  const Values& start;
  TexelSets& sets;
  TunedEngines* engines;  // games fitness or validation: the tuned engine
  TunerDatabase& db;
  std::int64_t run_id;
  std::ostream& out;
  harness::EventStream* events;  // --events, or null
  const std::optional<ConfirmSettings>& confirm;  // --confirm, when given
};

chess::Result<Result> choose_result(const Tuning& t, const RunOutcome& outcome, int stored) {
  if (!t.sets.heldout) return Result{outcome.best, stored - 1, outcome.note};
  auto choice = best_on_holdout(t.db, t.run_id, t.method, t.config, t.start_weights, *t.sets.heldout);
  CHESS_RETURN_IF_ERROR(choice);
  if (*choice && (*choice)->error < t.sets.heldout_start)
    return Result{(*choice)->values, (*choice)->generation,
                  "result: generation " + std::to_string((*choice)->generation + 1) + ", the lowest held-out error\n"};
  return Result{t.start, -1, "result: the start weights (no generation fitted the held-out positions better)\n"};
}

// Runs the final validation unless a stored one already covers `generations`, or the result is
// the start itself (a match of the start against itself measures nothing).
chess::Result<std::string> final_validation(const Tuning& t, const Result& result, int generations) {
  if (!t.engines || t.config.validation.games == 0) return std::string();
  if (result.values == t.start) return std::string("validation: none played: the result is the start, value for value\n");
  auto stored = t.db.validations(t.run_id);
  CHESS_RETURN_IF_ERROR(stored);
  for (const ValidationRow& v : *stored)
    if (v.generation == generations) return std::string();
  const std::string name = result.generation >= 0 ? "tuned-g" + std::to_string(result.generation + 1) : "tuned-start";
  auto v = validate(*t.engines, result.values, t.start, t.config.validation, generations, name, t.db, t.run_id, t.out);
  CHESS_RETURN_IF_ERROR(v);
  return "validation: tuned against start " + harness::elo_text(v->elo, v->elo_error) + " over " +
         std::to_string(t.config.validation.games) + " games (harness run " + std::to_string(v->match_run) + ")\n";
}

// The file the result goes to: --out, or tuned/NAME-runID.json beside the database (never a
// committed file unless asked for).
std::string result_path(const Tuning& t) {
  if (!t.request.out.empty()) return t.request.out;
  const std::filesystem::path folder = std::filesystem::absolute(t.request.db).parent_path() / "tuned";
  return (folder / (t.config.name + "-run" + std::to_string(t.run_id) + ".json")).string();
}

// Where the SPSA lines of a run whose parameters came as lines go: beside the result, as .txt.
std::string spsa_lines_path(const std::string& out) { return std::filesystem::path(out).replace_extension(".txt").string(); }

// --out checked before the run is recorded, so that a name the result cannot take is refused
// with nothing tuned and nothing written: a result named .txt where the SPSA lines go beside
// it, or a file that cannot be written (a folder that is not there yet is made at the end).
chess::Result<bool> check_result_name(const TuningRequest& request, const TunerConfig& config) {
  if (request.out.empty()) return true;
  if (config.parameter_lines && spsa_lines_path(request.out) == request.out)
    return chess::Error{"--out " + request.out + ": the SPSA lines go beside the result, as .txt; name it .json"};
  std::error_code ec;
  if (!std::filesystem::is_directory(std::filesystem::absolute(request.out).parent_path(), ec)) return true;
  CHESS_RETURN_IF_ERROR(harness::check_output_file("--out", request.out, {request.db, request.config}));
  if (!config.parameter_lines) return true;
  return harness::check_output_file("--out", spsa_lines_path(request.out), {request.db, request.config, request.out});
}

// "for harness --engine: option.X=V ...": the tuned options as engine spec words.
std::string harness_words(const Tuning& t, const Result& result) {
  std::string words;
  for (const auto& [name, value] : option_settings(t.config, result.values)) words += " " + harness::key_value_word("option." + name, value);
  return "for harness --engine:" + words + "\n";
}

// Writes the result: weights as a weights file, options as a JSON object of option values and
// as the harness's engine spec words; stores what was written with the run.
chess::Result<std::string> write_result(const Tuning& t, const Result& result) {
  const std::string out = result_path(t);
  const std::string lines = spsa_lines_path(out);
  if (t.config.parameter_lines && lines == out)  // refused before anything is written
    return chess::Error{"--out " + out + ": the SPSA lines go beside the result, as .txt; name it .json"};
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(out).parent_path(), ec);
  auto file = harness::OutputFile::open("--out", out, {t.db.path()});
  CHESS_RETURN_IF_ERROR(file);
  if (!t.config.tunes_options())
    (*file)->stream() << eval::params_to_json(with_values(t.config, t.start_weights, result.values));
  else
    (*file)->stream() << nlohmann::json::parse(values_json(t.config, result.values)).dump(2) << "\n";
  CHESS_RETURN_IF_ERROR((*file)->commit());
  CHESS_RETURN_IF_ERROR(t.db.save_result(t.run_id, {result.generation, values_json(t.config, result.values), out}));
  if (t.config.parameter_lines) {  // the result in the form the parameters came in, for the framework they came from
    std::vector<std::string> values;
    for (std::size_t i = 0; i < t.config.weights.size(); ++i) values.push_back(t.config.weights[i].option_value(result.values[i]));
    auto text_file = harness::OutputFile::open("--out", lines, {t.db.path(), out});
    CHESS_RETURN_IF_ERROR(text_file);
    (*text_file)->stream() << spsa_lines_text(*t.config.parameter_lines, values);
    CHESS_RETURN_IF_ERROR((*text_file)->commit());
    return "options written to " + out + " and, as " + spsa_line_form_name(t.config.parameter_lines->form) + " lines, to " +
           lines + "\n" + harness_words(t, result);
  }
  if (!t.config.tunes_options()) return "weights written to " + out + "\n";
  return "options written to " + out + "\n" + harness_words(t, result);
}

// A generation's held-out error, stored for tuner report.
chess::Result<bool> save_heldout_error(const Tuning& t, int done) {
  auto g = t.db.generation(t.run_id, done - 1);
  CHESS_RETURN_IF_ERROR(g);
  if (!*g) return true;
  auto values = t.method.generation_values(t.db, t.run_id, t.config, **g);
  CHESS_RETURN_IF_ERROR(values);
  if (!*values) return true;
  return t.db.save_heldout(t.run_id, (*g)->generation, t.sets.heldout->error(with_values(t.config, t.start_weights, **values)));
}

// After each stored generation: its held-out error (for tuner report), a validation when one is
// due, and a stop when asked for or when standard output is gone (a closed pipe).
RunHooks make_tuning_hooks(const Tuning& t, Fitness& fitness) {
  RunHooks hooks;
  hooks.stop_after = t.request.stop_after;
  if (t.sets.heldout)
    hooks.progress_note = [&t, &fitness](const Values& current) {
      return "held-out " + fitness.describe(t.sets.heldout->error(with_values(t.config, t.start_weights, current)));
    };
  const int total = t.method.planned_steps(t.config);
  hooks.after_generation = [&t, total](int done, const Values& best) -> chess::Result<bool> {
    if (t.events)
      t.events->write(harness::EventKind::TUNER_STEP, {{"run", t.run_id},
                                                       {"method", t.method.name()},
                                                       {"step", done},
                                                       {"of", total},
                                                       {"values", nlohmann::ordered_json::parse(values_json(t.config, best))}});
    if (!t.out) harness::request_stop(harness::StopRequest::FINISH_GAMES);
    if (interrupted()) return chess::Error{"interrupted"};
    if (t.sets.heldout) CHESS_RETURN_IF_ERROR(save_heldout_error(t, done));
    const int every = t.config.validation.every;
    if (t.engines && t.config.validation.games > 0 && every > 0 && done % every == 0 && done < total && best != t.start) {
      auto v = validate(*t.engines, best, t.start, t.config.validation, done, "tuned-g" + std::to_string(done), t.db, t.run_id, t.out);
      CHESS_RETURN_IF_ERROR(v);
    }
    return true;
  };
  return hooks;
}

// The run's closing lines: errors against the start, the result and the validation.
std::string summarize(const Tuning& t, Fitness& fitness, const Result& result, const RunOutcome& outcome) {
  auto against_start = [&](const char* what, double now, double at_start) {
    return std::string(what) + " " + fitness.describe(now) + " (start " + fitness.describe(at_start) + ")\n";
  };
  const eval::EvalParams best_weights = with_values(t.config, t.start_weights, result.values);
  std::string summary;
  if (!fitness.noisy()) {
    const double best = t.sets.heldout ? t.sets.texel->error(best_weights) : outcome.best_fitness;
    summary += against_start("best", best, t.sets.texel->error(t.start_weights));
  }
  if (t.sets.heldout) summary += against_start("held-out", t.sets.heldout->error(best_weights), t.sets.heldout_start);
  summary += result.note;
  if (result.values == t.start) summary += "result: equal to the start, value for value (nothing moved)\n";
  return summary;
}

// The configuration as the run uses it: project paths resolved, validation as asked, the
// method's checks passed.
chess::Result<TunerConfig> checked_config(const TuningRequest& request, const TuningMethod& method) {
  auto loaded = load_tuner_config(request.config);
  CHESS_RETURN_IF_ERROR(loaded);
  TunerConfig config = std::move(loaded).value();
  resolve_project_paths(config);
  if (request.no_validation) config.validation.games = 0;
  CHESS_RETURN_IF_ERROR(method.check_run(config, request.config));
  return config;
}

// The tuned engine, started once and its options checked (their kinds and ranges filled into
// the configuration), when games are played.
chess::Result<std::optional<TunedEngines>> tuned_engines(const TuningRequest& request, TunerConfig& config,
                                                         const eval::EvalParams& start_weights, TunerDatabase& db) {
  if (config.fitness.type != "games" && config.validation.games == 0 && request.confirm.empty())
    return std::optional<TunedEngines>();
  auto engines = TunedEngines::create(config, start_weights, request.config, db);
  CHESS_RETURN_IF_ERROR(engines);
  CHESS_RETURN_IF_ERROR(check_tuned_options(config, engines->engine(), request.config));
  return std::optional<TunedEngines>(std::move(engines).value());
}

// The method driven to its end (or a stop), then the result chosen, written and validated.
chess::Result<TuningEnd> drive_and_finish(const Tuning& t, Fitness& fitness) {
  const MethodStart context{t.config, t.start, t.start_weights, fitness, t.sets.texel.get(), t.out};
  const RunHooks hooks = make_tuning_hooks(t, fitness);
  auto ran = drive(t.method, context, t.db, t.run_id, hooks);
  if (!ran && interrupted()) {
    (void)t.db.update_run(t.run_id, harness::RunStatus::STOPPED, "interrupted\n");
    t.out << "Interrupted: tuner run " << t.run_id << " stopped after its last stored generation; continue with --resume\n";
    return TuningEnd::INTERRUPTED;
  }
  CHESS_RETURN_IF_ERROR(ran);
  auto generations = t.db.generations(t.run_id);
  CHESS_RETURN_IF_ERROR(generations);
  const int stored = int(generations->size());
  auto result = choose_result(t, *ran, stored);
  CHESS_RETURN_IF_ERROR(result);
  auto written = write_result(t, *result);
  CHESS_RETURN_IF_ERROR(written);
  std::string summary = summarize(t, fitness, *result, *ran) + *written;
  if (ran->complete) {
    auto validation = final_validation(t, *result, stored);
    CHESS_RETURN_IF_ERROR(validation);
    summary += *validation;
    if (t.confirm && t.engines) {
      auto confirmed = confirm(*t.engines, result->values, t.start, *t.confirm, t.db, t.run_id, t.out);
      CHESS_RETURN_IF_ERROR(confirmed);
      summary += *confirmed;
    }
  }
  CHESS_RETURN_IF_ERROR(
      t.db.update_run(t.run_id, ran->complete ? harness::RunStatus::FINISHED : harness::RunStatus::STOPPED, summary));
  t.out << summary;
  return TuningEnd::DONE;
}

}  // namespace

chess::Result<TuningEnd> run_tuning(const TuningRequest& request, const TuningMethod& method, std::ostream& out) {
  auto checked = checked_config(request, method);
  CHESS_RETURN_IF_ERROR(checked);
  TunerConfig config = std::move(checked).value();
  CHESS_RETURN_IF_ERROR(check_result_name(request, config));
  std::optional<ConfirmSettings> confirmation;
  if (!request.confirm.empty()) {
    auto parsed = parse_confirm(request.confirm);
    CHESS_RETURN_IF_ERROR(parsed);
    confirmation = *parsed;
  }
  const std::vector<std::string> problems = method.diagnose(config);
  if (!problems.empty() && request.strict) return chess::Error{request.config + ": " + problems.front() + " (--strict)"};
  for (const std::string& problem : problems) out << "Warning: " << request.config << ": " << problem << "\n";
  auto weights = config.start_weights.empty() ? chess::Result<eval::EvalParams>(eval::dev_params()) : eval::load_params(config.start_weights);
  CHESS_RETURN_IF_ERROR(weights);
  const eval::EvalParams start_weights = *weights;
  if (config.fitness.cluster.shards > 0) CHESS_RETURN_IF_ERROR(harness::slurm_reachable());
  std::unique_ptr<harness::EventStream> events;
  if (!request.events.empty()) {
    auto opened = harness::EventStream::open(request.events);
    CHESS_RETURN_IF_ERROR(opened);
    events = std::move(opened).value();
  }
  auto db = TunerDatabase::open(request.db);
  CHESS_RETURN_IF_ERROR(db);
  // Everything that can be wrong with the configuration fails before a run is recorded.
  auto made = tuned_engines(request, config, start_weights, **db);
  CHESS_RETURN_IF_ERROR(made);
  std::optional<TunedEngines> engines = std::move(made).value();
  auto values = harness::with_option(request.config + ":", start_values(config, start_weights));
  CHESS_RETURN_IF_ERROR(values);
  const Values start = *values;
  auto traced = read_texel_sets(config, start_weights, out);
  CHESS_RETURN_IF_ERROR(traced);
  TexelSets sets = std::move(traced).value();
  auto run_id = find_or_create_run(**db, {harness::RunKind::TUNER_METHOD, method.name()}, config.source_text, request.resume);
  CHESS_RETURN_IF_ERROR(run_id);
  if (engines) CHESS_RETURN_IF_ERROR(engines->set_run(*run_id));
  if (engines) engines->events_to(events.get());
  const long tuned = long(config.weights.size());
  out << "Tuner run " << *run_id << " (" << method.name() << ") in " << request.db << ": "
      << (config.tunes_options() ? harness::plural(tuned, "option") + " of " + engines->engine().name : harness::plural(tuned, "weight"));
  TunedEngines* tuned_engine = engines ? &*engines : nullptr;
  std::unique_ptr<Fitness> fitness = make_fitness(config, method, start_weights, start, sets, tuned_engine, out);
  out << std::endl;
  const Tuning t{request, method, config, start_weights, start, sets, tuned_engine, **db, *run_id, out, events.get(), confirmation};
  return drive_and_finish(t, *fitness);
}

}  // namespace tuner
