#include <algorithm>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <optional>
#include <thread>

#include "command_support/fail.h"
#include "command_support/stored_runs.h"
#include "commands.h"
#include "match_options.h"
#include "paths.h"
#include "events/event_stream.h"
#include "launch/run_door.h"
#include "text/words.h"

namespace harness {

namespace {

// The stream --events names, or null without it; a file that cannot be opened ends the command.
std::unique_ptr<EventStream> open_events(const std::string& path) {
  if (path.empty()) return nullptr;
  return value_or_fail(EventStream::open(path));
}

// Exit status 130 after an interrupt, as a shell reports a job stopped by Ctrl-C. With the
// events on standard output, the run's own lines go to standard error.
int play(MatchConfig config, RunInputs inputs, Database& db, std::int64_t run_id, EventStream* events) {
  std::ostream& out = events && events->path() == "-" ? std::cerr : std::cout;
  out << "Run " << run_id << " in " << db.path() << ": " << config.settings.tc.describe() << ", "
            << (config.settings.variant == chess::Variant::STANDARD
                    ? ""
                    : std::string(chess::variant_name(config.settings.variant)) + ", ")
            << "concurrency " << config.concurrency << std::endl;
  if (config.speed_scale) out << "Time control scaled " << describe(*config.speed_scale, config.settings.tc) << std::endl;
  RunPlay how;
  how.events = events;
  const PlayedRun played = play_run(std::move(config), std::move(inputs), db, run_id, how, out);
  // A failed run is marked failed by play_run; one held by another process is left as it is.
  if (played.status.kind == MatchStatus::HELD || played.status.kind == MatchStatus::FAILED) fail(played.status.error);
  return exit_status(played.status);
}

std::unique_ptr<Database> open_db(const std::string& path) { return value_or_fail(Database::open(path)); }

// Stopped before a run is recorded: nothing to keep.
void exit_if_stopped() {
  if (stop_requested() != StopRequest::NONE) {
    std::cerr << "harness: interrupted before the run started; nothing was recorded\n";
    std::exit(130);
  }
}

// A stored run, continued at this concurrency: read, validated, its inputs prepared once (or
// taken as read already by --resume, which needed them to find the run).
int continue_run(Database& db, std::int64_t run_id, int concurrency, EventStream* events,
                 std::optional<RunInputs> read = std::nullopt) {
  MatchConfig config = value_or_fail(MatchConfig::from_json(run_or_fail(db, run_id).config));
  if (config.imported)
    fail("run " + std::to_string(run_id) + " holds games imported from " + config.imported->files.front() +
         (config.imported->files.size() > 1 ? " and other files" : "") + ": there is nothing to play");
  config.concurrency = concurrency;
  SettingProblems problems = config.validate(MatchConfig::Checks::STORED_RUN);
  problems.require(concurrency <= MAX_CONCURRENCY, "concurrency",
                   "must be from 1 to " + std::to_string(MAX_CONCURRENCY) + ", got " + std::to_string(concurrency));
  if (!problems.empty()) fail(problems.describe(command_line_spelling));
  const bool games_left = has_games_left(db, run_id, config);
  PrepareOptions options;
  options.probe_engines = games_left;
  RunInputs inputs = read ? std::move(*read) : value_or_fail(prepare_run(config, options));
  if (read) value_or_fail(check_same_openings(config, inputs.book));
  if (read && games_left) value_or_fail(check_engines_start(config, inputs.book, nullptr, nullptr, &inputs.declared_options));
  return play(std::move(config), std::move(inputs), db, run_id, events);
}

}  // namespace

void start_or_resume(MatchOptions& o, TournamentKind kind) {
  install_stop_handlers();  // from here on a signal is a request, whenever it comes
  MatchConfig config = build_config(o, kind);
  if (o.resume) {
    PrepareOptions read_book;  // the variant may follow the book: the stored run's does
    read_book.variant_from_book = o.variant.empty();
    read_book.probe_engines = false;
    read_book.db_path = o.db;
    RunInputs inputs = value_or_fail(prepare_run(config, read_book));
    const std::unique_ptr<EventStream> events = open_events(o.events);
    auto db = value_or_fail(Database::open_existing(o.db));
    const std::int64_t run_id = value_or_fail(find_run(*db, config, StoredRuns::UNFINISHED));
    if (!run_id) fail("--resume: no unfinished run with these settings in " + o.db + " (see 'harness runs')");
    std::exit(continue_run(*db, run_id, o.concurrency, events.get(), std::move(inputs)));
  }
  RunInputs inputs = prepare_or_fail(config, o);  // before the database: a bad run leaves no file behind
  const std::unique_ptr<EventStream> events = open_events(o.events);
  exit_if_stopped();
  auto db = open_db(o.db);
  const std::int64_t run_id = value_or_fail(create_run(*db, config));
  std::exit(play(std::move(config), std::move(inputs), *db, run_id, events.get()));
}

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
  resume->add_option("RUN", o->run, "Run id (see 'harness runs')")->required()->check(run_number());
  resume->add_option("--db", o->db, DATABASE_HELP);
  resume->add_option("--concurrency", o->concurrency, "Games played at once (default: the number of cores)");
  add_events_option(resume, o->events);
  resume->callback([o] {
    install_stop_handlers();
    const std::unique_ptr<EventStream> events = open_events(o->events);
    auto db = value_or_fail(Database::open_existing(o->db));
    const RunRow run = run_or_fail(*db, o->run);
    if (!plays_games(run.kind)) fail("run " + std::to_string(o->run) + " is " + a_run_of_kind(run.kind_text()) + ", not a match");
    std::exit(continue_run(*db, o->run, o->concurrency, events.get()));
  });
}

}  // namespace harness
