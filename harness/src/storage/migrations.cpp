#include "storage/migrations.h"

#include <iterator>
#include <stdexcept>
#include <string>

namespace harness {

namespace {

// Each entry moves the schema one version up; never edit an entry once released. The entries
// that made the tuner's tables (2, 3, 6, 8, 13, 14 and 16) moved, as they were, to the tuner's
// own numbered list (tuner/src/storage/tuner_migrations.cpp): here they do nothing, and an older
// database that has their tables is recognised there.
const char* const MIGRATIONS[] = {
    R"sql(
    CREATE TABLE engines (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      command TEXT NOT NULL,
      args TEXT NOT NULL,
      protocol TEXT NOT NULL,
      options TEXT NOT NULL,
      checksum TEXT NOT NULL,
      UNIQUE (name, command, args, protocol, options, checksum));
    CREATE TABLE runs (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      created_at TEXT NOT NULL,
      finished_at TEXT,
      status TEXT NOT NULL,
      config TEXT NOT NULL,
      summary TEXT NOT NULL DEFAULT '');
    CREATE TABLE games (
      id INTEGER PRIMARY KEY,
      run_id INTEGER NOT NULL REFERENCES runs(id),
      game_index INTEGER NOT NULL,
      pair_index INTEGER NOT NULL,
      white_engine_id INTEGER REFERENCES engines(id),
      black_engine_id INTEGER REFERENCES engines(id),
      white TEXT NOT NULL,
      black TEXT NOT NULL,
      opening_fen TEXT NOT NULL,
      opening_moves TEXT NOT NULL,
      result TEXT NOT NULL,
      termination TEXT NOT NULL,
      reason TEXT NOT NULL,
      plies INTEGER NOT NULL,
      time_control TEXT NOT NULL,
      started_at TEXT NOT NULL,
      finished_at TEXT NOT NULL,
      pgn TEXT NOT NULL,
      white_stderr TEXT NOT NULL,
      black_stderr TEXT NOT NULL,
      UNIQUE (run_id, game_index));
    CREATE TABLE moves (
      game_id INTEGER NOT NULL REFERENCES games(id),
      ply INTEGER NOT NULL,
      uci TEXT NOT NULL,
      san TEXT NOT NULL,
      time_ms INTEGER NOT NULL,
      score_cp INTEGER,
      mate_in INTEGER,
      depth INTEGER,
      nodes INTEGER,
      PRIMARY KEY (game_id, ply));
    CREATE INDEX games_by_run ON games(run_id, game_index);
    )sql",
    R"sql(
    CREATE TABLE perft_results (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      line INTEGER NOT NULL,
      position_id TEXT NOT NULL,
      fen TEXT NOT NULL,
      depth INTEGER NOT NULL,
      expected INTEGER NOT NULL,
      got INTEGER NOT NULL,
      seconds REAL NOT NULL,
      passed INTEGER NOT NULL,
      error TEXT NOT NULL,
      bug TEXT NOT NULL,
      PRIMARY KEY (run_id, line, depth));
    CREATE TABLE epd_results (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      line INTEGER NOT NULL,
      position_id TEXT NOT NULL,
      fen TEXT NOT NULL,
      move TEXT NOT NULL,
      solved INTEGER NOT NULL,
      points INTEGER NOT NULL,
      max_points INTEGER NOT NULL,
      found_time_ms INTEGER NOT NULL,
      found_depth INTEGER NOT NULL,
      PRIMARY KEY (run_id, line));
    )sql",
    R"sql(
    -- the tuner's tables: tuner/src/storage/tuner_migrations.cpp
    )sql",
    R"sql(
    -- the tuner's tables: tuner/src/storage/tuner_migrations.cpp
    )sql",
    R"sql(
    ALTER TABLE moves ADD COLUMN pv_mismatch INTEGER NOT NULL DEFAULT 0;
    )sql",
    R"sql(
    CREATE TABLE cluster_jobs (
      run_id INTEGER PRIMARY KEY REFERENCES runs(id),
      dir TEXT NOT NULL,
      shards INTEGER NOT NULL,
      job_ids TEXT NOT NULL DEFAULT '',
      counted TEXT);
    )sql",
    R"sql(
    -- the tuner's tables: tuner/src/storage/tuner_migrations.cpp
    )sql",
    R"sql(
    ALTER TABLE games ADD COLUMN end_kind TEXT;  -- record/termination.h's name; NULL in games stored before
    )sql",
    R"sql(
    -- the tuner's tables: tuner/src/storage/tuner_migrations.cpp
    )sql",
    R"sql(
    CREATE TABLE bisect_steps (
      bisect_run INTEGER NOT NULL REFERENCES runs(id),
      step INTEGER NOT NULL,
      commit_sha TEXT NOT NULL,
      verdict TEXT NOT NULL,            -- good, bad, undecided, or '' while the step is played
      run_id INTEGER REFERENCES runs(id),  -- the run that decided it
      detail TEXT NOT NULL,
      PRIMARY KEY (bisect_run, step));
    )sql",
    R"sql(
    ALTER TABLE games ADD COLUMN packed BLOB;  -- record/packed_moves.h: a datagen game's moves, instead of rows in moves
    )sql",
    R"sql(
    -- What an engine said with a move that is kept: kind 'line' (a match_lines pattern's line),
    -- or a PV fault's name (record/pv_warning.h) with the warning's text.
    CREATE TABLE move_notes (
      game_id INTEGER NOT NULL REFERENCES games(id),
      ply INTEGER NOT NULL,
      kind TEXT NOT NULL,
      text TEXT NOT NULL);
    CREATE INDEX move_notes_by_game ON move_notes(game_id, ply);
    )sql",
    R"sql(
    -- The process playing a run (process/process_identity.h), so that a second one does not
    -- play the same games: a row whose process has ended is taken over.
    CREATE TABLE run_players (
      run_id INTEGER PRIMARY KEY REFERENCES runs(id),
      pid INTEGER NOT NULL,
      start TEXT NOT NULL,
      host TEXT NOT NULL,
      since TEXT NOT NULL);
    )sql",
    R"sql(
    -- the tuner's tables: tuner/src/storage/tuner_migrations.cpp
    )sql",
    R"sql(
    -- the tuner's tables: tuner/src/storage/tuner_migrations.cpp
    )sql",
    R"sql(
    -- --params-file: the option values each side played the game with, as JSON
    -- {"white": {"NAME": "VALUE", ...}, "black": {...}}; NULL without a parameters file.
    ALTER TABLE games ADD COLUMN params TEXT;
    )sql",
    R"sql(
    -- the tuner's tables: tuner/src/storage/tuner_migrations.cpp
    )sql",
    R"sql(
    -- --events: the game_end line of a game stored while its session had an event stream and
    -- not written yet. Stored with its game in one transaction and deleted once written, so
    -- that a resume writes what a killed session, or a reader given up, left owed (docs/15).
    CREATE TABLE owed_events (
      game_id INTEGER PRIMARY KEY REFERENCES games(id),
      run_id INTEGER NOT NULL REFERENCES runs(id),
      game_index INTEGER NOT NULL,
      line TEXT NOT NULL);
    CREATE INDEX owed_events_by_run ON owed_events(run_id, game_index);
    )sql",
};

}  // namespace

int schema_target() { return int(std::size(MIGRATIONS)); }

const char* migration(int version) {
  if (version < 0 || version >= schema_target()) throw std::out_of_range("no migration from schema " + std::to_string(version));
  return MIGRATIONS[version];
}

}  // namespace harness
