#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "command_support/fail.h"
#include "command_support/stored_runs.h"
#include "commands.h"
#include "paths.h"
#include "players/uci_player.h"
#include "settings/stored_text.h"
#include "suites/epd_runner.h"
#include "text/words.h"

namespace harness {

namespace {

struct EpdOptions {
  std::string suite;
  std::string engine = "dev";
  std::string registry;
  double movetime = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  int concurrency = 1;
  std::string db = default_database();
  std::int64_t run_a = 0, run_b = 0;
};

int run_epd(const EpdOptions& o) {
  auto suite = read_epd_suite(o.suite);
  if (!suite) fail(suite.error());
  const EngineConfig engine = engine_from_command_line(o.engine, o.registry);
  if (engine.protocol != Protocol::UCI) fail("engine '" + engine.name + "' speaks xboard; EPD runs need UCI");
  if ((o.movetime > 0) + (o.depth > 0) + (o.nodes > 0) > 1) fail("give only one of --movetime, --depth and --nodes");
  if (o.concurrency < 1) fail("--concurrency must be at least 1");
  EpdRunOptions options;
  if (o.depth > 0)
    options.limit = TimeControl::fixed_depth(o.depth);
  else if (o.nodes > 0)
    options.limit = TimeControl::fixed_nodes(o.nodes);
  else if (o.movetime > 0)
    options.limit = TimeControl::movetime(std::int64_t(o.movetime * 1000));
  options.concurrency = o.concurrency;
  {
    UciPlayer probe(engine, "");
    value_or_fail(probe.start());
    value_or_fail(probe.check_options(engine));
  }
  const nlohmann::json config = {
      {"suite", std::filesystem::absolute(o.suite).string()}, {"engine", engine.name}, {"limit", options.limit.describe()}};
  const std::string stored = value_or_fail(stored_text(config, json_key_spelling));
  auto db = Database::open(o.db);
  if (!db) fail(db.error());
  const std::int64_t run_id = value_or_fail((*db)->create_run(RunKind::EPD, stored));
  std::cout << "Run " << run_id << ": " << o.suite << " with " << engine.name << ", " << options.limit.describe() << "\n";
  EpdTotals t = run_epd_suite(*suite, engine, options, **db, run_id, std::cout);
  char buf[512];
  std::snprintf(buf, sizeof buf, "EPD: solved %d of %d (%.1f %%)%s, average time to solution %.0f ms, %d errors\n", t.solved,
                t.positions, t.positions ? 100.0 * t.solved / t.positions : 0.0,
                t.max_points ? (", points " + std::to_string(t.points) + " of " + std::to_string(t.max_points)).c_str() : "",
                t.solved ? double(t.solve_time_ms) / t.solved : 0.0, t.errors);
  std::cout << buf;
  if (!t.storage_error.empty()) {
    (void)(*db)->update_run(run_id, RunStatus::FAILED, t.storage_error + "\n");  // when even this fails, the message says why
    fail(t.storage_error);
  }
  value_or_fail((*db)->update_run(run_id, RunStatus::FINISHED, buf));
  return 0;
}

int compare(const EpdOptions& o) {
  auto db = Database::open_existing(o.db);
  if (!db) fail(db.error());
  for (std::int64_t id : {o.run_a, o.run_b}) {
    const RunRow run = run_or_fail(**db, id);
    if (run.kind != RunKind::EPD)
      fail("run " + std::to_string(id) + " is " + a_run_of_kind(run.kind_text()) + ", not an EPD run");
  }
  std::map<std::string, bool> a, b;
  for (const EpdResultRow& r : value_or_fail((*db)->epd_results(o.run_a))) a[r.position_id] = r.solved;
  for (const EpdResultRow& r : value_or_fail((*db)->epd_results(o.run_b))) b[r.position_id] = r.solved;
  int only_a = 0, only_b = 0;
  for (const auto& [id, solved] : a) {
    auto it = b.find(id);
    if (it == b.end()) continue;
    if (solved && !it->second) std::cout << "only run " << o.run_a << " solves: " << id << "\n", ++only_a;
    if (!solved && it->second) std::cout << "only run " << o.run_b << " solves: " << id << "\n", ++only_b;
  }
  std::cout << "Run " << o.run_a << " alone solves " << only_a << ", run " << o.run_b << " alone solves " << only_b << "\n";
  return 0;
}

}  // namespace

void add_epd_commands(CLI::App& app) {
  auto o = std::make_shared<EpdOptions>();
  CLI::App* epd = app.add_subcommand("epd", "Run a test-position suite (bm, am, c0, dm) against an engine");
  epd->add_option("SUITE", o->suite, "EPD suite")->required();
  epd->add_option("--engine", o->engine, "UCI engine: a registry name or a spec \"name=X cmd=PATH ...\"")->capture_default_str();
  epd->add_option("--registry", o->registry, "Engine registry (default: configs/engines.json)");
  epd->add_option("--movetime", o->movetime, "Seconds per position (default 1)");
  epd->add_option("--depth", o->depth, "Fixed depth per position");
  epd->add_option("--nodes", o->nodes, "Fixed nodes per position");
  epd->add_option("--concurrency", o->concurrency, "Positions searched at once")->capture_default_str();
  epd->add_option("--db", o->db, DATABASE_HELP);
  epd->callback([o] { std::exit(run_epd(*o)); });

  CLI::App* cmp = app.add_subcommand("epd-compare", "List positions one EPD run solves and the other does not");
  cmp->add_option("RUN_A", o->run_a, "First run")->required()->check(run_number());
  cmp->add_option("RUN_B", o->run_b, "Second run")->required()->check(run_number());
  cmp->add_option("--db", o->db, DATABASE_HELP);
  cmp->callback([o] { std::exit(compare(*o)); });
}

}  // namespace harness
