#include <cstdio>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "fail.h"
#include "paths.h"
#include "report/run_list.h"
#include "stats/terminations.h"
#include "storage/database.h"

namespace harness {

namespace {

struct RunOptions {
  std::string db = "results/harness.sqlite";
  std::int64_t run = 0;
  std::string out;
};

std::unique_ptr<Database> open_or_exit(const std::string& path) { return value_or_fail(Database::open_existing(path)); }

RunRow run_or_exit(Database& db, std::int64_t id) {
  auto run = db.run(id);
  if (!run) fail("no run " + std::to_string(id) + " in " + db.path() + " (see 'harness runs')");
  return *run;
}

}  // namespace

void add_run_commands(CLI::App& app) {
  auto opts = std::make_shared<RunOptions>();

  CLI::App* runs = app.add_subcommand("runs", "List past runs with their result lines");
  runs->add_option("--db", opts->db, "SQLite database")->capture_default_str();
  runs->callback([opts] {
    auto db = open_or_exit(opts->db);
    const char* format = "%-5s %-12s %-9s %-21s %-40s %-14s %-11s %s\n";
    std::printf(format, "RUN", "KIND", "STATUS", "STARTED", "ENGINES", "TC", "GAMES", "RESULT");
    for (const RunListRow& r : run_list(*db))
      std::printf(format, std::to_string(r.id).c_str(), r.kind.c_str(), r.status.c_str(), r.created.c_str(), r.engines.c_str(),
                  r.tc.c_str(), r.games.c_str(), r.result.c_str());
  });

  CLI::App* show = app.add_subcommand("show", "Print a run's results block");
  show->add_option("RUN", opts->run, "Run id")->required();
  show->add_option("--db", opts->db, "SQLite database")->capture_default_str();
  show->callback([opts] {
    auto db = open_or_exit(opts->db);
    RunRow r = run_or_exit(*db, opts->run);
    std::cout << "Run " << r.id << " (" << r.kind << ", " << r.status << ", started " << r.created_at << ")\n" << r.summary;
    std::vector<EndedGame> ended;
    for (const StoredGame& g : db->games(r.id)) ended.push_back({g.white, g.black, g.result, g.termination, g.reason});
    if (!ended.empty()) std::cout << terminations_summary(ended);
  });

  CLI::App* pgn = app.add_subcommand("pgn", "Export a run's games as PGN");
  pgn->add_option("RUN", opts->run, "Run id")->required();
  pgn->add_option("--db", opts->db, "SQLite database")->capture_default_str();
  pgn->add_option("-o,--out", opts->out, "Write to this file instead of standard output");
  pgn->callback([opts] {
    auto db = open_or_exit(opts->db);
    run_or_exit(*db, opts->run);
    std::ofstream file;
    if (!opts->out.empty()) {
      file.open(opts->out);
      if (!file) fail("pgn: cannot write " + opts->out);
    }
    std::ostream& out = opts->out.empty() ? std::cout : file;
    for (const StoredGame& g : db->games(opts->run)) out << g.pgn;
  });
}

}  // namespace harness
