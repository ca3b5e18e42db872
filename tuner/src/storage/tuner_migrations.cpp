#include "storage/tuner_migrations.h"

#include <iterator>
#include <string>

#include "storage/statement.h"

namespace tuner {

namespace {

// A migration of the tuner's tables; never edit one once released, add one.
struct TunerMigration {
  const char* sql;
  int harness_schema;  // the harness migration that ran it before the tuner had its own list (-1: none)
  const char* applied;  // on a database without tuner_schema: 1 when an older harness ran it
};

const TunerMigration MIGRATIONS[] = {
    {R"sql(
    CREATE TABLE tuner_generations (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      generation INTEGER NOT NULL,
      entropy REAL NOT NULL,
      best_fitness REAL NOT NULL,
      mean_fitness REAL NOT NULL,
      probabilities TEXT NOT NULL,
      state TEXT NOT NULL,
      PRIMARY KEY (run_id, generation));
    CREATE TABLE tuner_individuals (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      generation INTEGER NOT NULL,
      idx INTEGER NOT NULL,
      bits TEXT NOT NULL,
      weights TEXT NOT NULL,
      fitness REAL NOT NULL,
      PRIMARY KEY (run_id, generation, idx));
    )sql",
     2,
     "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='tuner_individuals'"},
    {R"sql(
    ALTER TABLE tuner_individuals ADD COLUMN match_run INTEGER REFERENCES runs(id);
    CREATE TABLE tuner_validations (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      generation INTEGER NOT NULL,
      match_run INTEGER NOT NULL REFERENCES runs(id),
      elo REAL,        -- NULL when not finite (every game won or lost)
      elo_error REAL,  -- NULL when not finite
      PRIMARY KEY (run_id, generation));
    )sql",
     3,
     "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='tuner_validations'"},
    {R"sql(
    CREATE TABLE tuner_heldout (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      generation INTEGER NOT NULL,
      error REAL NOT NULL,
      PRIMARY KEY (run_id, generation));
    )sql",
     6,
     "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='tuner_heldout'"},
    {R"sql(
    CREATE TABLE tuner_results (
      run_id INTEGER PRIMARY KEY REFERENCES runs(id),
      generation INTEGER NOT NULL,  -- 0-based; -1: the start values were kept
      tuned_values TEXT NOT NULL,   -- JSON object name -> value, as written
      path TEXT NOT NULL);          -- the file written
    )sql",
     8,
     "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='tuner_results'"},
    {R"sql(
    -- A tuner step's state becomes one JSON object of the method's own keys: PBIL's vector was
    -- in a column named for it ('probabilities') that held SPSA's and gradient descent's theta
    -- too, and PBIL's entropy had a column of its own. The old text state is kept as "saved".
    CREATE TABLE tuner_steps (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      generation INTEGER NOT NULL,
      best_fitness REAL NOT NULL,
      mean_fitness REAL NOT NULL,
      state TEXT NOT NULL,  -- JSON object: the method's state after the step
      PRIMARY KEY (run_id, generation));
    INSERT INTO tuner_steps
      SELECT g.run_id, g.generation, g.best_fitness, g.mean_fitness,
             CASE WHEN NOT json_valid(g.probabilities) THEN json_object('saved', g.state)  -- resumes nowhere, opens
                  WHEN r.kind = 'tuner-pbil'
                  THEN json_object('probabilities', json(g.probabilities), 'entropy', g.entropy, 'saved', g.state)
                  ELSE json_object('theta', json(g.probabilities), 'saved', g.state) END
      FROM tuner_generations g LEFT JOIN runs r ON r.id = g.run_id;
    DROP TABLE tuner_generations;
    ALTER TABLE tuner_steps RENAME TO tuner_generations;
    )sql",
     13,
     "SELECT count(*) = 0 FROM pragma_table_info('tuner_generations') WHERE name='probabilities'"},
    {R"sql(
    CREATE TABLE loop_steps (
      loop_run INTEGER NOT NULL REFERENCES runs(id),  -- a run of kind tuner-loop
      generation INTEGER NOT NULL,
      step TEXT NOT NULL,                  -- datagen, export, train, gate, measure
      run_id INTEGER REFERENCES runs(id),  -- the run the step played or trained, if it has one
      status TEXT NOT NULL,                -- running, done
      detail TEXT NOT NULL,                -- JSON object: what the step found
      PRIMARY KEY (loop_run, generation, step));
    )sql",
     14,
     "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='loop_steps'"},
    {R"sql(
    -- tuner --confirm: the tuned values against the start at each time control asked for.
    CREATE TABLE tuner_confirmations (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      label TEXT NOT NULL,  -- stc, ltc
      tc TEXT NOT NULL,
      match_run INTEGER NOT NULL REFERENCES runs(id),
      elo REAL,             -- NULL when not finite
      elo_error REAL,       -- NULL when not finite
      verdict TEXT NOT NULL,  -- H1, H0, undecided; empty without an SPRT
      PRIMARY KEY (run_id, label));
    )sql",
     16,
     "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='tuner_confirmations'"},
    {R"sql(
    -- tuner nnue: the data files a training run read when it began, each hashed as it was read,
    -- so that a resume on data that changed since is refused, naming the file.
    CREATE TABLE tuner_run_data (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      idx INTEGER NOT NULL,  -- 0-based, in the order of the configuration's 'data'
      path TEXT NOT NULL,    -- as the configuration names it
      bytes INTEGER NOT NULL,
      sha256 TEXT NOT NULL,
      PRIMARY KEY (run_id, idx));
    )sql",
     -1,
     "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='tuner_run_data'"},
};

int target_version() { return int(std::size(MIGRATIONS)); }

int integer(harness::Connection& c, const std::string& sql) {
  harness::Statement s(c, sql);
  return s.step() ? int(s.integer(0)) : 0;
}

// The version of a database that has no tuner_schema row: those of the migrations an older
// harness ran, which are always the first ones, in order.
int legacy_version(harness::Connection& c) {
  int version = 0;
  while (version < target_version() && integer(c, MIGRATIONS[version].applied) == 1) ++version;
  return version;
}

int stored_version(harness::Connection& c) {
  c.exec("CREATE TABLE IF NOT EXISTS tuner_schema (version INTEGER NOT NULL)");
  harness::Statement s(c, "SELECT version FROM tuner_schema");
  return s.step() ? int(s.integer(0)) : legacy_version(c);
}

bool up_to_date(harness::Connection& c) {
  return integer(c, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='tuner_schema'") == 1 &&
         integer(c, "SELECT max(version) FROM tuner_schema") == target_version();
}

}  // namespace

int tuner_schema_target() { return target_version(); }

const char* tuner_migration(int version) { return MIGRATIONS[version].sql; }

int tuner_migration_harness_schema(int version) { return MIGRATIONS[version].harness_schema; }

chess::Result<bool> migrate_tuner_tables(harness::Connection& c) {
  return harness::guarded(c, [&] {
    if (up_to_date(c)) return true;  // no write lock taken for nothing
    c.transaction([&] {
      const int version = stored_version(c);
      if (version > target_version() || version < 0)
        throw harness::StorageError("tuner tables of schema " + std::to_string(version) +
                                    " are not ones this tuner writes (0 to " + std::to_string(target_version()) + ")");
      for (int v = version; v < target_version(); ++v) c.exec(MIGRATIONS[v].sql);
      c.exec("DELETE FROM tuner_schema; INSERT INTO tuner_schema VALUES (" + std::to_string(target_version()) + ")");
    });
    return true;
  });
}

}  // namespace tuner
