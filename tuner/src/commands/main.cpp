// tuner: tunes evaluation weights or any engine's UCI options (PBIL, SPSA, gradient descent or
// NLopt), or trains a network (nnue), every step stored in SQLite, and prepares its data (data).
// This file is the command line: each command's options and the function that runs it
// (commands/; the data tools' options are a table of their own, in data_commands.cpp).
#include <CLI/CLI.hpp>
#include <functional>
#include <iostream>
#include <memory>

#include "command_support/command_line.h"
#include "command_support/stored_runs.h"
#include "commands/data_commands.h"
#include "commands/loop_command.h"
#include "commands/network_command.h"
#include "commands/run_commands.h"
#include "methods/tuning_method.h"
#include "process/executable_path.h"
#include "process/stop_request.h"

namespace {

// A failure below the commands (the database refusing a write, a full disk) ends the run with
// its message and status 2; every committed generation stays resumable.
template <class F>
int exit_status_of(F command) {
  try {
    return command();
  } catch (const std::exception& e) {
    std::cerr << "tuner: " << e.what() << "\n";
    return 2;
  }
}

// A --stop-after count, checked before CLI11 converts it: a number from 0 (-1, what the option
// holds when it is not given, would otherwise pass as "no stop").
CLI::Validator stop_after_count(const std::string& unit) {
  return CLI::Validator(
      [unit](const std::string& text) -> std::string {
        const bool digits = !text.empty() && text.size() <= 9 && text.find_first_not_of("0123456789") == std::string::npos;
        return digits ? "" : "a number of " + unit + " from 0, got '" + text + "'";
      },
      "");  // no description: the help shows INT as before
}

}  // namespace

int main(int argc, char** argv) {
  harness::ignore_output_signals();  // every writer reports a full file or a closed output itself
  CLI::App app{
      "tuner: tune the engine's evaluation weights or any engine's UCI options (PBIL, SPSA, gradient descent or NLopt), or "
      "train a network (nnue), every step stored in SQLite",
      "tuner"};  // usage lines name the program, not its path
  app.require_subcommand(1);
  auto o = std::make_shared<tuner::TuningRequest>();
  o->db = harness::default_database();
  auto r = std::make_shared<tuner::StoredRunRequest>();
  r->db = harness::default_database();
  harness::program_name() = "tuner";
  for (const auto& method : tuner::tuning_methods()) {
    CLI::App* cmd = app.add_subcommand(method->name(), method->description());
    cmd->add_option("--config", o->config, "Tuner configuration (for example configs/eval.json)")->required();
    cmd->add_option("--out", o->out, "Result file to write (default: tuned/NAME-runID.json beside the database)");
    cmd->add_option("--db", o->db, harness::DATABASE_HELP);
    cmd->add_flag("--resume", o->resume, "Continue the latest unfinished run with this configuration");
    cmd->add_flag("--no-validation", o->no_validation, "Skip the validation match of the tuned weights against the start");
    cmd->add_option("--stop-after", o->stop_after, "Stop after this many generations or iterations (the run stays resumable)")
        ->check(stop_after_count("generations or iterations"));
    harness::add_events_option(cmd, o->events);
    cmd->add_option("--confirm", o->confirm,
                    "After the tune, play the result against the start at each time control: \"stc=8+0.08 ltc=40+0.4 "
                    "sprt='elo0=0 elo1=5' games=2000 concurrency=2\"; each result is stored with the run");
    cmd->add_flag("--strict", o->strict, "Refuse to start when the configuration has a problem the method diagnoses (else a warning)");
    cmd->callback([o, m = method.get()] { std::exit(exit_status_of([&] { return tuner::tune_command(*o, *m); })); });
  }
  auto n = std::make_shared<tuner::NetworkCommandOptions>();
  n->db = harness::default_database();
  CLI::App* nnue = app.add_subcommand("nnue", "Train a network of any of bullet's progression architectures (its configuration's 'arch') on positions 'harness positions' wrote");
  nnue->add_option("--config", n->config, "Training configuration (for example configs/nnue/simple.json)")->required();
  nnue->add_option("--out", n->out, "Quantised network to write (default: networks/NAME-runID.nnue beside the database); the float weights, the manifest and the checkpoints go beside it");
  nnue->add_option("--db", n->db, harness::DATABASE_HELP);
  nnue->add_flag("--resume", n->resume, "Continue the latest unfinished run with this configuration from its last checkpoint");
  nnue->add_option("--stop-after", n->stop_after, "Stop after this many superbatches (the run stays resumable)")
      ->check(stop_after_count("superbatches"));
  nnue->add_option("--batch-losses", n->batch_losses, "Also write every batch's loss to this CSV file (superbatch,batch,loss)");
  harness::add_events_option(nnue, n->events);
  nnue->callback([n] { std::exit(exit_status_of([&] { return tuner::network_command(*n); })); });
  auto l = std::make_shared<tuner::LoopCommandOptions>();
  l->db = harness::default_database();
  CLI::App* loop = app.add_subcommand("loop", "Generations of self-play, network training and a gate match (SPRT), each step a stored run");
  loop->add_option("--config", l->config, "Loop configuration (for example configs/loop/dev.json)")->required();
  loop->add_option("--db", l->db, harness::DATABASE_HELP);
  loop->add_option("--dir", l->dir, "Folder of the generations' data and networks (default: loops/NAME-runID beside the database)");
  loop->add_flag("--resume", l->resume, "Continue the latest unfinished loop with this configuration in the step it was in");
  loop->add_option("--stop-after-steps", l->stop_after_steps, "Stop after this many steps (the loop stays resumable)");
  harness::add_events_option(loop, l->events);
  loop->add_option("--cluster", l->cluster, "Run each self-play and match as a Slurm job array of this many shards, and each training as one Slurm job")
      ->check(CLI::Range(1, 10000));
  loop->add_option("--partition", l->partition, "Slurm partition of the jobs (default: the cluster's default)");
  loop->add_option("--cluster-dir", l->cluster_dir, "Folder every node sees, for the jobs' files (default: cluster/ beside the database)");
  loop->callback([l] { std::exit(exit_status_of([&] { return tuner::loop_command(*l); })); });
  CLI::App* show = app.add_subcommand("show", "Print a tuner run's history");
  show->add_option("RUN", r->run, "Run id")->required()->check(harness::run_number());
  show->add_option("--db", r->db, harness::DATABASE_HELP);
  show->callback([r] { std::exit(exit_status_of([&] { return tuner::show_command(*r); })); });
  CLI::App* report = app.add_subcommand("report", "Write an HTML report of a tuner run (fitness, parameters, validations)");
  report->add_option("RUN", r->run, "Run id")->required()->check(harness::run_number());
  report->add_option("--db", r->db, harness::DATABASE_HELP);
  report->add_option("-o,--out", r->out, "HTML file to write (default: tuner-report-RUN.html beside the database)");
  report->callback([r] { std::exit(exit_status_of([&] { return tuner::report_command(*r); })); });
  CLI::App* extract = app.add_subcommand(
      "extract-positions", "Write quiet positions labeled with the game result from a harness run (harness positions' exporter)");
  extract->add_option("--run", r->run, "Harness match run id")->required()->check(harness::run_number());
  extract->add_option("--out", r->out, "Labeled position file to write")->required();
  extract->add_option("--db", r->db, harness::DATABASE_HELP);
  extract->callback([r] { std::exit(exit_status_of([&] { return tuner::extract_command(*r); })); });
  CLI::App* data = app.add_subcommand(
      "data", "Count, validate, shuffle, interleave or convert files of training positions, in any format the tuner reads");
  tuner::add_data_commands(data, [](const std::function<int()>& command) { std::exit(exit_status_of(command)); });
  const int status = harness::parse_command_line(app, argc, argv);
  return status < 0 ? 0 : status;
}
