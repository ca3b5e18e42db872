#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "text/first_line.h"
#include "command_support/fail.h"
#include "command_support/stored_runs.h"
#include "commands.h"
#include "paths.h"
#include "views/game_dialogue.h"
#include "views/run_list.h"
#include "run/run_tally.h"
#include "settings/output_file.h"
#include "stats/terminations.h"
#include "storage/database.h"
#include "text/words.h"

namespace harness {

namespace {

struct RunOptions {
  std::string db = default_database();
  std::int64_t run = 0;
  std::string out;
  int game = 0;  // show --game N
};

// show --game N: the game's engine dialogue from the run's log, explained.
void print_game_dialogue(Database& db, const RunRow& r, int game) {
  auto config = MatchConfig::from_json(r.config);
  if (!config || config->log_path.empty())
    fail("run " + std::to_string(r.id) + " kept no engine dialogue log (play it with --log FILE, or -log file=FILE)");
  const std::vector<StoredGame> games = value_or_fail(db.games(r.id));
  auto it = std::find_if(games.begin(), games.end(), [&](const StoredGame& g) { return g.game_index + 1 == game; });
  if (it == games.end()) fail("run " + std::to_string(r.id) + " has no finished game " + std::to_string(game));
  const DialogueGame g{game, it->white, it->black, it->result, it->reason, it->end};
  std::cout << describe_dialogue(g, value_or_fail(game_dialogue_lines(config->log_path, game)));
}

std::unique_ptr<Database> open_or_exit(const std::string& path) { return value_or_fail(Database::open_existing(path)); }

// A suite run's failed lines, as its run printed them.
void print_failures(Database& db, const RunRow& r) {
  if (r.kind == RunKind::PERFT)
    for (const PerftResultRow& row : value_or_fail(db.perft_results(r.id)))
      if (!row.passed)
        std::cout << "line " << row.line << " depth " << row.depth << ": expected " << row.expected << ", got " << row.got
                  << (row.error.empty() ? "" : " (" + row.error + ")") << "\n"
                  << (row.bug.empty() ? "" : row.bug + "\n");
  if (r.kind == RunKind::EPD)
    for (const EpdResultRow& row : value_or_fail(db.epd_results(r.id)))
      if (!row.solved) std::cout << "line " << row.line << " " << row.position_id << ": not solved, played " << row.move << "\n";
}

// A gauntlet stored before its summary held the table per opponent: the table, from its games.
void print_gauntlet_table(const RunRow& r, const std::vector<StoredGame>& games) {
  if (r.kind != RunKind::TOURNAMENT) return;
  auto config = MatchConfig::from_json(r.config);
  if (!config || config->kind != TournamentKind::GAUNTLET) return;
  RunTally tally(*config);
  // The table's heading depends on the configuration alone: a summary that has it has the table.
  if (r.summary.find(first_line(tally.gauntlet_table())) != std::string::npos) return;
  for (const StoredGame& g : games) tally.add(g.game_index, g.result);
  std::cout << tally.gauntlet_table();
}

// show RUN: the run's stored results block, a test's commits, a suite's failures, how games ended.
void show_run(const RunOptions& o) {
  auto db = open_or_exit(o.db);
  RunRow r = run_or_fail(*db, o.run);
  if (o.game > 0) return print_game_dialogue(*db, r, o.game);
  const std::string engines = suite_run_engines(r);
  std::cout << "Run " << r.id << " (" << r.kind_text() << (engines.empty() ? "" : ", " + engines) << ", " << r.status_text()
            << ", started " << r.created_at << ")\n"
            << r.summary;
  const std::vector<StoredGame> games = value_or_fail(db->games(r.id));
  print_gauntlet_table(r, games);
  if (r.kind == RunKind::MATCH)
    if (auto config = MatchConfig::from_json(r.config); config && !config->tested.empty()) {
      std::cout << "Commits of " << config->tested.front().repo << ":\n";
      for (const TestedCommit& t : config->tested) std::cout << "  " << describe(t) << "\n";
      if (config->speed_scale) std::cout << "Time control scaled " << describe(*config->speed_scale, config->settings.tc) << "\n";
    }
  print_failures(*db, r);
  std::vector<EndedGame> ended;
  for (const StoredGame& g : games) ended.push_back({g.white, g.black, g.result, g.end});
  if (!ended.empty()) std::cout << terminations_summary(ended);
}

}  // namespace

void add_run_commands(CLI::App& app) {
  auto opts = std::make_shared<RunOptions>();

  CLI::App* runs = app.add_subcommand("runs", "List past runs with their result lines");
  runs->add_option("--db", opts->db, DATABASE_HELP);
  runs->callback([opts] {
    auto db = open_or_exit(opts->db);
    const char* format = "%-5s %-12s %-9s %-21s %-40s %-14s %-11s %s\n";
    std::printf(format, "RUN", "KIND", "STATUS", "STARTED", "ENGINES", "TC", "GAMES", "RESULT");
    for (const RunListRow& r : value_or_fail(run_list(*db)))
      std::printf(format, std::to_string(r.id).c_str(), r.kind.c_str(), r.status.c_str(), r.created.c_str(), r.engines.c_str(),
                  r.tc.c_str(), r.games.c_str(), r.result.c_str());
  });

  CLI::App* show = app.add_subcommand("show", "Print a run's results block");
  show->add_option("RUN", opts->run, "Run id")->required()->check(run_number());
  show->add_option("--db", opts->db, DATABASE_HELP);
  show->add_option("--game", opts->game,
                   "Print this game's engine dialogue from the run's log (--log), and for a game lost on time, by a stall or "
                   "a crash, whom the harness waited on, for how long, and what it said last")
      ->check(CLI::PositiveNumber);
  show->callback([opts] { show_run(*opts); });

  CLI::App* pgn = app.add_subcommand("pgn", "Export a run's games as PGN");
  pgn->add_option("RUN", opts->run, "Run id")->required()->check(run_number());
  pgn->add_option("--db", opts->db, DATABASE_HELP);
  pgn->add_option("-o,--out", opts->out, "Write to this file instead of standard output");
  pgn->callback([opts] {
    auto db = open_or_exit(opts->db);
    const RunRow r = run_or_fail(*db, opts->run);
    if (!is_match_or_tournament(r.kind))
      fail("run " + std::to_string(r.id) + " is " + a_run_of_kind(r.kind_text()) + ": it has no games" +
           (is_tuner_run(r.kind) ? " of its own; its games are in the match runs it started (see 'harness runs')" : ""));
    const std::vector<StoredGame> games = value_or_fail(db->games(r.id));
    if (games.empty()) fail("run " + std::to_string(r.id) + " has no finished games yet");
    std::unique_ptr<OutputFile> file;
    if (!opts->out.empty()) file = value_or_fail(OutputFile::open("-o", opts->out, {opts->db}));
    std::ostream& out = file ? file->stream() : std::cout;
    for (const StoredGame& g : games) out << g.pgn;
    if (file) value_or_fail(file->commit());
    if (!out) fail("standard output: write failed");
  });
}

}  // namespace harness
