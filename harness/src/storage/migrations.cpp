#include "storage/migrations.h"

#include <iterator>
#include <stdexcept>
#include <string>

namespace harness {

namespace {

// Each entry moves the schema one version up; never edit an entry once released.
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
    R"sql(
    ALTER TABLE tuner_individuals ADD COLUMN match_run INTEGER REFERENCES runs(id);
    CREATE TABLE tuner_validations (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      generation INTEGER NOT NULL,
      match_run INTEGER NOT NULL REFERENCES runs(id),
      elo REAL,        -- NULL when not finite (every game won or lost)
      elo_error REAL,  -- NULL when not finite
      PRIMARY KEY (run_id, generation));
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
    CREATE TABLE tuner_heldout (
      run_id INTEGER NOT NULL REFERENCES runs(id),
      generation INTEGER NOT NULL,
      error REAL NOT NULL,
      PRIMARY KEY (run_id, generation));
    )sql",
    R"sql(
    ALTER TABLE games ADD COLUMN end_kind TEXT;  -- record/termination.h's name; NULL in games stored before
    )sql",
    R"sql(
    CREATE TABLE tuner_results (
      run_id INTEGER PRIMARY KEY REFERENCES runs(id),
      generation INTEGER NOT NULL,  -- 0-based; -1: the start values were kept
      tuned_values TEXT NOT NULL,   -- JSON object name -> value, as written
      path TEXT NOT NULL);          -- the file written
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
    R"sql(
    CREATE TABLE loop_steps (
      loop_run INTEGER NOT NULL REFERENCES runs(id),  -- a run of kind tuner-loop
      generation INTEGER NOT NULL,
      step TEXT NOT NULL,                  -- datagen, export, train, gate, measure
      run_id INTEGER REFERENCES runs(id),  -- the run the step played or trained, if it has one
      status TEXT NOT NULL,                -- running, done
      detail TEXT NOT NULL,                -- JSON object: what the step found
      PRIMARY KEY (loop_run, generation, step));
    )sql",
    R"sql(
    -- --params-file: the option values each side played the game with, as JSON
    -- {"white": {"NAME": "VALUE", ...}, "black": {...}}; NULL without a parameters file.
    ALTER TABLE games ADD COLUMN params TEXT;
    )sql",
    R"sql(
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
};

}  // namespace

int schema_target() { return int(std::size(MIGRATIONS)); }

const char* migration(int version) {
  if (version < 0 || version >= schema_target()) throw std::out_of_range("no migration from schema " + std::to_string(version));
  return MIGRATIONS[version];
}

}  // namespace harness
