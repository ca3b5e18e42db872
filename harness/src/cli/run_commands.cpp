#include <fstream>
#include <iostream>

#include "commands.h"
#include "fail.h"
#include "paths.h"
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

// The "Elo: ..." or first ranking line of a stored summary.
std::string headline(const std::string& summary) {
  std::size_t at = summary.find("Elo: ");
  if (at == std::string::npos) return summary.empty() ? "-" : summary.substr(0, summary.find('\n'));
  return summary.substr(at, summary.find('\n', at) - at);
}

}  // namespace

void add_run_commands(CLI::App& app) {
  auto opts = std::make_shared<RunOptions>();

  CLI::App* runs = app.add_subcommand("runs", "List past runs with their result lines");
  runs->add_option("--db", opts->db, "SQLite database")->capture_default_str();
  runs->callback([opts] {
    auto db = open_or_exit(opts->db);
    for (const RunRow& r : db->runs()) {
      std::string games_line;
      std::size_t at = r.summary.find("Games: ");
      if (at != std::string::npos) games_line = " | " + r.summary.substr(at, r.summary.find(',', at) - at);
      std::cout << r.id << "  " << r.kind << "  " << r.status << "  " << r.created_at << "  " << headline(r.summary) << games_line
                << "\n";
    }
  });

  CLI::App* show = app.add_subcommand("show", "Print a run's results block");
  show->add_option("RUN", opts->run, "Run id")->required();
  show->add_option("--db", opts->db, "SQLite database")->capture_default_str();
  show->callback([opts] {
    auto db = open_or_exit(opts->db);
    RunRow r = run_or_exit(*db, opts->run);
    std::cout << "Run " << r.id << " (" << r.kind << ", " << r.status << ", started " << r.created_at << ")\n" << r.summary;
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
