// harness bench ENGINE...: each engine's bench signature (node count) and speed.
#include <cstdio>

#include "command_support/fail.h"
#include "commands.h"
#include "engines/bench_signature.h"
#include "match_options.h"
#include "paths.h"

namespace harness {

namespace {

struct BenchOptions {
  std::vector<std::string> engines;
  std::string registry;
  std::string args = "bench";
  std::string pattern;
  int timeout_s = 600;
  int runs = DEFAULT_BENCH_RUNS;
};

void bench(const BenchOptions& o) {
  const BenchCommand command = BenchCommand::from_words(o.args, o.pattern, o.runs);
  std::vector<EngineConfig> engines;
  for (const std::string& e : o.engines) engines.push_back(engine_from_command_line(e, o.registry));
  std::printf("%-24s %14s %12s %9s  (speed and seconds: the median of %d %s)\n", "Engine", "Bench", "NPS", "Seconds",
              command.runs, command.runs == 1 ? "run" : "runs");
  for (const EngineConfig& e : engines) {
    const BenchSignature s = value_or_fail(run_bench(e, command, std::chrono::seconds(o.timeout_s)));
    std::printf("%-24s %14llu %12llu %9.2f\n", e.name.c_str(), static_cast<unsigned long long>(s.nodes),
                static_cast<unsigned long long>(s.nps), s.seconds);
    std::fflush(stdout);
  }
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand("bench", "Each engine's bench signature (the node count of its bench) and speed");
  cmd->add_option("ENGINES", o->engines,
                  "Registry names, or specifications \"name=X cmd=/path arg=A\" (words quoted as --engine's)")
      ->required();
  cmd->add_option("--registry", o->registry, "Engine registry (default: configs/engines.json)");
  cmd->add_option("--bench-args", o->args, "What follows the engine's own arguments to run its bench")->capture_default_str();
  cmd->add_option("--nodes-pattern", o->pattern,
                  "Regular expression whose first group is the node count (default: as OpenBench reads it, from the last "
                  "line up: \"N nodes\", \"Nodes: N\" or \"Nodes searched: N\", never a UCI info line)");
  add_bench_runs_option(cmd, o->runs);
  cmd->add_option("--timeout", o->timeout_s, "Seconds a bench may take")->capture_default_str()->check(CLI::Range(1, 86400));
  cmd->callback([o] { bench(*o); });
}

}  // namespace harness
