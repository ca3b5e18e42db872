#include "match_options.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>

#include "builds/git_engines.h"
#include "command_support/fail.h"
#include "paths.h"
#include "text/format_number.h"

namespace harness {

namespace {

std::vector<EngineConfig> resolve_engines(const MatchOptions& o) {
  std::vector<EngineConfig> adhoc;
  for (const std::string& spec : o.engine_specs) adhoc.push_back(value_or_fail(parse_engine_spec(spec)));
  adhoc.insert(adhoc.end(), o.made_engines.begin(), o.made_engines.end());
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

// A setting as this command line calls it.
std::string flag_for(const std::string& setting) {
  if (setting == "engines") return "engines:";
  if (setting == "time_margin_ms") return "--timemargin";
  if (setting == "max_moves") return "--maxmoves";
  if (setting == "book_choice") return "--book-mode";
  return command_line_spelling(setting);
}

void read_limit(const MatchOptions& o, MatchConfig& c) {
  int limits = !o.tc.empty() + (o.movetime != 0) + (o.depth != 0) + (o.nodes != 0);
  if (limits > 1) fail("give only one of --tc, --movetime, --depth and --nodes");
  // Through the one reader of limits, with its bounds.
  auto limit = [](const char* option, const std::string& key, const std::string& value) {
    return value_or_fail(with_option(option, *parse_limit(key, value)));
  };
  if (!o.tc.empty())
    c.settings.tc = limit("--tc", "tc", o.tc);
  else if (o.movetime != 0)
    c.settings.tc = limit("--movetime", "movetime", format_number("%.3f", o.movetime));
  else if (o.depth != 0)
    c.settings.tc = limit("--depth", "depth", std::to_string(o.depth));
  else if (o.nodes != 0)
    c.settings.tc = limit("--nodes", "nodes", std::to_string(o.nodes));
}

void read_game_settings(const MatchOptions& o, MatchConfig& c) {
  read_limit(o, c);
  c.settings.time_margin_ms = o.timemargin;
  c.settings.search_timeout_ms = o.search_timeout_ms;
  c.settings.deadlines = o.deadlines;
  c.settings.ponder = o.ponder;
  c.settings.check_mate_pvs = o.check_mate_pvs;
  c.settings.match_lines = o.match_lines;
  c.settings.tb_pieces = o.tb_pieces;
  if (!o.tb.empty()) c.settings.tb_path = std::filesystem::absolute(o.tb).lexically_normal().string();
  if (!o.resign.empty()) c.settings.adjudication = value_or_fail(parse_resign(o.resign, c.settings.adjudication));
  if (!o.draw.empty()) c.settings.adjudication = value_or_fail(parse_draw(o.draw, c.settings.adjudication));
  c.settings.adjudication.max_moves = o.maxmoves;
  if (!o.variant.empty()) c.settings.variant = value_or_fail(with_option("--variant", parse_variant_setting(o.variant)));
}

}  // namespace

MatchConfig build_config(const MatchOptions& o, TournamentKind kind) {
  MatchConfig c;
  c.kind = kind;
  c.engines = resolve_engines(o);
  c.tested = o.tested;
  c.datagen = o.datagen;
  c.positions = o.positions;
  c.paired = !o.no_pairs;
  if (!o.log.empty()) c.log_path = std::filesystem::absolute(o.log).lexically_normal().string();
  if (!o.params_file.empty()) c.params_file = std::filesystem::absolute(o.params_file).lexically_normal().string();
  // Registry engines given as "repo", "ref" and "build", their bench checked against the commit's Bench: line.
  const std::vector<TestedCommit> built =
      value_or_fail(build_git_engines(c.engines, EngineBuilds(build_cache_beside(o.db)), BenchCheck::AGAINST_MESSAGE, std::cout));
  c.tested.insert(c.tested.end(), built.begin(), built.end());
  c.games = o.games;
  c.rounds = o.rounds;
  read_game_settings(o, c);
  if (o.speed_scale) {
    c.speed_scale = o.speed_scale;
    c.speed_scale->unscaled = c.settings.tc.describe();
    c.settings.tc = value_or_fail(scaled(c.settings.tc, c.speed_scale->factor));
  }
  c.random_plies = o.random_plies;
  if (c.random_plies < 0)
    c.openings_path = o.openings.empty() ? project_file("suites/openings.epd")
                                         : std::filesystem::absolute(o.openings).lexically_normal().string();
  c.plies = o.plies;
  c.seed = o.seed;
  c.book_choice = value_or_fail(parse_book_choice(o.book_mode));
  c.order = value_or_fail(with_option("--order", parse_opening_order(o.order)));
  c.concurrency = o.concurrency;
  if (!o.sprt.empty()) c.sprt = value_or_fail(parse_sprt(o.sprt));
  c.pgn_path = o.pgn.empty() ? "" : std::filesystem::absolute(o.pgn).string();
  if (!o.shard.empty()) c.shard = value_or_fail(parse_shard(o.shard));
  if (!o.pgn_comments.empty()) c.pgn_comments = value_or_fail(parse_pgn_comments(o.pgn_comments));
  c.event = !o.event.empty() ? o.event : kind == TournamentKind::MATCH ? "Workbench match" : "Workbench tournament";
  if (SettingProblems problems = c.validate(); !problems.empty()) fail(problems.describe(flag_for));
  return c;
}

RunInputs prepare_or_fail(MatchConfig& config, const MatchOptions& o) {
  PrepareOptions options;
  options.variant_from_book = o.variant.empty();
  options.db_path = o.db;
  return value_or_fail(prepare_run(config, options));
}

void add_deadline_options(CLI::App* cmd, EngineDeadlines& d) {
  cmd->add_option("--startup-ms", d.startup_ms,
                  "Milliseconds an engine may take to start: uci to uciok and readyok (xboard: to feature done=1 and pong)")
      ->capture_default_str();
  cmd->add_option("--ucinewgame-ms", d.ucinewgame_ms, "Milliseconds an engine may take to answer isready after ucinewgame")
      ->capture_default_str();
  cmd->add_option("--ping-ms", d.ping_ms,
                  "Milliseconds an engine may take to answer any other question (stop of a ponder search)")
      ->capture_default_str();
}

void add_build_options(CLI::App* cmd, BuildRecipe& r) {
  cmd->add_option("--build", r.command,
                  "Build command of one's own, run by sh in the --make-path folder of the commit's worktree: {out} is the "
                  "binary's path in the cache, {name} a bare name left in that folder and moved there (default: OpenBench's "
                  "'make -j EXE={name}')");
  cmd->add_option("--make-path", r.make_path,
                  "Folder of the makefile, relative to the repository's root (OpenBench's make "
                  "path, often src)");
  cmd->add_option("--compiler", r.compiler, "Compiler for the default make: CXX=NAME when NAME has '++', else CC=NAME");
  cmd->add_option("--network", r.network, "Network file for the default make: EVALFILE=FILE (its absolute path)");
}

BuildRecipe checked_recipe(BuildRecipe r) {
  r.normalize();
  if (!r.network.empty()) r.network = std::filesystem::absolute(r.network).lexically_normal().string();
  if (const SettingProblems p = r.problems(); !p.empty()) fail(p.describe(command_line_spelling));
  return r;
}

void add_bench_runs_option(CLI::App* cmd, int& runs) {
  cmd->add_option("--bench-runs", runs, "Times each bench runs: the counts must agree, the speed is their median")
      ->capture_default_str()
      ->check(CLI::Range(1, MAX_BENCH_RUNS));
}

void add_common(CLI::App* cmd, MatchOptions& o) {
  cmd->add_option("--engine", o.engine_specs, ENGINE_SPEC_HELP)->allow_extra_args(false);
  cmd->add_option("--registry", o.registry, "Engine registry (default: configs/engines.json)");
  cmd->add_option("--tc", o.tc, "Time control [moves/]seconds[+increment], e.g. 40/60+0.6 (default 4+0.04)");
  cmd->add_option("--movetime", o.movetime, "Fixed seconds per move");
  cmd->add_option("--depth", o.depth, "Fixed search depth");
  cmd->add_option("--nodes", o.nodes, "Fixed nodes per move (UCI engines)");
  cmd->add_option("--search-timeout-ms", o.search_timeout_ms,
                  "Milliseconds a move of a node- or depth-limited game may take; an engine that takes longer stalls")
      ->capture_default_str();
  cmd->add_option("--timemargin", o.timemargin, "Milliseconds an engine may overrun its clock before it forfeits")
      ->capture_default_str();
  add_deadline_options(cmd, o.deadlines);
  cmd->add_option("--openings", o.openings, "EPD, PGN or Polyglot .bin opening book (default: suites/openings.epd)");
  cmd->add_option("--variant", o.variant,
                  "standard or fischerandom (Chess960 and DFRC; the default when the book has Chess960 castling)");
  cmd->add_option("--plies", o.plies, "Plies of each PGN opening, or depth a Polyglot book is followed to (0: all)")
      ->capture_default_str();
  cmd->add_option("--book-mode", o.book_mode, "Polyglot book (.bin) moves: weighted or uniform")->capture_default_str();
  cmd->add_option("--order", o.order, "Opening order: sequential or random")->capture_default_str();
  cmd->add_option("--seed", o.seed, "Seed for --order random")->capture_default_str();
  cmd->add_option("--concurrency", o.concurrency, "Games played at once (default: the number of cores)");
  cmd->add_option("--resign", o.resign, "Resign adjudication \"movecount=3 score=600\"");
  cmd->add_option("--draw", o.draw, "Draw adjudication \"movenumber=40 movecount=8 score=10\"");
  cmd->add_option("--maxmoves", o.maxmoves, "Adjudicate a draw after this many full moves");
  cmd->add_option("--db", o.db, DATABASE_HELP);
  add_events_option(cmd, o.events);
  cmd->add_option("--pgn", o.pgn, "Also append every game to this PGN file");
  cmd->add_option("--event", o.event, "PGN Event tag");
  cmd->add_option("--pgn-comments", o.pgn_comments,
                  "More in each move's PGN comment: nodes,seldepth,nps,hashfull,timeleft,latency,tbhits,pv (any of them), "
                  "or min (no comments)");
  cmd->add_option("--shard", o.shard, "Play only share K of N of the game pairs, e.g. 2/4 (combine with 'harness merge')");
  cmd->add_option("--tb", o.tb, "Adjudicate positions in these tablebases (a directory of Gaviota .gtb.cp* or Syzygy .rtbw)");
  cmd->add_option("--tb-pieces", o.tb_pieces,
                  "Adjudicate only positions of at most this many pieces (default: all the tables hold)");
  cmd->add_flag("--ponder", o.ponder,
                "UCI engines that declare Ponder think on the opponent's time (go ponder, ponderhit, stop on a miss)");
  cmd->add_flag("--check-mate-pvs", o.check_mate_pvs,
                "Also check mating PVs as fastchess's -check-mate-pvs does: a mate score's PV is the mate, move for move");
  cmd->add_option("--params-file", o.params_file,
                  "Read each engine's option values from FILE before every game pair ([ENGINE] sections of NAME=VALUE lines); "
                  "each game records them");
  cmd->add_option("--log", o.log,
                  "Append every line to and from each engine to this file, with the time in microseconds and the game "
                  "(read it back with 'harness show RUN --game N')");
  cmd->add_option("--match-line", o.match_lines,
                  "Keep with each move the engine's last line that this regular expression matches (repeatable; "
                  "fastchess's match_line): stored, and written to the PGN as line=\"...\"");
  cmd->add_flag("--no-pairs", o.no_pairs,
                "Play each opening once, colours alternating (a gauntlet against fixed opponents, data generation); the "
                "statistics are then trinomial");
  cmd->add_flag("--resume", o.resume, "Continue the latest unfinished run with the same settings");
}

}  // namespace harness
