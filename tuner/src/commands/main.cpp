// tuner: tunes evaluation weights or any engine's UCI options (PBIL, SPSA, gradient descent or
// NLopt), or trains a network (nnue), every step stored in SQLite.
#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cluster/slurm.h"
#include "command_line/command_line.h"
#include "command_line/fail.h"
#include "command_line/stored_runs.h"
#include "commands/loop_command.h"
#include "commands/network_command.h"
#include "commands/tuner_report.h"
#include "data/position_tracing.h"
#include "datagen/position_export.h"
#include "driver/holdout_choice.h"
#include "driver/run_lookup.h"
#include "driver/tuning_driver.h"
#include "driver/validation.h"
#include "fitness/game_fitness.h"
#include "fitness/option_check.h"
#include "fitness/texel_fitness.h"
#include "loop/loop_lineage.h"
#include "loop/network_loop.h"
#include "methods/tuning_method.h"
#include "process/executable_path.h"
#include "process/stop_request.h"
#include "report/html_page.h"
#include "run/match_runner.h"
#include "search/search.h"
#include "settings/key_values.h"
#include "settings/output_file.h"
#include "space/tuned_weights.h"
#include "stats/report.h"
#include "text/words.h"

namespace {

using harness::fail;
using harness::value_or_fail;

struct Options {
  std::string config, out, db = harness::default_database();
  bool resume = false;
  bool no_validation = false;
  int stop_after = -1;
  std::int64_t run = 0;
};

// A stop request (Ctrl-C, SIGTERM) ends a match in progress (which stores its finished games)
// and the run after its last stored generation.
bool interrupted() { return harness::stop_requested() != harness::StopRequest::NONE; }

// Defaults that point into the project: the engine registry and the opening book.
void resolve_project_paths(tuner::TunerConfig& config) {
  if (config.fitness.registry.empty()) config.fitness.registry = harness::project_file("configs/engines.json");
  if (config.fitness.openings.empty()) config.fitness.openings = harness::project_file("suites/openings.epd");
}

// The labeled positions, and the held-out share of them when the configuration asks for one.
struct TexelSets {
  std::unique_ptr<tuner::TexelFitness> texel, heldout;
  double heldout_start = 0;  // the held-out error of the start weights
};

TexelSets read_texel_sets(const tuner::TunerConfig& config, const eval::EvalParams& start_weights) {
  TexelSets sets;
  if (config.fitness.type != "texel") return sets;
  const auto began = std::chrono::steady_clock::now();
  tuner::TracedSets traced =
      value_or_fail(tuner::trace_labeled_file(config.fitness.positions,
                                              {config.fitness.holdout, config.fitness.score_weight, config.fitness.threads,
                                               *tuner::positions_format(config.fitness.positions_format)},
                                              start_weights));
  if (traced.tuning.size() == 0) fail(config.fitness.positions + ": no quiet positions left for tuning after the holdout");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  const std::size_t kept = traced.tuning.size() + traced.heldout.size();
  std::printf(
      "Positions: %zu read from %s, %zu kept (%zu left out: their quiescence score is not their evaluation), "
      "%.1f bytes each in memory, traced in %.1f s\n",
      traced.read, config.fitness.positions.c_str(), kept, traced.not_quiet,
      double(traced.tuning.bytes() + traced.heldout.bytes()) / double(kept), seconds);
  std::fflush(stdout);
  sets.texel = std::make_unique<tuner::TexelFitness>(std::move(traced.tuning), config.fitness.threads);
  if (traced.heldout.size() > 0)
    sets.heldout = std::make_unique<tuner::TexelFitness>(std::move(traced.heldout), config.fitness.threads);
  return sets;
}

// The fitness the method optimises; its description ends the run's first line.
std::unique_ptr<tuner::Fitness> make_fitness(const tuner::TunerConfig& config, const tuner::TuningMethod& method,
                                             const eval::EvalParams& start_weights, const tuner::Values& start, TexelSets& sets,
                                             tuner::TunedEngines* engines) {
  if (!sets.texel) {
    std::cout << ", " << method.games_plan(config);
    return std::make_unique<tuner::GameFitness>(*engines, start, std::cout, method.games_per_comparison(config));
  }
  const std::string& k_mode = config.fitness.k;
  double k = config.fitness.k_value;
  if (k_mode == "number")
    sets.texel->set_k(k);
  else
    k = sets.texel->fit_k(k_mode == "defaults" ? eval::dev_params() : start_weights);
  std::cout << ", " << sets.texel->size() << " positions, K = " << k << ", start error " << sets.texel->error(start_weights);
  if (sets.heldout) {
    sets.heldout->set_k(k);
    sets.heldout_start = sets.heldout->error(start_weights);
    std::cout << "; " << sets.heldout->size() << " held-out positions, start error " << sets.heldout_start;
  }
  return std::make_unique<tuner::TexelFitnessAdapter>(*sets.texel, config, start_weights, k_mode == "refit");
}

// The result a run keeps: with held-out positions, the stored generation that fits them best
// (early stopping), or the start when none does; else the method's best.
struct Result {
  tuner::Values values;
  int generation = -1;  // 0-based; -1: the start values (or no held-out choice was made)
  std::string note;
};

Result choose_result(harness::Database& db, std::int64_t run_id, const tuner::TuningMethod& method,
                     const tuner::TunerConfig& config, const eval::EvalParams& start_weights, const tuner::Values& start,
                     const TexelSets& sets, const tuner::RunOutcome& outcome, int stored) {
  if (!sets.heldout) return {outcome.best, stored - 1, outcome.note};
  auto choice = value_or_fail(tuner::best_on_holdout(db, run_id, method, config, start_weights, *sets.heldout));
  if (choice && choice->error < sets.heldout_start)
    return {choice->values, choice->generation,
            "result: generation " + std::to_string(choice->generation + 1) + ", the lowest held-out error\n"};
  return {start, -1, "result: the start weights (no generation fitted the held-out positions better)\n"};
}

// Runs the final validation unless a stored one already covers `generations`, or the result is
// the start itself (a match of the start against itself measures nothing).
std::string final_validation(const tuner::TunedEngines* engines, const tuner::TunerConfig& config, const Result& result,
                             const tuner::Values& start, int generations, harness::Database& db, std::int64_t run_id) {
  if (!engines || config.validation.games == 0) return "";
  if (result.values == start) return "validation: none played: the result is the start, value for value\n";
  for (const harness::ValidationRow& v : value_or_fail(db.validations(run_id)))
    if (v.generation == generations) return "";
  const std::string name = result.generation >= 0 ? "tuned-g" + std::to_string(result.generation + 1) : "tuned-start";
  auto v =
      value_or_fail(tuner::validate(*engines, result.values, start, config.validation, generations, name, db, run_id, std::cout));
  return "validation: tuned against start " + harness::elo_text(v.elo, v.elo_error) + " over " +
         std::to_string(config.validation.games) + " games (harness run " + std::to_string(v.match_run) + ")\n";
}

// The file the result goes to: --out, or results/tuned/NAME-runID.json beside the database
// (never a committed file unless asked for).
std::string result_path(const tuner::TunerConfig& config, const Options& o, std::int64_t run_id) {
  if (!o.out.empty()) return o.out;
  const std::filesystem::path folder = std::filesystem::absolute(o.db).parent_path() / "tuned";
  return (folder / (config.name + "-run" + std::to_string(run_id) + ".json")).string();
}

// Writes the result: weights as a weights file, options as a JSON object of option values and
// as the harness's engine spec words; stores what was written with the run.
std::string write_result(const tuner::TunerConfig& config, const std::string& out, const eval::EvalParams& start_weights,
                         const Result& result, harness::Database& db, std::int64_t run_id) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(out).parent_path(), ec);
  const auto file = value_or_fail(harness::OutputFile::open("--out", out, {db.path()}));
  if (!config.tunes_options())
    file->stream() << eval::params_to_json(tuner::with_values(config, start_weights, result.values));
  else
    file->stream() << nlohmann::json::parse(tuner::values_json(config, result.values)).dump(2) << "\n";
  value_or_fail(file->commit());
  value_or_fail(db.save_result(run_id, {result.generation, tuner::values_json(config, result.values), out}));
  if (!config.tunes_options()) return "weights written to " + out + "\n";
  std::string words;
  for (const auto& [name, value] : tuner::option_settings(config, result.values))
    words += " " + harness::key_value_word("option." + name, value);
  return "options written to " + out + "\nfor harness --engine:" + words + "\n";
}

// After each stored generation: its held-out error (for tuner report), a validation when one is
// due, and a stop when asked for or when standard output is gone (a closed pipe).
tuner::RunHooks make_hooks(const Options& o, const tuner::MethodStart& c, harness::Database& db, std::int64_t run_id,
                           const tuner::TuningMethod& method, const TexelSets& sets, const tuner::TunedEngines* engines,
                           tuner::Fitness& fitness) {
  tuner::RunHooks hooks;
  hooks.stop_after = o.stop_after;
  if (sets.heldout)
    hooks.progress_note = [&](const tuner::Values& current) {
      return "held-out " + fitness.describe(sets.heldout->error(tuner::with_values(c.config, c.start_weights, current)));
    };
  const int total = method.planned_steps(c.config);
  hooks.after_generation = [&, total, engines, run_id](int done, const tuner::Values& best) -> chess::Result<bool> {
    if (!std::cout) harness::request_stop(harness::StopRequest::FINISH_GAMES);
    if (interrupted()) return chess::Error{"interrupted"};
    if (sets.heldout) {
      auto g = db.generation(run_id, done - 1);
      CHESS_RETURN_IF_ERROR(g);
      auto values =
          *g ? method.generation_values(db, run_id, c.config, **g) : chess::Result<std::optional<tuner::Values>>(std::nullopt);
      CHESS_RETURN_IF_ERROR(values);
      if (*values)
        if (auto saved = db.save_heldout(run_id, (*g)->generation,
                                         sets.heldout->error(tuner::with_values(c.config, c.start_weights, **values)));
            !saved)
          return saved;
    }
    const int every = c.config.validation.every;
    if (engines && c.config.validation.games > 0 && every > 0 && done % every == 0 && done < total && best != c.start) {
      auto v = tuner::validate(*engines, best, c.start, c.config.validation, done, "tuned-g" + std::to_string(done), db, run_id,
                               std::cout);
      CHESS_RETURN_IF_ERROR(v);
    }
    return true;
  };
  return hooks;
}

// The run's closing lines: errors against the start, the result and the validation.
std::string summarize(const tuner::MethodStart& c, const TexelSets& sets, tuner::Fitness& fitness, const Result& result,
                      const tuner::RunOutcome& outcome) {
  auto against_start = [&](const char* what, double now, double at_start) {
    return std::string(what) + " " + fitness.describe(now) + " (start " + fitness.describe(at_start) + ")\n";
  };
  const eval::EvalParams best_weights = tuner::with_values(c.config, c.start_weights, result.values);
  std::string summary;
  if (!fitness.noisy()) {
    const double best = sets.heldout ? sets.texel->error(best_weights) : outcome.best_fitness;
    summary += against_start("best", best, sets.texel->error(c.start_weights));
  }
  if (sets.heldout) summary += against_start("held-out", sets.heldout->error(best_weights), sets.heldout_start);
  summary += result.note;
  if (result.values == c.start) summary += "result: equal to the start, value for value (nothing moved)\n";
  return summary;
}

int tune_command(const Options& o, const tuner::TuningMethod& method) {
  harness::install_stop_handlers();  // a signal during set-up stops the run before its first generation
  tuner::TunerConfig config = value_or_fail(tuner::load_tuner_config(o.config));
  resolve_project_paths(config);
  if (o.no_validation) config.validation.games = 0;
  value_or_fail(method.check_run(config, o.config));
  const eval::EvalParams start_weights =
      config.start_weights.empty() ? eval::dev_params() : value_or_fail(eval::load_params(config.start_weights));
  if (config.fitness.cluster.shards > 0) value_or_fail(harness::slurm_reachable());
  auto db = value_or_fail(harness::Database::open(o.db));
  // Everything that can be wrong with the configuration fails before a run is recorded: the
  // tuned engine is started once and its options checked.
  std::optional<tuner::TunedEngines> engines;
  if (config.fitness.type == "games" || config.validation.games > 0) {
    engines = value_or_fail(tuner::TunedEngines::create(config, start_weights, o.config, *db));
    value_or_fail(tuner::check_tuned_options(config, engines->engine(), o.config));
  }
  const tuner::Values start = value_or_fail(harness::with_option(o.config + ":", tuner::start_values(config, start_weights)));
  TexelSets sets = read_texel_sets(config, start_weights);
  const std::int64_t run_id =
      value_or_fail(tuner::find_or_create_run(*db, std::string("tuner-") + method.name(), config.source_text, o.resume));
  if (engines) value_or_fail(engines->set_run(run_id));
  const long tuned = long(config.weights.size());
  std::cout << "Tuner run " << run_id << " (" << method.name() << ") in " << o.db << ": "
            << (config.tunes_options() ? harness::plural(tuned, "option") + " of " + engines->engine().name
                                       : harness::plural(tuned, "weight"));
  std::unique_ptr<tuner::Fitness> fitness =
      make_fitness(config, method, start_weights, start, sets, engines ? &*engines : nullptr);
  std::cout << std::endl;
  const tuner::MethodStart context{config, start, start_weights, *fitness, sets.texel.get(), std::cout};
  const tuner::RunHooks hooks = make_hooks(o, context, *db, run_id, method, sets, engines ? &*engines : nullptr, *fitness);
  auto ran = tuner::drive(method, context, *db, run_id, hooks);
  if (!ran && interrupted()) {
    (void)db->update_run(run_id, "stopped", "interrupted\n");
    std::cout << "Interrupted: tuner run " << run_id << " stopped after its last stored generation; continue with --resume\n";
    return 130;
  }
  const tuner::RunOutcome outcome = value_or_fail(std::move(ran));
  const int stored = int(value_or_fail(db->generations(run_id)).size());
  const Result result = choose_result(*db, run_id, method, config, start_weights, start, sets, outcome, stored);
  std::string summary = summarize(context, sets, *fitness, result, outcome) +
                        write_result(config, result_path(config, o, run_id), start_weights, result, *db, run_id);
  if (outcome.complete) summary += final_validation(engines ? &*engines : nullptr, config, result, start, stored, *db, run_id);
  value_or_fail(db->update_run(run_id, outcome.complete ? "finished" : "stopped", summary));
  std::cout << summary;
  return 0;
}

int show_command(const Options& o) {
  auto db = value_or_fail(harness::Database::open_existing(o.db));
  const harness::RunRow run = harness::run_or_fail(*db, o.run);
  if (run.kind == tuner::NETWORK_RUN_KIND) {
    std::cout << "Tuner run " << run.id << " (nnue, " << run.status << ", started " << run.created_at << ")\n"
              << value_or_fail(tuner::describe_network_run(*db, run));
    return 0;
  }
  if (run.kind == tuner::LOOP_RUN_KIND) {
    std::cout << "Loop run " << run.id << " (" << run.status << ", started " << run.created_at << ")\n"
              << value_or_fail(tuner::describe_loop_run(*db, run));
    return 0;
  }
  const tuner::TuningMethod* method = tuner::find_tuning_method(run.kind);
  if (!method)
    fail("run " + std::to_string(o.run) + " in " + o.db + " is " + harness::a_run_of_kind(run.kind) +
         ", not a tuner run; see 'harness show " + std::to_string(o.run) + " --db " + o.db + "'");
  std::cout << "Tuner run " << run.id << " (" << run.status << ", started " << run.created_at << ")\n";
  auto config = tuner::parse_tuner_config(run.config, "run " + std::to_string(o.run));
  if (!config) fail(config.error());
  const bool games = config->fitness.type == "games";
  // Game fitness is minus the score; texel fitness an error.
  auto text = [games](double fitness) {
    char t[32];
    std::snprintf(t, sizeof t, games ? "score %.1f%%" : "error %.6f", games ? -100 * fitness : fitness);
    return std::string(t);
  };
  for (const harness::GenerationRow& g : value_or_fail(db->generations(o.run)))
    std::cout << method->describe_generation(*config, g, text) << "\n";
  for (const harness::ValidationRow& v : value_or_fail(db->validations(o.run)))
    std::cout << "validation after " << harness::plural(v.generation, "generation") << ": "
              << harness::elo_text(v.elo, v.elo_error) << " (harness run " << v.match_run << ")\n";
  std::cout << run.summary;
  return 0;
}

int report_command(const Options& o) {
  // Opened as `show` opens it: a database of an older schema is migrated first, so that the
  // report reads each step's state as the methods now store it.
  auto db = value_or_fail(harness::Database::open_existing(o.db));
  const harness::RunRow run = harness::run_or_fail(*db, o.run);
  auto section = [&](const nlohmann::json& s) {
    return nlohmann::json{{"database", db->path()}, {"sections", nlohmann::json::array({s})}};
  };
  const nlohmann::json report = run.kind == tuner::NETWORK_RUN_KIND ? section(value_or_fail(tuner::network_report_section(*db, run)))
                                : run.kind == tuner::LOOP_RUN_KIND  ? section(value_or_fail(tuner::loop_report_section(*db, run)))
                                                                    : value_or_fail(tuner::tuner_report(*db, o.run));
  const std::string path =
      o.out.empty() ? (std::filesystem::path(o.db).parent_path() / ("tuner-report-" + std::to_string(o.run) + ".html")).string()
                    : o.out;
  value_or_fail(harness::write_page(path, harness::html_page("Tuner report: run " + std::to_string(o.run), report), {o.db}));
  std::cout << "Report of tuner run " << o.run << " written to " << path << std::endl;
  return 0;
}

// The positions of a harness run as EPD labeled with the game's result, through harness
// positions' exporter: from the game's ninth ply on (an opening's plies counted, as --min-ply
// counts them; before, only the engines' plies were), not in check, quiet (quiescence equal to
// the static evaluation), every one (no duplicates dropped), with or without a score.
int extract_command(const Options& o) {
  auto db = value_or_fail(harness::Database::open_existing(o.db));
  harness::run_or_fail(*db, o.run);
  if (o.out.empty()) fail("extract-positions needs --out FILE");
  const auto file = value_or_fail(harness::OutputFile::open("--out", o.out, {o.db}));
  search::Searcher searcher;
  searcher.set_hash_mb(1);
  harness::PositionFilters filters;
  filters.skip_tactical = filters.skip_mates = filters.dedup = false;
  filters.min_ply = 8;
  filters.position_test = [&](const chess::Position& pos) { return searcher.quiescence_score(pos) == searcher.evaluate(pos); };
  std::unordered_set<std::uint64_t> seen;
  auto exported =
      harness::export_positions(*db, o.run, filters, value_or_fail(harness::parse_position_format("epd")), file->stream(), seen);
  if (!exported) fail(file->failed(exported.error()).message);
  const harness::ExportCounts& counts = *exported;
  value_or_fail(file->commit());
  std::cout << "wrote " << counts.written << " quiet labeled positions to " << o.out << "\n";
  return 0;
}

// A failure below the commands (the database refusing a write, a full disk) ends the run with
// its message and status 2; every committed generation stays resumable.
template <class F>
int guarded(F command) {
  try {
    return command();
  } catch (const std::exception& e) {
    std::cerr << "tuner: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace

int main(int argc, char** argv) {
  harness::ignore_output_signals();  // every writer reports a full file or a closed output itself
  CLI::App app{
      "tuner: tune the engine's evaluation weights or any engine's UCI options (PBIL, SPSA, gradient descent or NLopt), or "
      "train a network (nnue), every step stored in SQLite",
      "tuner"};  // usage lines name the program, not its path
  app.require_subcommand(1);
  auto o = std::make_shared<Options>();
  harness::program_name() = "tuner";
  for (const auto& method : tuner::tuning_methods()) {
    CLI::App* cmd = app.add_subcommand(method->name(), method->description());
    cmd->add_option("--config", o->config, "Tuner configuration (for example configs/eval.json)")->required();
    cmd->add_option("--out", o->out, "Result file to write (default: tuned/NAME-runID.json beside the database)");
    cmd->add_option("--db", o->db, harness::DATABASE_HELP);
    cmd->add_flag("--resume", o->resume, "Continue the latest unfinished run with this configuration");
    cmd->add_flag("--no-validation", o->no_validation, "Skip the validation match of the tuned weights against the start");
    cmd->add_option("--stop-after", o->stop_after, "Stop after this many generations or iterations (the run stays resumable)");
    cmd->callback([o, m = method.get()] { std::exit(guarded([&] { return tune_command(*o, *m); })); });
  }
  auto n = std::make_shared<tuner::NetworkCommandOptions>();
  n->db = harness::default_database();
  CLI::App* nnue = app.add_subcommand("nnue", "Train a (768->N)x2->1 network (bullet's simple layout) on positions 'harness positions' wrote");
  nnue->add_option("--config", n->config, "Training configuration (for example configs/nnue/simple.json)")->required();
  nnue->add_option("--out", n->out, "Quantised network to write (default: networks/NAME-runID.nnue beside the database); the float weights, the manifest and the checkpoints go beside it");
  nnue->add_option("--db", n->db, harness::DATABASE_HELP);
  nnue->add_flag("--resume", n->resume, "Continue the latest unfinished run with this configuration from its last checkpoint");
  nnue->add_option("--stop-after", n->stop_after, "Stop after this many superbatches (the run stays resumable)");
  nnue->add_option("--batch-losses", n->batch_losses, "Also write every batch's loss to this CSV file (superbatch,batch,loss)");
  nnue->callback([n] { std::exit(guarded([&] { return tuner::network_command(*n); })); });
  auto l = std::make_shared<tuner::LoopCommandOptions>();
  l->db = harness::default_database();
  CLI::App* loop = app.add_subcommand("loop", "Generations of self-play, network training and a gate match (SPRT), each step a stored run");
  loop->add_option("--config", l->config, "Loop configuration (for example configs/loop/dev.json)")->required();
  loop->add_option("--db", l->db, harness::DATABASE_HELP);
  loop->add_option("--dir", l->dir, "Folder of the generations' data and networks (default: loops/NAME-runID beside the database)");
  loop->add_flag("--resume", l->resume, "Continue the latest unfinished loop with this configuration in the step it was in");
  loop->add_option("--stop-after-steps", l->stop_after_steps, "Stop after this many steps (the loop stays resumable)");
  loop->add_option("--cluster", l->cluster, "Run each self-play and match as a Slurm job array of this many shards, and each training as one Slurm job")
      ->check(CLI::Range(1, 10000));
  loop->add_option("--partition", l->partition, "Slurm partition of the jobs (default: the cluster's default)");
  loop->add_option("--cluster-dir", l->cluster_dir, "Folder every node sees, for the jobs' files (default: cluster/ beside the database)");
  loop->callback([l] { std::exit(guarded([&] { return tuner::loop_command(*l); })); });
  CLI::App* show = app.add_subcommand("show", "Print a tuner run's history");
  show->add_option("RUN", o->run, "Run id")->required()->check(harness::run_number());
  show->add_option("--db", o->db, harness::DATABASE_HELP);
  show->callback([o] { std::exit(guarded([&] { return show_command(*o); })); });
  CLI::App* report = app.add_subcommand("report", "Write an HTML report of a tuner run (fitness, parameters, validations)");
  report->add_option("RUN", o->run, "Run id")->required()->check(harness::run_number());
  report->add_option("--db", o->db, harness::DATABASE_HELP);
  report->add_option("-o,--out", o->out, "HTML file to write (default: tuner-report-RUN.html beside the database)");
  report->callback([o] { std::exit(guarded([&] { return report_command(*o); })); });
  CLI::App* extract = app.add_subcommand(
      "extract-positions", "Write quiet positions labeled with the game result from a harness run (harness positions' exporter)");
  extract->add_option("--run", o->run, "Harness match run id")->required()->check(harness::run_number());
  extract->add_option("--out", o->out, "Labeled position file to write")->required();
  extract->add_option("--db", o->db, harness::DATABASE_HELP);
  extract->callback([o] { std::exit(guarded([&] { return extract_command(*o); })); });
  const int status = harness::parse_command_line(app, argc, argv);
  return status < 0 ? 0 : status;
}
