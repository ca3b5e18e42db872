// tuner: tunes evaluation weights (PBIL, SPSA or gradient descent), every generation stored in SQLite.
#include <CLI/CLI.hpp>
#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/fail.h"
#include "cluster/slurm.h"
#include "core/game.h"
#include "game_fitness.h"
#include "gradient_run.h"
#include "holdout_choice.h"
#include "match/match_runner.h"
#include "match/stop_request.h"
#include "option_check.h"
#include "pbil_run.h"
#include "report/html_page.h"
#include "spsa_run.h"
#include "texel_fitness.h"
#include "tuned_weights.h"
#include "tuner_report.h"
#include "validation.h"

namespace {

using harness::fail;
using harness::value_or_fail;

std::string project_path(const std::string& relative) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? relative : (exe.parent_path() / ".." / ".." / relative).lexically_normal().string();
}

struct Options {
  std::string config, out, db = "results/harness.sqlite";
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
  if (config.fitness.registry.empty()) config.fitness.registry = project_path("configs/engines.json");
  if (config.fitness.openings.empty()) config.fitness.openings = project_path("suites/openings.epd");
}

std::int64_t find_or_create_run(harness::Database& db, const std::string& kind, const tuner::TunerConfig& config,
                                const Options& o) {
  if (!o.resume) return db.create_run(kind, config.source_text);
  auto runs = db.runs();
  for (auto it = runs.rbegin(); it != runs.rend(); ++it)
    if (it->kind == kind && it->status != "finished" && it->config == config.source_text) return it->id;
  fail("--resume: no unfinished " + kind + " run with this configuration in " + o.db);
}

// Runs the final validation unless a stored one already covers `generations`.
std::string final_validation(const tuner::TunedEngines* engines, const tuner::TunerConfig& config,
                             const tuner::RunOutcome& outcome, const tuner::Values& start, int generations, harness::Database& db,
                             std::int64_t run_id) {
  if (!engines || config.validation.games == 0) return "";
  for (const harness::ValidationRow& v : db.validations(run_id))
    if (v.generation == generations) return "";
  auto v = value_or_fail(tuner::validate(*engines, outcome.best, start, config.validation, generations, db, run_id, std::cout));
  char line[160];
  std::snprintf(line, sizeof line, "validation: tuned against start %+.1f +/- %.1f Elo over %d games (harness run %lld)\n", v.elo,
                v.elo_error, config.validation.games, static_cast<long long>(v.match_run));
  return line;
}

// Writes the result: weights as a weights file (configs/weights/NAME.json), options as a JSON
// object of option values (configs/options/NAME.json) and as the harness's engine spec words.
std::string write_result(const tuner::TunerConfig& config, const Options& o, const eval::EvalParams& start_weights,
                         const tuner::Values& best) {
  const std::string folder = config.tunes_options() ? "configs/options/" : "configs/weights/";
  const std::string out = o.out.empty() ? project_path(folder + config.name + ".json") : o.out;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(out).parent_path(), ec);
  std::ofstream file(out);
  if (!config.tunes_options()) {
    file << eval::params_to_json(tuner::with_values(config, start_weights, best));
    if (!file) fail("cannot write " + out);
    return "weights written to " + out + "\n";
  }
  file << nlohmann::json::parse(tuner::values_json(config, best)).dump(2) << "\n";
  if (!file) fail("cannot write " + out);
  std::string words;
  for (const auto& [name, value] : tuner::option_settings(config, best)) words += " option." + name + "=" + value;
  return "options written to " + out + "\nfor harness --engine:" + words + "\n";
}

int tune_command(const Options& o, const std::string& method) {
  harness::install_stop_handlers();  // a signal during set-up stops the run before its first generation
  tuner::TunerConfig config = value_or_fail(tuner::load_tuner_config(o.config));
  resolve_project_paths(config);
  if (o.no_validation) config.validation.games = 0;
  if (method != "pbil" && config.fitness.k == "refit")
    fail(o.config + ": fitness: 'k': \"refit\" works with pbil (between generations); use \"start\", \"defaults\" or a number");
  if (method == "gradient" && config.fitness.type != "texel")
    fail(o.config + ": fitness: gradient descent needs 'type': 'texel' (games give no gradient; use pbil or spsa)");
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
  const tuner::Values start = tuner::start_values(config, start_weights);
  std::unique_ptr<tuner::TexelFitness> texel, heldout;
  if (config.fitness.type == "texel") {
    auto positions = value_or_fail(tuner::read_labeled_positions(config.fitness.positions));
    auto held = tuner::split_holdout(positions, config.fitness.holdout);
    if (positions.empty()) fail(config.fitness.positions + ": no positions left for tuning after the holdout");
    texel = std::make_unique<tuner::TexelFitness>(std::move(positions), config.fitness.threads);
    if (!held.empty()) heldout = std::make_unique<tuner::TexelFitness>(std::move(held), config.fitness.threads);
  }
  const std::string kind = "tuner-" + method;
  const std::int64_t run_id = find_or_create_run(*db, kind, config, o);
  if (engines) value_or_fail(engines->set_run(run_id));

  std::unique_ptr<tuner::Fitness> fitness;
  double heldout_start = 0;
  std::cout << "Tuner run " << run_id << " (" << method << ") in " << o.db << ": " << config.weights.size()
            << (config.tunes_options() ? " options of " + engines->engine().name : std::string(" weights"));
  if (texel) {
    const std::string& k_mode = config.fitness.k;
    double k = config.fitness.k_value;
    if (k_mode == "number")
      texel->set_k(k);
    else
      k = texel->fit_k(k_mode == "defaults" ? eval::dev_params() : start_weights);
    fitness = std::make_unique<tuner::TexelFitnessAdapter>(*texel, config, start_weights, k_mode == "refit");
    std::cout << ", " << texel->size() << " positions, K = " << k << ", start error " << texel->error(start_weights);
    if (heldout) {
      heldout->set_k(k);
      heldout_start = heldout->error(start_weights);
      std::cout << "; " << heldout->size() << " held-out positions, start error " << heldout_start;
    }
  } else {
    fitness = std::make_unique<tuner::GameFitness>(*engines, start, std::cout, config.spsa.games_per_iteration);
    if (method == "spsa")
      std::cout << ", " << config.spsa.games_per_iteration << " games per iteration (theta+ against theta-) at "
                << config.fitness.tc << ", " << config.spsa.batch << " iterations a harness run";
    else
      std::cout << ", " << config.fitness.games_per_individual << " games per individual at " << config.fitness.tc << " against "
                << config.fitness.opponent << ", a generation a harness run";
  }
  std::cout << std::endl;

  tuner::RunHooks hooks;
  hooks.stop_after = o.stop_after;
  if (heldout)
    hooks.progress_note = [&](const tuner::Values& current) {
      return "held-out " + fitness->describe(heldout->error(tuner::with_values(config, start_weights, current)));
    };
  const int total = method == "pbil"   ? config.pbil.generations
                    : method == "spsa" ? config.spsa.iterations
                                       : config.gradient.generations();
  hooks.after_generation = [&](int done, const tuner::Values& best) -> chess::Result<bool> {
    if (interrupted()) return chess::Error{"interrupted"};
    if (heldout)  // the held-out error of this generation's result, for tuner report
      if (auto g = db->generation(run_id, done - 1))
        if (auto values = tuner::generation_values(*db, run_id, method, config, *g))
          db->save_heldout(run_id, g->generation, heldout->error(tuner::with_values(config, start_weights, *values)));
    const int every = config.validation.every;
    if (engines && config.validation.games > 0 && every > 0 && done % every == 0 && done < total) {
      auto v = tuner::validate(*engines, best, start, config.validation, done, *db, run_id, std::cout);
      if (!v) return chess::Error{v.error()};
    }
    return true;
  };
  std::unique_ptr<tuner::LinearTexel> linear;
  if (method == "gradient") {
    linear = std::make_unique<tuner::LinearTexel>(*texel, config, start_weights, config.fitness.threads);
    std::cout << "Linearised evaluation: " << linear->size() << " positions (" << linear->left_out()
              << " left out: their quiescence score is not their evaluation), error "
              << linear->error(tuner::tuned_real_values(config, start_weights), nullptr) << std::endl;
  }
  auto ran = method == "pbil"   ? tuner::run_pbil(config, start, *fitness, *db, run_id, std::cout, hooks)
             : method == "spsa" ? tuner::run_spsa(config, start, *fitness, *db, run_id, std::cout, hooks)
                                : tuner::run_gradient(config, start_weights, *linear, *texel, *db, run_id, std::cout, hooks);
  if (!ran && interrupted()) {
    db->update_run(run_id, "stopped", "interrupted\n");
    std::cout << "Interrupted: tuner run " << run_id << " stopped after its last stored generation; continue with --resume\n";
    return 130;
  }
  tuner::RunOutcome outcome = value_or_fail(std::move(ran));
  std::string chosen;
  if (heldout) {  // early stopping: the stored result that fits the held-out positions best
    auto choice = tuner::best_on_holdout(*db, run_id, method, config, start_weights, *heldout);
    if (choice && choice->error < heldout_start) {
      outcome.best = choice->values;
      chosen = "result: generation " + std::to_string(choice->generation + 1) + ", the lowest held-out error\n";
    } else {
      outcome.best = start;
      chosen = "result: the start weights (no generation fitted the held-out positions better)\n";
    }
    if (!fitness->noisy()) outcome.best_fitness = texel->error(tuner::with_values(config, start_weights, outcome.best));
  }
  std::string summary = chosen + write_result(config, o, start_weights, outcome.best);
  const int stored = int(db->generations(run_id).size());
  auto against_start = [&](const char* what, double now, double at_start) {
    return std::string(what) + " " + fitness->describe(now) + " (start " + fitness->describe(at_start) + ")\n";
  };
  const eval::EvalParams best_weights = tuner::with_values(config, start_weights, outcome.best);
  if (heldout) summary = against_start("held-out", heldout->error(best_weights), heldout_start) + summary;
  if (!fitness->noisy()) summary = against_start("best", outcome.best_fitness, texel->error(start_weights)) + summary;
  if (outcome.complete) summary += final_validation(engines ? &*engines : nullptr, config, outcome, start, stored, *db, run_id);
  db->update_run(run_id, outcome.complete ? "finished" : "stopped", summary);
  std::cout << summary;
  return 0;
}

int show_command(const Options& o) {
  auto db = value_or_fail(harness::Database::open_existing(o.db));
  auto run = db->run(o.run);
  if (!run) fail("no run " + std::to_string(o.run) + " in " + o.db + " (see 'harness runs --db " + o.db + "')");
  if (run->kind.rfind("tuner", 0) != 0)
    fail("run " + std::to_string(o.run) + " in " + o.db + " is a " + run->kind + " run, not a tuner run; see 'harness show " +
         std::to_string(o.run) + " --db " + o.db + "'");
  std::cout << "Tuner run " << run->id << " (" << run->status << ", started " << run->created_at << ")\n";
  auto config = tuner::parse_tuner_config(run->config, "run " + std::to_string(o.run));
  const bool games = config && config->fitness.type == "games";
  const bool spsa = run->kind == "tuner-spsa";
  const bool gradient = run->kind == "tuner-gradient";
  // Game fitness is minus the score; texel fitness an error.
  auto text = [games](double fitness) {
    char t[32];
    std::snprintf(t, sizeof t, games ? "score %.1f%%" : "error %.6f", games ? -100 * fitness : fitness);
    return std::string(t);
  };
  for (const harness::GenerationRow& g : db->generations(o.run)) {
    if (gradient)  // a generation is record_every epochs; its fitness the linearised error at its end
      std::cout << "epochs to "
                << std::min((g.generation + 1) * (config ? config->gradient.record_every : 1),
                            config ? config->gradient.epochs : 0)
                << "  linear " << text(g.best_fitness) << "\n";
    else if (spsa)  // an iteration's two rows are theta+ and theta-: best is the lower, mean their middle
      std::cout << "iteration " << g.generation + 1 << "  better of theta+/theta- " << text(g.best_fitness) << "  worse "
                << text(2 * g.mean_fitness - g.best_fitness) << "\n";
    else
      std::cout << "generation " << g.generation + 1 << "  best " << text(g.best_fitness) << "  mean " << text(g.mean_fitness)
                << "  entropy " << g.entropy << "\n";
  }
  for (const harness::ValidationRow& v : db->validations(o.run)) {
    char line[160];
    std::snprintf(line, sizeof line, "validation after %d: %+.1f +/- %.1f Elo (harness run %lld)\n", v.generation, v.elo,
                  v.elo_error, static_cast<long long>(v.match_run));
    std::cout << line;
  }
  std::cout << run->summary;
  return 0;
}

int report_command(const Options& o) {
  auto db = value_or_fail(harness::Database::open_readonly(o.db));
  const nlohmann::json report = value_or_fail(tuner::tuner_report(*db, o.run));
  const std::string path =
      o.out.empty() ? (std::filesystem::path(o.db).parent_path() / ("tuner-report-" + std::to_string(o.run) + ".html")).string()
                    : o.out;
  value_or_fail(harness::write_page(path, harness::html_page("Tuner report: run " + std::to_string(o.run), report)));
  std::cout << "Report of tuner run " << o.run << " written to " << path << std::endl;
  return 0;
}

int extract_command(const Options& o) {
  auto db = value_or_fail(harness::Database::open(o.db));
  if (!db->run(o.run)) fail("no run " + std::to_string(o.run) + " in " + o.db);
  if (o.out.empty()) fail("extract-positions needs --out FILE");
  std::ofstream out(o.out);
  if (!out) fail("cannot write " + o.out);
  search::Searcher searcher;
  searcher.set_hash_mb(1);
  int written = 0;
  for (const harness::StoredGame& g : db->games(o.run)) {
    if (g.result == "*") continue;
    chess::Game game(chess::Position::from_fen(g.opening_fen).value());
    for (const std::string& m : g.opening_moves) game.play_uci(m);
    int ply = 0;
    for (const std::string& m : db->game_moves(g.id)) {
      const chess::Position& pos = game.position();
      // Quiet: not in check, and no capture changes the static evaluation.
      if (++ply > 8 && !pos.in_check() && searcher.quiescence_score(pos) == searcher.evaluate(pos)) {
        std::string fen = pos.fen();
        out << fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1)) << " c9 \"" << g.result << "\";\n";
        ++written;
      }
      game.play_uci(m);
    }
  }
  std::cout << "wrote " << written << " quiet labeled positions to " << o.out << "\n";
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
  CLI::App app{"tuner: tune the engine's evaluation weights (PBIL, SPSA or gradient descent), every generation stored in SQLite"};
  app.require_subcommand(1);
  auto o = std::make_shared<Options>();
  harness::program_name() = "tuner";
  const std::pair<const char*, const char*> methods[] = {
      {"pbil", "Tune with population-based incremental learning"},
      {"spsa", "Tune with SPSA (as Stockfish's testing framework does)"},
      {"gradient", "Tune by gradient descent (Adam) on the texel error of the linearised evaluation"}};
  for (auto [method, description] : methods) {
    CLI::App* cmd = app.add_subcommand(method, description);
    cmd->add_option("--config", o->config, "Tuner configuration (for example configs/eval.json)")->required();
    cmd->add_option("--out", o->out, "Weights file to write (default configs/weights/NAME.json)");
    cmd->add_option("--db", o->db, "SQLite database")->capture_default_str();
    cmd->add_flag("--resume", o->resume, "Continue the latest unfinished run with this configuration");
    cmd->add_flag("--no-validation", o->no_validation, "Skip the validation match of the tuned weights against the start");
    cmd->add_option("--stop-after", o->stop_after, "Stop after this many generations or iterations (the run stays resumable)");
    cmd->callback([o, name = std::string(method)] { std::exit(guarded([&] { return tune_command(*o, name); })); });
  }
  CLI::App* show = app.add_subcommand("show", "Print a tuner run's history");
  show->add_option("RUN", o->run, "Run id")->required();
  show->add_option("--db", o->db, "SQLite database")->capture_default_str();
  show->callback([o] { std::exit(guarded([&] { return show_command(*o); })); });
  CLI::App* report = app.add_subcommand("report", "Write an HTML report of a tuner run (fitness, parameters, validations)");
  report->add_option("RUN", o->run, "Run id")->required();
  report->add_option("--db", o->db, "SQLite database")->capture_default_str();
  report->add_option("-o,--out", o->out, "HTML file to write (default: tuner-report-RUN.html beside the database)");
  report->callback([o] { std::exit(guarded([&] { return report_command(*o); })); });
  CLI::App* extract =
      app.add_subcommand("extract-positions", "Write quiet positions labeled with the game result from a harness run");
  extract->add_option("--run", o->run, "Harness match run id")->required();
  extract->add_option("--out", o->out, "Labeled position file to write")->required();
  extract->add_option("--db", o->db, "SQLite database")->capture_default_str();
  extract->callback([o] { std::exit(guarded([&] { return extract_command(*o); })); });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "tuner: " << e.what() << "\nRun 'tuner --help' or 'tuner COMMAND --help'.\n";
    return 2;
  }
  return 0;
}
