// `harness import` on whole PGN files: every game is stored whole or skipped with its file and
// line, never half; what the import says it stored is what the run holds, and the run's games
// are as many as it planned (an import is complete).
#include <filesystem>

#include "imports/pgn_import.h"
#include "fuzz_input.h"
#include "run/match_config.h"
#include "run/schedule.h"

namespace {

// A fresh database now and then, so that it does not grow through a long run.
harness::Database& database() {
  static std::unique_ptr<harness::Database> db;
  static int uses = 0;
  if (!db || ++uses % 200 == 0) {
    db.reset();
    const std::string path = fuzz::as_file("", ".sqlite");
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    db = harness::Database::open(path).value();
  }
  return *db;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string pgn = fuzz::as_file(fuzz::text(data, size), ".pgn");
  harness::Database& db = database();
  int skipped = 0;
  auto imported = harness::import_pgn_files({pgn}, db, [&](const std::string& why) {
    FUZZ_CHECK(why.rfind(pgn + ":", 0) == 0);  // named by file and line
    ++skipped;
  });
  if (!imported) return 0;
  FUZZ_CHECK(imported->skipped == skipped);
  FUZZ_CHECK(imported->stored > 0);
  FUZZ_CHECK(db.game_count(imported->run_id).value() == imported->stored);
  auto run = db.run(imported->run_id).value();
  FUZZ_CHECK(run.has_value());
  auto config = harness::MatchConfig::from_json(run->config);
  FUZZ_CHECK(config && harness::planned_games(*config) == imported->stored);
  return 0;
}
