// harness datagen: self-play of a UCI engine (or two) whose positions, with the mover's score
// and the game's result, are kept packed in the database; harness positions: those positions
// exported, filtered and without duplicates, as texel EPD or an NNUE trainer's text.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <unordered_set>

#include "command_support/fail.h"
#include "command_support/stored_runs.h"
#include "commands.h"
#include "datagen/position_export.h"
#include "formats/format_table.h"
#include "match_options.h"
#include "openings/random_ply_openings.h"
#include "paths.h"
#include "settings/output_file.h"

namespace harness {

namespace {

// --random-plies not given: the openings come from --openings (or the default book).
constexpr int NO_RANDOM_PLIES = std::numeric_limits<int>::min();

// --positions without --games: at most one game for every this many positions (self-play
// games hold a hundred or more scored positions; a cap this loose is reached only by an engine
// whose games end almost at once).
constexpr std::int64_t POSITIONS_PER_GAME_CAP = 16;

struct DatagenOptions {
  MatchOptions match;
  int random_plies = NO_RANDOM_PLIES;
  bool games_given = false, positions_given = false;
};

// The most games a run sized by positions plays, when --games does not say: even, as games
// come in pairs.
int games_cap(std::int64_t positions) {
  const std::int64_t games = (positions + POSITIONS_PER_GAME_CAP - 1) / POSITIONS_PER_GAME_CAP;
  return int(std::clamp<std::int64_t>(games + games % 2, 2, MAX_GAMES));
}

// The engines a datagen command line names: its positionals, and the --engine specs that no
// positional names ("datagen d --engine 'name=d cmd=...'" is one engine).
std::size_t datagen_engines_named(const MatchOptions& o) {
  std::size_t n = o.engines.size();
  for (const std::string& spec : o.engine_specs) {
    auto e = parse_engine_spec(spec);
    if (!e || std::find(o.engines.begin(), o.engines.end(), e->name) == o.engines.end()) ++n;
  }
  return n;
}

// One engine plays itself: a second entry of it under another name.
void self_play(MatchOptions& o) {
  const std::size_t named = datagen_engines_named(o);
  if (named == 2) return;
  if (named != 1)  // in datagen's words, not a match's
    fail("datagen plays one engine against itself, or two engines against each other; got " + std::to_string(named));
  EngineConfig e = !o.engine_specs.empty() ? value_or_fail(parse_engine_spec(o.engine_specs.front()))
                                           : engine_from_command_line(o.engines.front(), o.registry, true);
  o.engine_specs.clear();
  o.engines = {e.name, e.name + "-2"};
  EngineConfig twin = e;
  twin.name = e.name + "-2";
  o.made_engines = {e, twin};
}

[[noreturn]] void datagen(DatagenOptions& d) {
  MatchOptions& o = d.match;
  if (o.nodes == 0 && o.depth == 0) fail("datagen needs a node or depth limit: give --nodes N or --depth D");
  if (d.positions_given && (o.positions < 1 || o.positions > MAX_POSITIONS))
    fail("--positions must be from 1 to " + std::to_string(MAX_POSITIONS) + ", got " + std::to_string(o.positions));
  if (o.positions > 0 && !d.games_given) o.games = games_cap(o.positions);
  if (d.random_plies != NO_RANDOM_PLIES) {
    if (!o.openings.empty()) fail("give --openings or --random-plies, not both");
    if (d.random_plies < 0 || d.random_plies > MAX_RANDOM_PLIES)
      fail("--random-plies must be from 0 to " + std::to_string(MAX_RANDOM_PLIES) + ", got " + std::to_string(d.random_plies));
    // Each game's opening is drawn from its number and the seed as it starts: no book is written,
    // and nothing is held for the games planned, however many.
    o.random_plies = d.random_plies;
  }
  self_play(o);
  o.datagen = true;
  start_or_resume(o, TournamentKind::MATCH);
}

struct PositionsOptions {
  std::vector<std::int64_t> runs;
  std::string db = default_database(), out, format = formats::position_format_name(formats::PositionFormat::EPD), keep;
  int min_ply = 0;
  std::int64_t first_games = 0;
  bool no_dedup = false;
};

// What --keep takes back from the default filters, one row each.
struct KeepName {
  const char* name;
  bool PositionFilters::*skip;
};
constexpr KeepName KEEP[] = {
    {"checks", &PositionFilters::skip_checks},
    {"tactical", &PositionFilters::skip_tactical},
    {"mates", &PositionFilters::skip_mates},
};

PositionFilters filters_of(const PositionsOptions& o) {
  PositionFilters f;
  f.min_ply = o.min_ply;
  f.dedup = !o.no_dedup;
  if (o.first_games < 0) fail("--first-games must be 1 or more (0: all the games), got " + std::to_string(o.first_games));
  f.first_games = o.first_games;
  std::string list = o.keep;
  for (std::size_t at = 0; (at = list.find(',', at)) != std::string::npos;) list[at] = ' ';
  std::istringstream words(list);
  for (std::string what; words >> what;) {
    const auto* row = std::find_if(std::begin(KEEP), std::end(KEEP), [&](const KeepName& k) { return what == k.name; });
    if (row == std::end(KEEP)) {
      std::string names;
      for (const KeepName& k : KEEP) names += std::string(names.empty() ? "" : ", ") + k.name;
      fail("--keep takes " + names + " (comma-separated), got '" + what + "'");
    }
    f.*(row->skip) = false;
  }
  return f;
}

int export_runs(const PositionsOptions& o) {
  const formats::PositionFormat format = value_or_fail(with_option("--format", formats::parse_position_format(o.format)));
  const PositionFilters filters = filters_of(o);
  auto db = value_or_fail(Database::open_existing(o.db));
  const std::unique_ptr<OutputFile> out = value_or_fail(OutputFile::open("-o", o.out, {o.db}));
  std::ostream& file = out->stream();
  std::unordered_set<std::uint64_t> seen;
  ExportCounts total;
  for (std::int64_t run : o.runs) {
    auto exported = export_positions(*db, run, filters, format, file, seen);
    if (!exported) fail(out->failed(exported.error()).message);
    const ExportCounts& c = *exported;
    std::cout << "run " << run << ": " << c.games << " games, " << c.scored << " scored positions: " << c.written
              << " written; left out " << c.in_check << " in check, " << c.tactical << " captures or promotions, " << c.mates
              << " mate scores, " << c.early << " before ply " << o.min_ply << ", " << c.duplicates << " duplicates"
              << (c.unfinished ? ", " + std::to_string(c.unfinished) + " unfinished games" : std::string())
              << (c.forfeits ? ", " + std::to_string(c.forfeits) + " games lost by a fault" : std::string())
              << (c.unscored ? "; " + std::to_string(c.unscored) + " positions had no score (written only by epd and bracket)"
                             : std::string())
              << (c.unholdable ? "; " + std::to_string(c.unholdable) + " the format cannot hold (Chess960 castling rights)"
                               : std::string())
              << "\n";
    total.written += c.written;
  }
  value_or_fail(out->commit());
  std::cout << "wrote " << total.written << " positions to " << o.out << "\n";
  return 0;
}

}  // namespace

void add_datagen_commands(CLI::App& app) {
  auto d = std::make_shared<DatagenOptions>();
  CLI::App* cmd = app.add_subcommand("datagen", "Self-play of a UCI engine (or two) kept as training positions");
  cmd->add_option("ENGINES", d->match.engines, "One engine (it plays itself) or two, from the registry (or --engine names)");
  CLI::Option* games = cmd->add_option("--games", d->match.games,
                                       "Number of games (played in pairs with colours reversed); with --positions, the most")
                           ->capture_default_str();
  CLI::Option* target =
      cmd->add_option("--positions", d->match.positions,
                      "Play until the games, kept in order, hold this many scored positions (without --games: at most one "
                      "game per " +
                          std::to_string(POSITIONS_PER_GAME_CAP) + ")");
  cmd->add_option("--random-plies", d->random_plies, "Openings of this many random plies from the start, drawn by --seed");
  add_common(cmd, d->match);
  cmd->callback([d, games, target] {
    d->games_given = games->count() > 0;
    d->positions_given = target->count() > 0;
    datagen(*d);
  });

  auto p = std::make_shared<PositionsOptions>();
  CLI::App* positions = app.add_subcommand(
      "positions", "Export the positions of runs' games, with their engines' scores, for a tuner or a trainer");
  positions->add_option("RUNS", p->runs, "Datagen, match, tournament, test or imported runs (see 'harness runs')")
      ->required()
      ->check(run_number());
  positions->add_option("-o,--out", p->out, "Output file")->required();
  positions
      ->add_option("--format", p->format,
                   formats::position_format_help() + ". A game format keeps whole games: the filters and duplicates do not apply")
      ->capture_default_str();
  positions->add_option("--keep", p->keep, "Keep what is left out by default: checks,tactical,mates");
  positions->add_option("--min-ply", p->min_ply, "Leave out the positions before this ply")->capture_default_str();
  positions->add_flag("--no-dedup", p->no_dedup, "Keep repeated positions");
  positions->add_option("--first-games", p->first_games,
                        "Export only each run's first N games by their number, all of them stored (an export of a run that "
                        "goes on, made again byte for byte)");
  positions->add_option("--db", p->db, DATABASE_HELP);
  positions->callback([p] { std::exit(export_runs(*p)); });
}

}  // namespace harness
