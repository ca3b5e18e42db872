#include "storage/database.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>
#include <thread>
#include <nlohmann/json.hpp>

#include "storage/migrations.h"
#include "support/synthetic_run.h"

namespace {

std::string fresh_db(const std::string& name) {
  std::string path = ::testing::TempDir() + name + ".sqlite";
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

// The tuner's tables are the tuner's (tests/tuner/storage/): the harness makes none of them.
TEST(Database, MakesNoneOfTheTunersTables) {
  auto db = harness::Database::open(fresh_db("no_tuner_tables")).value();
  db->create_run(harness::RunKind::MATCH, "{}").value();
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db->path().c_str(), &raw), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(raw, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'tuner%' OR name='loop_steps'", -1, &s, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_step(s), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(s, 0), 0);
  sqlite3_finalize(s);
  sqlite3_close(raw);
}

// A database as a harness of schema 7 left it (before games stored their end by name): it
// opens, is migrated forward, and its games read with their end recovered from the reason.
TEST(Database, AnOldDatabaseOpensAndItsGamesKeepTheirEnds) {
  const std::string path = fresh_db("schema7");
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  for (int v = 0; v < 7; ++v) ASSERT_EQ(sqlite3_exec(raw, harness::migration(v), nullptr, nullptr, nullptr), SQLITE_OK) << v;
  const char* old_rows =
      "PRAGMA user_version = 7;"
      "INSERT INTO runs (kind, created_at, status, config) VALUES ('match', 'then', 'finished', '{}');"
      "INSERT INTO games (run_id, game_index, pair_index, white, black, opening_fen, opening_moves, result, termination, reason, "
      "plies, time_control, started_at, finished_at, pgn, white_stderr, black_stderr) VALUES "
      "(1, 0, 0, 'a', 'b', 'fen', '', '0-1', 'time forfeit', 'White loses on time (no move)', 3, '-', 't', 't', '', '', ''),"
      "(1, 1, 0, 'b', 'a', 'fen', '', '1-0', 'normal', 'White mates', 40, '-', 't', 't', '', '', '');";
  ASSERT_EQ(sqlite3_exec(raw, old_rows, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(raw);
  sqlite3_close(raw);

  auto db = harness::Database::open(path);
  ASSERT_TRUE(db) << db.error();
  EXPECT_EQ((*db)->schema_version(), harness::schema_target());
  const auto games = (*db)->games(1).value();
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].end, harness::GameEnd::STALL);
  EXPECT_EQ(games[1].end, harness::GameEnd::MATE);
  EXPECT_EQ(games[1].termination, "normal");
}

// The kind and status columns as the database holds them: what a run was created and updated
// with, in the words every database has held.
std::pair<std::string, std::string> stored_words(const std::string& path, std::int64_t run) {
  sqlite3* raw = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(raw, ("SELECT kind, status FROM runs WHERE id=" + std::to_string(run)).c_str(), -1, &s, nullptr),
            SQLITE_OK);
  std::pair<std::string, std::string> words;
  if (sqlite3_step(s) == SQLITE_ROW)
    words = {reinterpret_cast<const char*>(sqlite3_column_text(s, 0)), reinterpret_cast<const char*>(sqlite3_column_text(s, 1))};
  sqlite3_finalize(s);
  sqlite3_close(raw);
  return words;
}

TEST(Database, RunsAreStoredByTheirKindsAndStatusesWords) {
  auto db = harness::Database::open(fresh_db("run_words")).value();
  const std::int64_t spsa = db->create_run({harness::RunKind::TUNER_METHOD, "spsa"}, "{}").value();
  EXPECT_EQ(stored_words(db->path(), spsa), std::make_pair(std::string("tuner-spsa"), std::string("running")));
  ASSERT_TRUE(db->update_run(spsa, harness::RunStatus::STOPPED, "interrupted\n"));
  EXPECT_EQ(stored_words(db->path(), spsa).second, "stopped");
  const harness::RunRow row = *db->run(spsa).value();
  EXPECT_EQ(row.kind, harness::RunKind::TUNER_METHOD);
  EXPECT_EQ(row.method, "spsa");
  EXPECT_EQ(row.status, harness::RunStatus::STOPPED);
  EXPECT_FALSE(row.finished_at.empty());
  ASSERT_TRUE(db->update_run(spsa, harness::RunStatus::RUNNING, ""));
  EXPECT_TRUE(db->run(spsa).value()->finished_at.empty()) << "a resumed run has not finished";
  const std::int64_t match = db->create_run(harness::RunKind::MATCH, "{}").value();
  ASSERT_TRUE(db->update_run(match, harness::RunStatus::FAILED, "why\n"));
  EXPECT_EQ(stored_words(db->path(), match), std::make_pair(std::string("match"), std::string("failed")));
}

TEST(Database, ARunIsNeverStoredWithAWordThatDoesNotReadBack) {
  auto db = harness::Database::open(fresh_db("run_words_refused")).value();
  EXPECT_FALSE(db->create_run(harness::RunKind::UNKNOWN, "{}"));
  EXPECT_FALSE(db->create_run(harness::RunKind::TUNER_METHOD, "{}")) << "a tuning method's run names its method";
  EXPECT_FALSE(db->create_run({harness::RunKind::MATCH, "spsa"}, "{}"));
  const std::int64_t run = db->create_run(harness::RunKind::EPD, "{}").value();
  EXPECT_FALSE(db->update_run(run, harness::RunStatus::UNKNOWN, ""));
  EXPECT_EQ(db->runs().value().size(), 1u);
}

// A row a newer harness stored with words this one does not know stays listed, with its words,
// and no command takes it for a kind it knows.
TEST(Database, ARunOfAnUnknownKindOrStatusIsListedWithItsWords) {
  auto db = harness::Database::open(fresh_db("run_words_unknown")).value();
  const std::int64_t known = db->create_run(harness::RunKind::MATCH, "{}").value();
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db->path().c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(
      sqlite3_exec(raw, "INSERT INTO runs (kind, created_at, status, config) VALUES ('frobnicate', '2030-01-01', 'paused', '{}')",
                   nullptr, nullptr, nullptr),
      SQLITE_OK);
  sqlite3_close(raw);
  const std::vector<harness::RunRow> runs = db->runs().value();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].id, known);
  EXPECT_EQ(runs[1].kind, harness::RunKind::UNKNOWN);
  EXPECT_EQ(runs[1].status, harness::RunStatus::UNKNOWN);
  EXPECT_EQ(runs[1].kind_text(), "frobnicate");
  EXPECT_EQ(runs[1].status_text(), "paused");
  EXPECT_FALSE(harness::plays_games(runs[1].kind));
  EXPECT_FALSE(harness::is_tuner_run(runs[1].kind));
}

// A newer harness's database is refused by name, never written to.
TEST(Database, ANewerSchemaIsRefused) {
  const std::string path = fresh_db("schema_future");
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  sqlite3_exec(raw, ("PRAGMA user_version = " + std::to_string(harness::schema_target() + 1)).c_str(), nullptr, nullptr, nullptr);
  sqlite3_close(raw);
  auto db = harness::Database::open(path);
  ASSERT_FALSE(db);
  EXPECT_NE(db.error().find("is newer than this harness"), std::string::npos) << db.error();
}

// Two processes that open a new database at once both switch it to write-ahead logging. The one
// that reads while the other holds its write lock is refused by SQLite at once, without waiting
// (a wait could deadlock): the open waits for the lock by the clock, as every statement does.
// Here another connection holds the new file's write lock for 300 ms.
TEST(Database, OpeningANewDatabaseWaitsForAnotherProcessSwitchingItToWal) {
  const std::string path = fresh_db("opened_together");
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(other);
  std::thread release([other] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr);
  });
  auto db = harness::Database::open(path);
  release.join();
  sqlite3_close(other);
  ASSERT_TRUE(db) << db.error();
  EXPECT_TRUE((*db)->create_run(harness::RunKind::MATCH, "{}"));
  sqlite3* check = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &check), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(check, "PRAGMA journal_mode", -1, &s, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(s), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)), "wal");
  sqlite3_finalize(s);
  sqlite3_close(check);
}

// A reader told to give up (a dashboard that was asked to stop) stops waiting for another
// process's lock when asked, not after the 5 s that a reader waits otherwise: the writer here
// holds the file in rollback-journal mode, where readers wait for it, and the reader is refused
// on the fourth ask (the wait is asked every 10 ms).
TEST(Database, AReaderToldToGiveUpStopsWaitingForALock) {
  const std::string path = fresh_db("given_up_lock");
  { auto db = harness::Database::open(path).value(); }
  sqlite3* writer = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &writer), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(writer, "PRAGMA journal_mode=DELETE; BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK)
      << sqlite3_errmsg(writer);
  int asked = 0;
  auto reader = harness::Database::open_readonly(path, [&] { return ++asked > 3; });
  EXPECT_EQ(asked, 4);
  ASSERT_FALSE(reader);
  EXPECT_NE(reader.error().find("database is locked"), std::string::npos) << reader.error();
  sqlite3_exec(writer, "COMMIT", nullptr, nullptr, nullptr);
  sqlite3_close(writer);
  EXPECT_TRUE(harness::Database::open_readonly(path, [] { return false; }));
}

// A long read is interrupted once the reader is told to give up: the games of a 3,000-game run
// are many thousands of SQLite's steps, and the read is an error, not a short list.
TEST(Database, ALongReadToldToGiveUpIsAnError) {
  const std::string path = fresh_db("given_up_read");
  std::int64_t run = 0;
  {
    auto db = harness::Database::open(path).value();
    run = store_synthetic_match(*db, 3000);
  }
  bool give_up = false;
  auto reader = harness::Database::open_readonly(path, [&] { return give_up; }).value();
  EXPECT_EQ(reader->report_games(run).value().size(), 3000u);
  give_up = true;
  auto games = reader->report_games(run);
  ASSERT_FALSE(games);
  EXPECT_NE(games.error().find("interrupted"), std::string::npos) << games.error();
}

}  // namespace
