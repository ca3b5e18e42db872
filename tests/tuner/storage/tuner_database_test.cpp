// The tuner's tables on the harness's database: made by the tuner's own migrations, recognised
// in databases that older harnesses made (when the harness's list made them), whatever opened
// those since; rows stored and read back.
#include "storage/tuner_database.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

#include "storage/migrations.h"
#include "storage/tuner_migrations.h"

namespace {

std::string fresh_db(const std::string& name) {
  std::string path = ::testing::TempDir() + name + ".sqlite";
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

void exec(sqlite3* raw, const std::string& sql) {
  char* message = nullptr;
  ASSERT_EQ(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, &message), SQLITE_OK) << (message ? message : "") << "\n" << sql;
}

// A database as a harness of schema `version` left it, when the harness's list still made the
// tuner's tables: each harness migration, and the tuner's that ran in its place then.
void old_harness_database(const std::string& path, int version, const std::string& rows = "") {
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  for (int v = 0; v < version; ++v) {
    exec(raw, harness::migration(v));
    for (int t = 0; t < tuner::tuner_schema_target(); ++t)
      if (tuner::tuner_migration_harness_schema(t) == v) exec(raw, tuner::tuner_migration(t));
  }
  exec(raw, "PRAGMA user_version = " + std::to_string(version) + ";" + rows);
  sqlite3_close(raw);
}

int count(const std::string& path, const std::string& sql) {
  sqlite3* raw = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(raw, sql.c_str(), -1, &s, nullptr), SQLITE_OK) << sql;
  const int n = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int(s, 0) : -1;
  sqlite3_finalize(s);
  sqlite3_close(raw);
  return n;
}

TEST(TunerDatabase, StoresTunerRowsAndValidationsEvenWhenTheEloIsNotFinite) {
  auto db = tuner::TunerDatabase::open(fresh_db("tuner_rows")).value();
  std::int64_t run = db->create_run({harness::RunKind::TUNER_METHOD, "pbil"}, "{}").value();
  db->save_generation(run, {0, 0.1, 0.2, R"({"probabilities": [0.5]})"}, {{0, "1", "{}", 0.1, 0}, {1, "0", "{}", 0.3, 0}})
      .value();
  EXPECT_EQ(db->generations(run).value().at(0).state, R"({"probabilities": [0.5]})");
  ASSERT_EQ(db->individuals(run, 0).value().size(), 2u);
  EXPECT_EQ(db->individuals(run, 0).value()[1].fitness, 0.3);
  // Two validation games both won: the Elo and its error are infinite.
  const double inf = std::numeric_limits<double>::infinity();
  db->save_validation(run, {1, run, inf, inf}).value();
  db->save_validation(run, {2, run, 12.5, 30.25}).value();
  auto v = db->validations(run).value();
  ASSERT_EQ(v.size(), 2u);
  EXPECT_TRUE(std::isnan(v[0].elo));
  EXPECT_TRUE(std::isinf(v[0].elo_error));
  EXPECT_EQ(v[1].elo, 12.5);
  EXPECT_EQ(v[1].elo_error, 30.25);
}

// A database the harness made and the tuner opens later gets every tuner table, and the
// tuner's version.
TEST(TunerDatabase, AHarnessDatabaseGetsTheTunersTables) {
  const std::string path = fresh_db("harness_then_tuner");
  harness::Database::open(path).value()->create_run(harness::RunKind::MATCH, "{}").value();
  auto db = tuner::TunerDatabase::open(path);
  ASSERT_TRUE(db) << db.error();
  EXPECT_EQ(count(path, "SELECT version FROM tuner_schema"), tuner::tuner_schema_target());
  EXPECT_EQ(count(path, "SELECT count(*) FROM sqlite_master WHERE name IN ('tuner_generations', 'tuner_individuals', "
                        "'tuner_validations', 'tuner_heldout', 'tuner_results', 'loop_steps', 'tuner_confirmations')"),
            7);
  EXPECT_EQ(count(path, "SELECT count(*) FROM pragma_table_info('tuner_generations') WHERE name='probabilities'"), 0);
}

// Schema 13 kept a tuner step's vector in a column named for PBIL ('probabilities', SPSA's and
// gradient descent's theta too) and PBIL's entropy in one of its own. After the migration each
// step's state is one JSON object of its method's keys, the old text state kept as "saved";
// the same when a harness of today opened the file first (its list no longer makes tuner tables).
TEST(TunerDatabase, TunerStepsOfSchema13BecomeEachMethodsJsonState) {
  for (bool harness_first : {false, true}) {
    const std::string path = fresh_db(harness_first ? "schema13_harness_first" : "schema13_tuner");
    old_harness_database(path, 13, R"sql(
      INSERT INTO runs (id, kind, config, status, created_at) VALUES (1, 'tuner-pbil', '{}', 'stopped', 'then'),
                                                                    (2, 'tuner-spsa', '{}', 'stopped', 'then');
      INSERT INTO tuner_generations VALUES (1, 0, 0.75, 0.1, 0.2, '[0.25,0.5]', '0 0 1 2 |text');
      INSERT INTO tuner_generations VALUES (2, 0, 0.0, 0.3, 0.4, '[21.5,-3.25]', '2 21.5 -3.25 1');
      INSERT INTO tuner_generations VALUES (2, 1, 0.0, 0.3, 0.4, 'not json', 'old text');
    )sql");
    if (harness_first) {
      ASSERT_TRUE(harness::Database::open(path));
    }
    auto db = tuner::TunerDatabase::open(path);
    ASSERT_TRUE(db) << db.error();
    const auto pbil = (*db)->generations(1).value(), spsa = (*db)->generations(2).value();
    ASSERT_EQ(pbil.size(), 1u);
    ASSERT_EQ(spsa.size(), 2u);  // a row whose vector was not JSON still opens, with its old state kept
    EXPECT_EQ(nlohmann::json::parse(spsa[1].state), nlohmann::json::parse(R"({"saved": "old text"})"));
    EXPECT_EQ(nlohmann::json::parse(pbil[0].state),
              nlohmann::json::parse(R"({"probabilities": [0.25, 0.5], "entropy": 0.75, "saved": "0 0 1 2 |text"})"));
    EXPECT_EQ(nlohmann::json::parse(spsa[0].state),
              nlohmann::json::parse(R"({"theta": [21.5, -3.25], "saved": "2 21.5 -3.25 1"})"));
    EXPECT_EQ(spsa[0].best_fitness, 0.3);
    EXPECT_EQ(spsa[0].mean_fitness, 0.4);
    EXPECT_EQ(count(path, "SELECT count(*) FROM sqlite_master WHERE name='tuner_confirmations'"), 1) << harness_first;
  }
}

// A database of the last schema whose list made the tuner's tables keeps its rows, and no
// migration runs twice (an ALTER or CREATE run again would fail the open).
TEST(TunerDatabase, TheLastOldSchemaOpensWithItsRows) {
  const std::string path = fresh_db("schema17");
  old_harness_database(path, 17, R"sql(
    INSERT INTO runs (id, kind, config, status, created_at) VALUES (1, 'tuner-loop', '{}', 'stopped', 'then');
    INSERT INTO loop_steps VALUES (1, 1, 'datagen', NULL, 'done', '{}');
  )sql");
  ASSERT_TRUE(harness::Database::open(path));
  auto db = tuner::TunerDatabase::open(path);
  ASSERT_TRUE(db) << db.error();
  ASSERT_EQ((*db)->loop_steps(1).value().size(), 1u);
  EXPECT_EQ(count(path, "SELECT version FROM tuner_schema"), tuner::tuner_schema_target());
}

// Tuner tables of a newer tuner are refused by name, never written to.
TEST(TunerDatabase, ANewerTunerSchemaIsRefused) {
  const std::string path = fresh_db("tuner_future");
  ASSERT_TRUE(tuner::TunerDatabase::open(path));
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  exec(raw, "UPDATE tuner_schema SET version = " + std::to_string(tuner::tuner_schema_target() + 1));
  sqlite3_close(raw);
  auto db = tuner::TunerDatabase::open(path);
  ASSERT_FALSE(db);
  EXPECT_NE(db.error().find(path), std::string::npos) << db.error();
  EXPECT_NE(db.error().find("not ones this tuner writes"), std::string::npos) << db.error();
}

// The data a training run is pinned to reads back in the configuration's order; a run stored
// without it has none.
TEST(TunerDatabase, ARunsPinnedDataReadsBackInOrder) {
  auto db = tuner::TunerDatabase::open(fresh_db("tuner_run_data")).value();
  const std::int64_t pinned = db->create_run(harness::RunKind::TUNER_NNUE, "{}").value();
  const std::int64_t bare = db->create_run(harness::RunKind::TUNER_NNUE, "{}").value();
  ASSERT_TRUE(db->save_run_data(pinned, {{"b.txt", 12, "bb"}, {"a.bin", 3000000000, "aa"}}));
  const std::vector<tuner::RunDataRow> rows = db->run_data(pinned).value();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].path, "b.txt");
  EXPECT_EQ(rows[1].path, "a.bin");
  EXPECT_EQ(rows[1].bytes, 3000000000);
  EXPECT_EQ(rows[1].sha256, "aa");
  EXPECT_TRUE(db->run_data(bare).value().empty());
}

}  // namespace
