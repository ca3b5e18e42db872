// harness test --repo PATH --dev REF --base REF: a test of two commits, as a testing server runs
// one. Each ref is built in a worktree of its own (or taken from the build cache), its bench
// signature is checked against its commit's Bench: line, and then it is a match with every
// option `harness match` has. Nothing is recorded before both engines are built and benched.
#include <iostream>
#include <optional>

#include "builds/speed_scale.h"
#include "builds/tested_engine.h"
#include "command_support/fail.h"
#include "commands.h"
#include "match_options.h"
#include "paths.h"
#include "process/stop_request.h"

namespace harness {

namespace {

struct TestOptions {
  MatchOptions match;
  std::string repo, dev, base, bench_args = "bench", nodes_pattern, cache;
  BuildRecipe build;
  int bench_runs = DEFAULT_BENCH_RUNS;
  bool ignore_bench = false;
  std::optional<std::uint64_t> dev_bench, base_bench;
  int bench_timeout_s = 600;
  std::uint64_t scale_nps = 0;
  std::string scale_by = "base";
};

[[noreturn]] void test(TestOptions& o) {
  install_stop_handlers();  // a second interrupt stops a build or a bench at once
  TestSettings s;
  s.repo = o.repo;
  s.build = checked_recipe(o.build);
  s.bench = BenchCommand::from_words(o.bench_args, o.nodes_pattern, o.bench_runs);
  s.ignore_bench = o.ignore_bench;
  if (o.dev_bench) s.expected_bench["dev"] = *o.dev_bench;
  if (o.base_bench) s.expected_bench["base"] = *o.base_bench;
  s.bench_timeout = std::chrono::seconds(o.bench_timeout_s);
  const EngineBuilds builds(o.cache.empty() ? build_cache_beside(o.match.db) : o.cache);
  const TestedEngine dev = value_or_fail(prepare_tested_engine("dev", o.dev, s, builds, std::cout));
  const TestedEngine base = value_or_fail(prepare_tested_engine("base", o.base, s, builds, std::cout));
  o.match.engines = {dev.name(), base.name()};
  o.match.made_engines = {dev.built.as_engine(dev.name()), base.built.as_engine(base.name())};
  o.match.tested = {dev.record(), base.record()};
  if (o.scale_nps > 0) {
    const ScaleBy by = value_or_fail(parse_scale_by(o.scale_by));
    o.match.speed_scale = value_or_fail(speed_scale(o.scale_nps, by, dev.bench.nps, base.bench.nps));
  }
  start_or_resume(o.match, TournamentKind::MATCH);
}

}  // namespace

void add_test_command(CLI::App& app) {
  auto o = std::make_shared<TestOptions>();
  CLI::App* cmd = app.add_subcommand("test", "Test a commit against another: build both from git, check their bench, play");
  cmd->add_option("--repo", o->repo, "The engine's git repository")->required();
  cmd->add_option("--dev", o->dev, "The ref under test (a branch, tag or commit)")->required();
  cmd->add_option("--base", o->base, "The ref it is tested against")->required();
  add_build_options(cmd, o->build);
  cmd->add_option("--cache", o->cache,
                  "Folder of built engines, by commit and build command (default: builds/ beside the database)");
  cmd->add_option("--bench-args", o->bench_args, "What runs an engine's bench")->capture_default_str();
  cmd->add_option("--nodes-pattern", o->nodes_pattern, "Regular expression whose first group is the bench's node count");
  add_bench_runs_option(cmd, o->bench_runs);
  cmd->add_option("--bench-timeout", o->bench_timeout_s, "Seconds a bench may take")
      ->capture_default_str()
      ->check(CLI::Range(1, 86400));
  cmd->add_option("--scale-nps", o->scale_nps,
                  "Scale the time control by this speed over the engines' bench speed (nodes per second)");
  cmd->add_option("--scale-by", o->scale_by, "Whose bench speed --scale-nps divides by: base, dev or both (their mean)")
      ->capture_default_str();
  cmd->add_flag("--ignore-bench", o->ignore_bench, "Play even when a bench differs from its commit's Bench: line");
  cmd->add_option("--dev-bench", o->dev_bench, "The bench --dev must have, instead of the one its commit's message gives");
  cmd->add_option("--base-bench", o->base_bench, "The bench --base must have, instead of the one its commit's message gives");
  cmd->add_option("--games", o->match.games, "Number of games (played in pairs with colours reversed)")->capture_default_str();
  cmd->add_option("--sprt", o->match.sprt, "Stop on an SPRT decision: \"elo0=0 elo1=5 alpha=0.05 beta=0.05\"");
  add_common(cmd, o->match);
  cmd->callback([o] { test(*o); });
}

}  // namespace harness
