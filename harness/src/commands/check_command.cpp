// harness check ENGINE: what a UCI engine does wrong, check by check.
#include <iostream>

#include "command_support/fail.h"
#include "commands.h"
#include "paths.h"
#include "players/engine_deadlines.h"
#include "players/uci_compliance.h"

namespace harness {

namespace {

struct CheckOptions {
  std::string engine;
  std::string registry;
  ComplianceDeadlines deadlines;
};

void check(const CheckOptions& o) {
  const EngineConfig e = engine_from_command_line(o.engine, o.registry);
  if (e.protocol != Protocol::UCI) fail("engine '" + e.name + "' speaks xboard: harness check covers the UCI protocol");
  std::exit(print_uci_compliance(e, o.deadlines, std::cout));
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto o = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Check a UCI engine's protocol compliance: what it does wrong, check by check");
  cmd->add_option("ENGINE", o->engine, "A registry name, or a specification \"name=X cmd=/path arg=A option.Hash=16\"")
      ->required();
  cmd->add_option("--registry", o->registry, "Engine registry (default: configs/engines.json)");
  const CLI::Range milliseconds(std::int64_t{1}, MAX_DEADLINE_MS);
  cmd->add_option("--startup-ms", o->deadlines.engine.startup_ms, "Milliseconds the engine may take to answer 'uci' and 'isready'")
      ->check(milliseconds)
      ->capture_default_str();
  cmd->add_option("--ucinewgame-ms", o->deadlines.engine.ucinewgame_ms,
                  "Milliseconds the engine may take to get ready after 'ucinewgame'")
      ->check(milliseconds)
      ->capture_default_str();
  cmd->add_option("--search-ms", o->deadlines.search_ms,
                  "Milliseconds a search to a depth or a node count may take before it counts as missed")
      ->check(milliseconds)
      ->capture_default_str();
  cmd->callback([o] { check(*o); });
}

}  // namespace harness
