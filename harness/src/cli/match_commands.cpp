#include <algorithm>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <optional>
#include <thread>

#include "commands.h"
#include "fail.h"
#include "match/match_runner.h"
#include "paths.h"

namespace harness {

namespace {

struct MatchOptions {
  std::vector<std::string> engines;
  std::vector<std::string> engine_specs;
  std::string registry;
  int games = 100;
  int rounds = 1;
  bool gauntlet = false;
  std::string tc;
  double movetime = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t timemargin = 0;
  std::string openings;
  int plies = 0;
  std::string order = "sequential";
  std::uint64_t seed = 1;
  int concurrency = int(std::max(1u, std::thread::hardware_concurrency()));
  std::string sprt, resign, draw;
  int maxmoves = 0;
  std::string db = "results/harness.sqlite";
  std::string pgn;
  std::string event;
  bool resume = false;
  std::int64_t run = 0;
};

std::vector<EngineConfig> resolve_engines(const MatchOptions& o) {
  std::vector<EngineConfig> adhoc;
  for (const std::string& spec : o.engine_specs) adhoc.push_back(value_or_fail(parse_engine_spec(spec)));
  std::vector<EngineConfig> out;
  std::optional<EngineRegistry> registry;
  for (const std::string& name : o.engines) {
    auto it = std::find_if(adhoc.begin(), adhoc.end(), [&](const EngineConfig& e) { return e.name == name; });
    if (it != adhoc.end()) {
      out.push_back(*it);
      continue;
    }
    if (!registry)
      registry = value_or_fail(EngineRegistry::load(o.registry.empty() ? project_file("configs/engines.json") : o.registry));
    out.push_back(value_or_fail(registry->find(name)));
  }
  // Ad-hoc engines not named as positionals still play.
  for (const EngineConfig& e : adhoc)
    if (std::find(o.engines.begin(), o.engines.end(), e.name) == o.engines.end()) out.push_back(e);
  return out;
}

MatchConfig build_config(const MatchOptions& o, TournamentKind kind) {
  MatchConfig c;
  c.kind = kind;
  c.engines = resolve_engines(o);
  if (kind == TournamentKind::MATCH && c.engines.size() != 2)
    fail("match needs exactly two engines, got " + std::to_string(c.engines.size()));
  if (kind != TournamentKind::MATCH && c.engines.size() < 2) fail("a tournament needs at least two engines");
  if (o.games < 1) fail("--games must be at least 1");
  if (o.rounds < 1) fail("--rounds must be at least 1");
  if (o.concurrency < 1) fail("--concurrency must be at least 1");
  if (o.plies < 0) fail("--plies must be 0 (the whole opening) or more, got " + std::to_string(o.plies));
  if (o.timemargin < 0) fail("--timemargin must be 0 or more milliseconds, got " + std::to_string(o.timemargin));
  if (o.maxmoves < 0) fail("--maxmoves must be 0 (no limit) or more, got " + std::to_string(o.maxmoves));
  if (!(o.movetime >= 0 && o.movetime <= 1e6)) fail("--movetime must be a number of seconds from 0 to 1000000");
  if (o.depth < 0) fail("--depth must be positive");
  c.games = o.games;
  c.rounds = o.rounds;
  int limits = !o.tc.empty() + (o.movetime > 0) + (o.depth > 0) + (o.nodes > 0);
  if (limits > 1) fail("give only one of --tc, --movetime, --depth and --nodes");
  if (!o.tc.empty())
    c.settings.tc = value_or_fail(parse_time_control(o.tc));
  else if (o.movetime > 0)
    c.settings.tc = TimeControl::movetime(std::int64_t(o.movetime * 1000));
  else if (o.depth > 0)
    c.settings.tc = TimeControl::fixed_depth(o.depth);
  else if (o.nodes > 0)
    c.settings.tc = TimeControl::fixed_nodes(o.nodes);
  if (o.nodes > 0)
    for (const EngineConfig& e : c.engines)
      if (e.protocol == Protocol::XBOARD)
        fail("engine '" + e.name + "' speaks xboard, which has no node limit; use --tc, --movetime or --depth");
  c.settings.time_margin_ms = o.timemargin;
  if (!o.resign.empty()) c.settings.adjudication = value_or_fail(parse_resign(o.resign, c.settings.adjudication));
  if (!o.draw.empty()) c.settings.adjudication = value_or_fail(parse_draw(o.draw, c.settings.adjudication));
  c.settings.adjudication.max_moves = o.maxmoves;
  c.openings_path = o.openings.empty() ? project_file("suites/openings.epd")
                                       : std::filesystem::absolute(o.openings).lexically_normal().string();
  value_or_fail(read_opening_book(c.openings_path, o.plies));  // bad books fail before any engine starts
  c.plies = o.plies;
  if (o.order != "sequential" && o.order != "random") fail("--order must be 'sequential' or 'random', got '" + o.order + "'");
  c.order = o.order == "random" ? OpeningOrder::RANDOM : OpeningOrder::SEQUENTIAL;
  c.seed = o.seed;
  c.concurrency = o.concurrency;
  if (!o.sprt.empty()) {
    if (kind != TournamentKind::MATCH) fail("--sprt works only in a match of two engines");
    c.sprt = value_or_fail(parse_sprt(o.sprt));
  }
  c.pgn_path = o.pgn.empty() ? "" : std::filesystem::absolute(o.pgn).string();
  c.event = !o.event.empty() ? o.event : kind == TournamentKind::MATCH ? "Workbench match" : "Workbench tournament";
  return c;
}

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
  std::cout << "Run " << run_id << " in " << db.path() << ": " << config.settings.tc.describe() << ", concurrency "
            << config.concurrency << std::endl;
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

void add_common(CLI::App* cmd, MatchOptions& o) {
  cmd->add_option("--engine", o.engine_specs, "Ad-hoc engine: \"name=X cmd=PATH proto=uci|xboard option.Hash=16 arg=A dir=D\"");
  cmd->add_option("--registry", o.registry, "Engine registry (default: configs/engines.json)");
  cmd->add_option("--tc", o.tc, "Time control [moves/]seconds[+increment], e.g. 40/60+0.6 (default 4+0.04)");
  cmd->add_option("--movetime", o.movetime, "Fixed seconds per move");
  cmd->add_option("--depth", o.depth, "Fixed search depth");
  cmd->add_option("--nodes", o.nodes, "Fixed nodes per move (UCI engines)");
  cmd->add_option("--timemargin", o.timemargin, "Milliseconds an engine may overrun its clock before it forfeits")
      ->capture_default_str();
  cmd->add_option("--openings", o.openings, "EPD or PGN opening book (default: suites/openings.epd)");
  cmd->add_option("--plies", o.plies, "Plies of each PGN opening to play (0: all)")->capture_default_str();
  cmd->add_option("--order", o.order, "Opening order: sequential or random")->capture_default_str();
  cmd->add_option("--seed", o.seed, "Seed for --order random")->capture_default_str();
  cmd->add_option("--concurrency", o.concurrency, "Games played at once")->capture_default_str();
  cmd->add_option("--resign", o.resign, "Resign adjudication \"movecount=3 score=600\"");
  cmd->add_option("--draw", o.draw, "Draw adjudication \"movenumber=40 movecount=8 score=10\"");
  cmd->add_option("--maxmoves", o.maxmoves, "Adjudicate a draw after this many full moves");
  cmd->add_option("--db", o.db, "SQLite database")->capture_default_str();
  cmd->add_option("--pgn", o.pgn, "Also append every game to this PGN file");
  cmd->add_option("--event", o.event, "PGN Event tag");
  cmd->add_flag("--resume", o.resume, "Continue the latest unfinished run with the same settings");
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
  std::int64_t run_id = 0;
  if (o.resume) {
    run_id = find_resumable(*db, config);
    if (!run_id) fail("--resume: no unfinished run with these settings in " + o.db + " (see 'harness runs')");
    config = value_or_fail(MatchConfig::from_json(db->run(run_id)->config));
    config.concurrency = o.concurrency;
  } else {
    value_or_fail(check_engines_start(config, value_or_fail(read_opening_book(config.openings_path, config.plies))));
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
    std::exit(play(std::move(config), *db, o->run));
  });
}

}  // namespace harness
