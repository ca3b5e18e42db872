// tuner: evolves evaluation weights with PBIL, every generation stored in SQLite.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "core/game.h"
#include "pbil_run.h"

namespace {

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "tuner: " << message << "\n";
  std::exit(2);
}

template <class T>
T value_or_fail(chess::Result<T> r) {
  if (!r) fail(r.error());
  return std::move(r).value();
}

std::string project_path(const std::string& relative) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? relative : (exe.parent_path() / ".." / ".." / relative).lexically_normal().string();
}

struct Options {
  std::string config, out, db = "results/harness.sqlite";
  bool resume = false;
  int stop_after = -1;
  std::int64_t run = 0;
};

int pbil_command(const Options& o) {
  tuner::TunerConfig config = value_or_fail(tuner::load_tuner_config(o.config));
  if (config.fitness.type != "texel") fail(o.config + ": fitness 'games' is not available in this version; use 'texel'");
  eval::EvalParams start =
      config.start_weights.empty() ? eval::default_params() : value_or_fail(eval::load_params(config.start_weights));
  auto db = value_or_fail(harness::Database::open(o.db));
  std::int64_t run_id = 0;
  if (o.resume) {
    auto runs = db->runs();
    for (auto it = runs.rbegin(); it != runs.rend() && !run_id; ++it)
      if (it->kind == "tuner-pbil" && it->status != "finished" && it->config == config.source_text) run_id = it->id;
    if (!run_id) fail("--resume: no unfinished tuner run with this configuration in " + o.db);
  } else {
    run_id = db->create_run("tuner-pbil", config.source_text);
  }
  auto positions = value_or_fail(tuner::read_labeled_positions(config.fitness.positions));
  tuner::TexelFitness fitness(std::move(positions), config.fitness.threads);
  double k = fitness.fit_k(start);
  std::cout << "Tuner run " << run_id << ": " << config.weights.size() << " weights, " << config.total_bits() << " bits, "
            << fitness.size() << " positions, K = " << k << ", start error " << fitness.error(start) << std::endl;
  tuner::PbilOutcome outcome = value_or_fail(tuner::run_pbil(config, start, fitness, *db, run_id, std::cout, o.stop_after));
  std::string out = o.out.empty() ? project_path("configs/weights/" + config.name + ".json") : o.out;
  std::ofstream(out) << eval::params_to_json(outcome.best);
  bool finished =
      int(db->generations(run_id).size()) >= config.pbil.generations || outcome.generations_run == 0 || o.stop_after < 0;
  char summary[256];
  std::snprintf(summary, sizeof summary, "best error %.6f (start %.6f), weights written to %s\n", outcome.best_fitness,
                fitness.error(start), out.c_str());
  db->update_run(run_id, finished ? "finished" : "stopped", summary);
  std::cout << summary;
  return 0;
}

int show_command(const Options& o) {
  auto db = value_or_fail(harness::Database::open(o.db));
  auto run = db->run(o.run);
  if (!run || run->kind.rfind("tuner", 0) != 0) fail("no tuner run " + std::to_string(o.run) + " in " + o.db);
  std::cout << "Tuner run " << run->id << " (" << run->status << ", started " << run->created_at << ")\n";
  for (const harness::GenerationRow& g : db->generations(o.run)) {
    char line[160];
    std::snprintf(line, sizeof line, "generation %4d  best %.6f  mean %.6f  entropy %.4f\n", g.generation + 1, g.best_fitness,
                  g.mean_fitness, g.entropy);
    std::cout << line;
  }
  std::cout << run->summary;
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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tuner: evolve the engine's evaluation weights (PBIL), every generation stored in SQLite"};
  app.require_subcommand(1);
  auto o = std::make_shared<Options>();
  CLI::App* pbil = app.add_subcommand("pbil", "Tune with population-based incremental learning");
  pbil->add_option("--config", o->config, "Tuner configuration (for example configs/eval.json)")->required();
  pbil->add_option("--out", o->out, "Weights file to write (default configs/weights/NAME.json)");
  pbil->add_option("--db", o->db, "SQLite database")->capture_default_str();
  pbil->add_flag("--resume", o->resume, "Continue the latest unfinished run with this configuration");
  pbil->add_option("--stop-after", o->stop_after, "Stop after this many generations (the run stays resumable)");
  pbil->callback([o] { std::exit(pbil_command(*o)); });
  CLI::App* show = app.add_subcommand("show", "Print a tuner run's history");
  show->add_option("RUN", o->run, "Run id")->required();
  show->add_option("--db", o->db, "SQLite database")->capture_default_str();
  show->callback([o] { std::exit(show_command(*o)); });
  CLI::App* extract =
      app.add_subcommand("extract-positions", "Write quiet positions labeled with the game result from a harness run");
  extract->add_option("--run", o->run, "Harness match run id")->required();
  extract->add_option("--out", o->out, "Labeled position file to write")->required();
  extract->add_option("--db", o->db, "SQLite database")->capture_default_str();
  extract->callback([o] { std::exit(extract_command(*o)); });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "tuner: " << e.what() << "\nRun 'tuner --help' or 'tuner COMMAND --help'.\n";
    return 2;
  }
  return 0;
}
