// harness import FILE.pgn...: games played elsewhere (fastchess, cutechess-cli, this harness)
// stored as one run, for report, rate, show and serve.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "command_support/fail.h"
#include "commands.h"
#include "imports/pgn_import.h"
#include "process/executable_path.h"
#include "text/words.h"

namespace harness {

namespace {

struct ImportOptions {
  std::vector<std::string> files;
  std::string db = default_database();
  std::string first;
};

// Exit status 0 when every game was stored, 1 when some were skipped (each named on standard
// error), 2 when nothing could be: an unreadable file, or no game in the files.
void import_files(const ImportOptions& o) {
  for (const std::string& file : o.files)
    if (!std::ifstream(file)) fail(file + ": cannot open");
  const bool new_database = !std::filesystem::exists(o.db);
  auto db = value_or_fail(Database::open(o.db));
  auto attempt = import_pgn_files(
      o.files, *db, [](const std::string& why) { std::cerr << program_name() << ": game skipped: " << why << "\n"; }, o.first);
  if (!attempt && new_database) {  // nothing was stored: the database this command made goes too
    db.reset();
    Database::remove_files(o.db);
  }
  const PgnImport imported = value_or_fail(std::move(attempt));
  for (const std::string& note : imported.notes) std::cerr << program_name() << ": " << note << "\n";
  std::string players;
  for (const std::string& p : imported.players) players += (players.empty() ? "" : ", ") + p;
  std::printf("Run %lld in %s: %s imported from %s (a %s of %s; %s on their openings)\n", static_cast<long long>(imported.run_id),
              db->path().c_str(), plural(imported.stored, "game").c_str(), plural(long(o.files.size()), "file").c_str(),
              run_kind_name(imported.kind), players.c_str(), plural(imported.pairs, "game pair").c_str());
  const std::optional<RunRow> run = value_or_fail(db->run(imported.run_id));
  if (run) std::printf("%s", run->summary.c_str());
  if (imported.skipped > 0) {
    std::cerr << program_name() << ": " << plural(imported.skipped, "game") << " skipped (named above); the others are stored\n";
    std::exit(1);
  }
}

}  // namespace

void add_import_command(CLI::App& app) {
  auto o = std::make_shared<ImportOptions>();
  CLI::App* cmd =
      app.add_subcommand("import", "Store games played elsewhere (PGN of fastchess, cutechess-cli or this harness) as a run");
  cmd->add_option("FILES", o->files, "PGN files")->required();
  cmd->add_option("--first", o->first,
                  "The engine listed first, whose view the results take (default: White of the lowest Round tag)");
  cmd->add_option("--db", o->db, DATABASE_HELP);
  cmd->callback([o] { import_files(*o); });
}

}  // namespace harness
