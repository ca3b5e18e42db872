#include <algorithm>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <optional>
#include <thread>

#include "commands.h"
#include "fail.h"
#include "match/match_runner.h"
#include "match_options.h"
#include "paths.h"

namespace harness {

namespace {

// The latest unfinished run with the same configuration (concurrency may differ).
std::int64_t find_resumable(Database& db, const MatchConfig& c) {
  MatchConfig probe = c;
  const std::vector<RunRow> runs = db.runs();
  for (auto it = runs.rbegin(); it != runs.rend(); ++it) {
    if (it->status == "finished") continue;
    auto stored = MatchConfig::from_json(it->config);
    if (!stored) continue;
    probe.concurrency = stored->concurrency;
    if (stored->to_json() == probe.to_json()) return it->id;
  }
  return 0;
}

// Exit status 130 after an interrupt, as a shell reports a job stopped by Ctrl-C.
int play(MatchConfig config, Database& db, std::int64_t run_id) {
  std::cout << "Run " << run_id << " in " << db.path() << ": " << config.settings.tc.describe() << ", "
            << (config.settings.variant == chess::Variant::STANDARD
                    ? ""
                    : std::string(chess::variant_name(config.settings.variant)) + ", ")
            << "concurrency " << config.concurrency << std::endl;
  MatchRunner runner(std::move(config), db, run_id);
  MatchStatus status;
  try {
    status = runner.run(std::cout);
  } catch (const std::exception& e) {  // the database failed outside a game's storing
    status = {MatchStatus::FAILED, db.path() + ": " + e.what()};
  }
  if (status.kind == MatchStatus::FAILED) {
    try {
      db.update_run(run_id, "failed", status.error + "\n");
    } catch (const std::exception&) {
      // the database cannot take even that (a full disk): the message says what to do
    }
    fail(status.error);
  }
  return status.kind == MatchStatus::INTERRUPTED ? 130 : 0;
}

std::unique_ptr<Database> open_db(const std::string& path) { return value_or_fail(Database::open(path)); }

// Stopped before a run is recorded: nothing to keep.
void exit_if_stopped() {
  if (stop_requested() != StopRequest::NONE) {
    std::cerr << "harness: interrupted before the run started; nothing was recorded\n";
    std::exit(130);
  }
}

void start_or_resume(MatchOptions& o, TournamentKind kind) {
  install_stop_handlers();  // from here on a signal is a request, whenever it comes
  MatchConfig config = build_config(o, kind);
  auto db = open_db(o.db);
  if (config.shard.active()) db->use_rollback_journal();
  std::int64_t run_id = 0;
  if (o.resume) {
    run_id = find_resumable(*db, config);
    if (!run_id) fail("--resume: no unfinished run with these settings in " + o.db + " (see 'harness runs')");
    config = value_or_fail(MatchConfig::from_json(db->run(run_id)->config));
    config.concurrency = o.concurrency;
  } else {
    value_or_fail(check_engines_start(config, value_or_fail(read_opening_book(config.openings_path, config.plies, config.polyglot()))));
    exit_if_stopped();
    run_id = db->create_run(kind == TournamentKind::MATCH ? "match" : "tournament", config.to_json());
  }
  std::exit(play(std::move(config), *db, run_id));
}

}  // namespace

void add_match_commands(CLI::App& app) {
  auto o = std::make_shared<MatchOptions>();

  CLI::App* match = app.add_subcommand("match", "Play a match between two engines");
  match->add_option("ENGINES", o->engines, "Two engine names from the registry (or --engine names)");
  match->add_option("--games", o->games, "Number of games (played in pairs with colours reversed)")->capture_default_str();
  match->add_option("--sprt", o->sprt, "Stop on an SPRT decision: \"elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized\"");
  add_common(match, *o);
  match->callback([o] { start_or_resume(*o, TournamentKind::MATCH); });

  CLI::App* tournament = app.add_subcommand("tournament", "Play a round robin (or a gauntlet) between engines");
  tournament->add_option("ENGINES", o->engines, "Engine names from the registry (or --engine names)");
  tournament->add_option("--rounds", o->rounds, "Rounds; each encounter is a game pair per round")->capture_default_str();
  tournament->add_flag("--gauntlet", o->gauntlet, "The first engine plays each of the others; they do not play each other");
  add_common(tournament, *o);
  tournament->callback([o] { start_or_resume(*o, o->gauntlet ? TournamentKind::GAUNTLET : TournamentKind::ROUND_ROBIN); });

  CLI::App* resume = app.add_subcommand("resume", "Continue a stopped or killed run");
  resume->add_option("RUN", o->run, "Run id (see 'harness runs')")->required();
  resume->add_option("--db", o->db, "SQLite database")->capture_default_str();
  resume->add_option("--concurrency", o->concurrency, "Games played at once")->capture_default_str();
  resume->callback([o] {
    install_stop_handlers();
    auto db = value_or_fail(Database::open_existing(o->db));
    auto run = db->run(o->run);
    if (!run) fail("no run " + std::to_string(o->run) + " in " + o->db + " (see 'harness runs')");
    if (run->kind != "match" && run->kind != "tournament")
      fail("run " + std::to_string(o->run) + " is a " + run->kind + " run, not a match");
    MatchConfig config = value_or_fail(MatchConfig::from_json(run->config));
    config.concurrency = o->concurrency;
    if (config.shard.active()) db->use_rollback_journal();
    std::exit(play(std::move(config), *db, o->run));
  });
}

}  // namespace harness
