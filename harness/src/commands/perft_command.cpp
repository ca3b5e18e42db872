#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_support/fail.h"
#include "commands.h"
#include "paths.h"
#include "settings/stored_text.h"
#include "suites/perft_runner.h"
#include "text/words.h"

namespace harness {

namespace {

struct PerftOptions {
  std::string suite;
  std::string engine = "dev";
  std::string reference = "builtin";
  std::string registry;
  int depth = 0;
  int max_depth = 0;
  int concurrency = 1;
  int timeout = 600;
  bool skip_malformed = false;
  bool failures_only = false;
  std::string db = default_database();
};

// Where counts come from: the built-in generator or an engine (resolved once), by name.
struct CountSource {
  std::string name;
  PerftSourceFactory make;
};

CountSource count_source(const std::string& name_or_spec, const PerftOptions& o) {
  if (name_or_spec == "builtin") return {"builtin", [] { return std::make_unique<BuiltinPerft>(); }};
  const EngineConfig c = engine_from_command_line(name_or_spec, o.registry);
  if (c.protocol != Protocol::UCI) fail("engine '" + c.name + "' speaks xboard, which has no 'go perft'");
  std::chrono::milliseconds timeout(std::int64_t(o.timeout) * 1000);
  return {c.name, [c, timeout] { return std::make_unique<EnginePerft>(c, timeout); }};
}

int run(const PerftOptions& o) {
  auto suite = read_perft_suite(o.suite, false);
  if (!suite) fail(suite.error());
  if (!suite->skipped.empty() && !o.skip_malformed) {
    std::string lines;
    for (const std::string& s : suite->skipped) lines += "\n  " + s;
    fail(o.suite + ": " + plural(long(suite->skipped.size()), "malformed line") +
         " (give --skip-malformed to check the others):" + lines);
  }
  for (const std::string& s : suite->skipped) std::cerr << "skipped " << s << "\n";
  if (suite->cases.empty()) fail(o.suite + ": every line is malformed: nothing to check");
  if (o.concurrency < 1 || o.timeout < 1 || o.depth < 0 || o.max_depth < 0)
    fail("--concurrency and --timeout must be positive, depths not negative");
  const CountSource engine = count_source(o.engine, o), reference = count_source(o.reference, o);
  const std::string& engine_name = engine.name;
  const std::string& reference_name = reference.name;
  // The engine must answer before the suite starts: a clear error instead of a row of failures.
  auto probe = engine.make()->divide(std::string(chess::START_FEN), {}, 1);
  if (!probe) fail(probe.error());
  if (probe->total != 20)
    fail("engine '" + engine_name + "' counts " + std::to_string(probe->total) + " moves in the start position, not 20");

  const nlohmann::json config = {{"suite", std::filesystem::absolute(o.suite).string()},
                                 {"engine", engine_name},
                                 {"reference", reference_name},
                                 {"depth", o.depth},
                                 {"max_depth", o.max_depth},
                                 {"skip_malformed", o.skip_malformed}};
  const std::string stored = value_or_fail(stored_text(config, json_key_spelling));
  auto db = Database::open(o.db);
  if (!db) fail(db.error());
  const std::int64_t run_id = value_or_fail((*db)->create_run(RunKind::PERFT, stored));
  std::cout << "Run " << run_id << ": perft of " << o.suite << " with " << engine_name << " (reference " << reference_name
            << ")\n";
  auto start = std::chrono::steady_clock::now();
  PerftRunTotals t = run_perft_suite(*suite, {o.depth, o.max_depth, o.concurrency, o.failures_only}, engine.make, reference.make,
                                     **db, run_id, std::cout);
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "Perft: %zu positions, %d checks: %d passed, %d failed, %d errors, %zu malformed lines skipped\n"
                "Nodes: %llu in %.2f s of engine time (%.1f Mnps); wall time %.2f s\n",
                suite->cases.size(), t.checks, t.passed, t.failed, t.errors, suite->skipped.size(), (unsigned long long)t.nodes,
                t.engine_seconds, t.engine_seconds > 0 ? double(t.nodes) / t.engine_seconds / 1e6 : 0.0, wall);
  std::cout << buf;
  if (!t.storage_error.empty()) {
    (void)(*db)->update_run(run_id, RunStatus::FAILED, t.storage_error + "\n");  // when even this fails, the message says why
    fail(t.storage_error);
  }
  value_or_fail((*db)->update_run(run_id, RunStatus::FINISHED, buf));
  return t.failed + t.errors > 0 ? 1 : 0;
}

}  // namespace

void add_perft_command(CLI::App& app) {
  auto o = std::make_shared<PerftOptions>();
  CLI::App* cmd =
      app.add_subcommand("perft", "Check an engine's move generator against a perft suite, and locate every wrong count");
  cmd->add_option("SUITE", o->suite, "Perft suite (FEN ;D1 n ;D2 n ...)")->required();
  cmd->add_option("--engine", o->engine,
                  "Engine answering 'go perft': a registry name, a spec \"name=X cmd=PATH ...\", or 'builtin'")
      ->capture_default_str();
  cmd->add_option("--reference", o->reference, "Where correct counts come from when locating a bug (same forms)")
      ->capture_default_str();
  cmd->add_option("--registry", o->registry, "Engine registry (default: configs/engines.json)");
  cmd->add_option("--depth", o->depth, "Run only this depth");
  cmd->add_option("--max-depth", o->max_depth, "Run depths up to this one");
  cmd->add_option("--concurrency", o->concurrency, "Positions checked at once, one engine process each")->capture_default_str();
  cmd->add_option("--timeout", o->timeout, "Seconds allowed per position and depth")->capture_default_str();
  cmd->add_flag("--skip-malformed", o->skip_malformed,
                "Check the well-formed lines of a suite with malformed ones (else an error)");
  cmd->add_flag("--failures-only", o->failures_only, "Print only the checks that fail (all are stored)");
  cmd->add_option("--db", o->db, DATABASE_HELP);
  cmd->callback([o] { std::exit(run(*o)); });
}

}  // namespace harness
