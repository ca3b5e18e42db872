// harness merge, and harness cluster match | tournament | resume | task: runs played in shards,
// by hand on several machines or as Slurm job arrays, combined into one run.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cluster/shard_merge.h"
#include "cluster/slurm.h"
#include "command_support/fail.h"
#include "command_support/stored_runs.h"
#include "commands.h"
#include "launch/run_door.h"
#include "core/bounded_read.h"
#include "match_options.h"
#include "process/executable_path.h"
#include "process/stop_request.h"
#include "text/words.h"

namespace harness {

namespace fs = std::filesystem;

namespace {

struct ClusterOptions {
  MatchOptions match;
  int shards = 0;
  std::string partition;
  std::vector<std::string> sbatch_args;
  std::string dir;
  int poll_ms = 1000;
  // merge
  std::string out;
  std::vector<std::string> shard_files;
  // task
  std::string config_file;
  std::string shard;
};

std::string harness_binary() { return sibling_program("harness"); }

// Exit status as `harness match` gives it: 0 finished, 130 interrupted, 3 incomplete, 2 failed
// (play_run has marked a failed run failed).
int finish(const MatchStatus& status) {
  if (status.kind == MatchStatus::HELD || status.kind == MatchStatus::FAILED) fail(status.error);
  return exit_status(status);
}

int play_on_cluster(MatchConfig config, Database& db, std::int64_t run_id, const ClusterOptions& o, int shards,
                    const std::string& dir) {
  RunPlay how;
  how.cluster = ClusterSettings{dir, shards, o.partition, o.sbatch_args, harness_binary(), o.poll_ms};
  std::cout << "Run " << run_id << " in " << db.path() << ": " << config.settings.tc.describe() << ", " << shards
            << " shards on Slurm" << std::endl;
  return finish(play_run(std::move(config), RunInputs{}, db, run_id, how, std::cout).status);
}

void start_cluster(ClusterOptions& o, TournamentKind kind) {
  install_stop_handlers();
  if (o.shards < 1) fail("--shards must be at least 1");
  if (!o.match.shard.empty()) fail("--shard is for one machine's share; the cluster splits the run itself (--shards N)");
  if (o.match.resume) fail("--resume: continue a cluster run with 'harness cluster resume RUN'");
  if (o.poll_ms < 10 || o.poll_ms > 600000) fail("--poll-ms must be from 10 to 600000");
  MatchConfig config = build_config(o.match, kind);
  if (o.shards > Schedule(config).size() / 2)
    fail("--shards " + std::to_string(o.shards) + " is more than the run's " + std::to_string(Schedule(config).size() / 2) +
         " game pairs: a shard plays whole pairs");
  value_or_fail(slurm_reachable());
  prepare_or_fail(config, o.match);  // the book, tables and engines checked before anything is recorded
  if (stop_requested() != StopRequest::NONE) {
    std::cerr << "harness: interrupted before the run started; nothing was recorded\n";
    std::exit(130);
  }
  auto db = value_or_fail(Database::open(o.match.db));
  const std::int64_t run_id = value_or_fail(create_run(*db, config));
  const std::string dir = o.dir.empty()
                              ? (fs::absolute(o.match.db).parent_path() / "cluster" / ("run-" + std::to_string(run_id))).string()
                              : fs::absolute(o.dir).string();
  std::exit(play_on_cluster(std::move(config), *db, run_id, o, o.shards, dir));
}

void run_task(ClusterOptions& o) {
  install_stop_handlers();
  const std::string text =
      value_or_fail(chess::read_whole_file(o.config_file, "cluster run's configuration", chess::MAX_JSON_FILE));
  MatchConfig config = value_or_fail(MatchConfig::from_json(text));
  config.shard = value_or_fail(parse_shard(o.shard));
  auto db = value_or_fail(Database::open(o.match.db));
  db->use_rollback_journal();
  // The shard's run, finished or not (a shard database holds this one run; a task run again on
  // it plays what is missing, or nothing).
  std::int64_t run_id = value_or_fail(find_run(*db, config, StoredRuns::ANY));
  if (!run_id) run_id = value_or_fail(create_run(*db, config));
  std::cout << "Shard " << config.shard.describe() << ": run " << run_id << " in " << db->path() << std::endl;
  PrepareOptions prepare;
  prepare.probe_engines = has_games_left(*db, run_id, config);
  RunInputs inputs = value_or_fail(prepare_run(config, prepare));
  std::exit(finish(play_run(std::move(config), std::move(inputs), *db, run_id, RunPlay{}, std::cout).status));
}

void merge_command(const ClusterOptions& o) {
  if (o.shard_files.empty()) fail("merge needs at least one shard database");
  for (const std::string& f : o.shard_files)
    if (fs::absolute(f) == fs::absolute(o.out)) fail(f + ": the output database cannot also be a shard");
  auto out = value_or_fail(Database::open(o.out));
  MergeResult r = value_or_fail(merge_shards(*out, o.shard_files, {}));
  for (const std::string& p : r.problems) std::cerr << "harness: warning: " << p << "\n";
  std::cout << r.summary;
  std::cout << "Merged " << plural(r.shards, "shard run") << " into run " << r.run_id << " of " << o.out << ": " << r.copied
            << " games added, " << r.present << " already there";
  if (r.unreadable) std::cout << ", " << r.unreadable << " unreadable";
  std::cout << "; the run holds " << r.games << " of " << r.total << " games" << std::endl;
}

}  // namespace

void add_cluster_commands(CLI::App& app) {
  auto o = std::make_shared<ClusterOptions>();
  o->match.concurrency = 1;  // per task: the cluster's parallelism is its tasks

  CLI::App* merge = app.add_subcommand("merge", "Combine shard databases (harness match --shard K/N) into one run");
  merge->add_option("OUT", o->out, "Database to merge into (created if missing)")->required();
  merge->add_option("SHARDS", o->shard_files, "Shard databases")->required();
  merge->callback([o] { merge_command(*o); });

  CLI::App* cluster = app.add_subcommand("cluster", "Play a run as Slurm job array tasks, one shard each");
  cluster->require_subcommand(1);
  auto add_slurm = [&](CLI::App* cmd) {
    cmd->add_option("--shards", o->shards, "Shards, one Slurm array task each")->required();
    cmd->add_option("--partition", o->partition, "Slurm partition");
    cmd->add_option("--sbatch-arg", o->sbatch_args, "Extra sbatch option for the job script, e.g. --sbatch-arg=--time=60");
    cmd->add_option("--dir", o->dir, "Shared folder for the job (default: cluster/run-N beside the database)");
    cmd->add_option("--poll-ms", o->poll_ms, "How often the shard databases are read")->capture_default_str();
  };
  CLI::App* match = cluster->add_subcommand("match", "A match of two engines on the cluster");
  match->add_option("ENGINES", o->match.engines, "Two engine names from the registry (or --engine names)");
  match->add_option("--games", o->match.games, "Number of games")->capture_default_str();
  match->add_option("--sprt", o->match.sprt, "Stop on an SPRT decision over all shards' finished pairs");
  add_common(match, o->match);
  add_slurm(match);
  match->callback([o] { start_cluster(*o, TournamentKind::MATCH); });

  CLI::App* tournament = cluster->add_subcommand("tournament", "A round robin (or gauntlet) on the cluster");
  tournament->add_option("ENGINES", o->match.engines, "Engine names from the registry (or --engine names)");
  tournament->add_option("--rounds", o->match.rounds, "Rounds")->capture_default_str();
  tournament->add_flag("--gauntlet", o->match.gauntlet, "The first engine plays each of the others");
  add_common(tournament, o->match);
  add_slurm(tournament);
  tournament->callback([o] { start_cluster(*o, o->match.gauntlet ? TournamentKind::GAUNTLET : TournamentKind::ROUND_ROBIN); });

  CLI::App* resume = cluster->add_subcommand("resume", "Resubmit the shards of a cluster run that miss games");
  resume->add_option("RUN", o->match.run, "Run id (see 'harness runs')")->required()->check(run_number());
  resume->add_option("--db", o->match.db, DATABASE_HELP);
  resume->add_option("--poll-ms", o->poll_ms, "How often the shard databases are read")->capture_default_str();
  resume->callback([o] {
    install_stop_handlers();
    auto db = value_or_fail(Database::open_existing(o->match.db));
    const RunRow run = run_or_fail(*db, o->match.run);
    const std::string name = "run " + std::to_string(o->match.run);
    auto job = value_or_fail(db->cluster_job(o->match.run));
    if (!job) fail(name + " was not played on a cluster; continue it with 'harness resume " + std::to_string(o->match.run) + "'");
    value_or_fail(slurm_reachable());
    MatchConfig config = value_or_fail(MatchConfig::from_json(run.config));
    std::exit(play_on_cluster(std::move(config), *db, o->match.run, *o, job->shards, job->dir));
  });

  CLI::App* task = cluster->add_subcommand("task", "One shard of a cluster run (what each array task runs)");
  task->add_option("CONFIG", o->config_file, "The run's configuration (config.json in the cluster folder)")->required();
  task->add_option("SHARD", o->shard, "K/N")->required();
  task->add_option("--db", o->match.db, "The shard's database")->required();
  task->callback([o] { run_task(*o); });
}

}  // namespace harness
