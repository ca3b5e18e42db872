#include "database.h"

#include <sqlite3.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "match/game_runner.h"
#include "statement.h"

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
};

}  // namespace

int schema_target() { return int(std::size(MIGRATIONS)); }

namespace {

std::string joined(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

}  // namespace

namespace {

// A connection that waits up to 5 s for another process's lock; the error names the file.
chess::Result<sqlite3*> open_connection(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return chess::Error{path + ": cannot open database: " + msg};
  }
  sqlite3_busy_timeout(db, 5000);
  return db;
}

}  // namespace

chess::Result<std::unique_ptr<Database>> Database::open(const std::string& path) {
  std::error_code ec;
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  auto opened = open_connection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI);
  if (!opened) return chess::Error{opened.error()};
  std::unique_ptr<Database> d(new Database(*opened, path));
  try {
    d->exec("PRAGMA journal_mode=WAL");
    d->exec("PRAGMA synchronous=NORMAL");
    d->exec("PRAGMA foreign_keys=ON");
    std::string err = d->migrate();
    if (!err.empty()) return chess::Error{path + ": " + err};
  } catch (const std::exception& e) {
    return chess::Error{path + ": " + e.what()};
  }
  return d;
}

chess::Result<std::unique_ptr<Database>> Database::open_existing(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    return chess::Error{path + ": no such database (give the --db that the run was written to)"};
  return open(path);
}

chess::Result<std::unique_ptr<Database>> Database::open_readonly(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return chess::Error{path + ": no such database"};
  auto opened = open_connection(path, SQLITE_OPEN_READONLY);
  if (!opened) return chess::Error{opened.error()};
  sqlite3* db = *opened;
  std::unique_ptr<Database> d(new Database(db, path));
  try {
    const int version = d->schema_version();
    if (version > schema_target())
      return chess::Error{path + ": database schema version " + std::to_string(version) + " is newer than this harness"};
    Statement probe(db, "SELECT count(*) FROM sqlite_master");
    probe.step();
  } catch (const std::exception& e) {
    return chess::Error{path + ": " + e.what()};
  }
  return d;
}

bool Database::use_rollback_journal() {
  try {
    Statement s(db_, "PRAGMA journal_mode=DELETE");
    return s.step() && s.text(0) == "delete";
  } catch (const std::exception&) {
    return false;
  }
}

Database::~Database() { sqlite3_close(db_); }

void Database::rollback_if_open() {
  // SQLite has already rolled back after some errors (a full disk): keep the first error.
  if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void Database::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw std::runtime_error("SQLite: " + msg);
  }
}

int Database::schema_version() const {
  Statement s(db_, "PRAGMA user_version");
  s.step();
  return int(s.integer(0));
}

std::string Database::migrate() {
  const int target = schema_target();
  int version = schema_version();
  if (version > target)
    return "database schema version " + std::to_string(version) + " is newer than this harness (" + std::to_string(target) + ")";
  while (version < target) {
    exec("BEGIN IMMEDIATE");
    try {
      // Another process may have migrated while this one waited for the lock: read again.
      version = schema_version();
      if (version >= target) {
        exec("COMMIT");
        break;
      }
      exec(MIGRATIONS[version]);
      exec("PRAGMA user_version = " + std::to_string(++version));
      exec("COMMIT");
    } catch (...) {
      rollback_if_open();
      throw;
    }
  }
  return {};
}

std::int64_t Database::engine_id(const EngineConfig& e) {
  std::vector<std::string> opts;
  for (const auto& [k, v] : e.options) opts.push_back(k + "=" + v);
  std::string args = joined(e.args, " "), options = joined(opts, " "), protocol = protocol_name(e.protocol);
  std::string checksum = file_checksum(e.command);
  Statement insert(db_,
                   "INSERT OR IGNORE INTO engines (name, command, args, protocol, options, checksum) VALUES (?, ?, ?, ?, ?, ?)");
  insert.bind(1, e.name).bind(2, e.command).bind(3, args).bind(4, protocol).bind(5, options).bind(6, checksum).step();
  Statement find(db_, "SELECT id FROM engines WHERE name=? AND command=? AND args=? AND protocol=? AND options=? AND checksum=?");
  find.bind(1, e.name).bind(2, e.command).bind(3, args).bind(4, protocol).bind(5, options).bind(6, checksum);
  return find.step() ? find.integer(0) : 0;
}

std::int64_t Database::create_run(const std::string& kind, const std::string& config_json) {
  Statement s(db_, "INSERT INTO runs (kind, created_at, status, config) VALUES (?, ?, 'running', ?)");
  s.bind(1, kind).bind(2, utc_timestamp()).bind(3, config_json).step();
  return sqlite3_last_insert_rowid(db_);
}

void Database::update_run(std::int64_t run_id, const std::string& status, const std::string& summary) {
  Statement s(db_, "UPDATE runs SET status=?, summary=?, finished_at=CASE WHEN ?='running' THEN NULL ELSE ? END WHERE id=?");
  s.bind(1, status).bind(2, summary).bind(3, status).bind(4, utc_timestamp()).bind(5, run_id).step();
}

std::optional<RunRow> Database::run(std::int64_t run_id) {
  Statement s(db_, "SELECT id, kind, created_at, COALESCE(finished_at, ''), status, config, summary FROM runs WHERE id=?");
  s.bind(1, run_id);
  if (!s.step()) return std::nullopt;
  return RunRow{s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), s.text(6)};
}

std::vector<RunRow> Database::runs() {
  Statement s(db_, "SELECT id, kind, created_at, COALESCE(finished_at, ''), status, config, summary FROM runs ORDER BY id");
  std::vector<RunRow> out;
  while (s.step()) out.push_back({s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), s.text(6)});
  return out;
}

std::int64_t Database::save_game(std::int64_t run_id, const GameRecord& g, std::int64_t white_id, std::int64_t black_id) {
  exec("BEGIN IMMEDIATE");
  try {
    Statement s(db_,
                "INSERT INTO games (run_id, game_index, pair_index, white_engine_id, black_engine_id, white, black, opening_fen, "
                "opening_moves, "
                "result, termination, reason, plies, time_control, started_at, finished_at, pgn, white_stderr, black_stderr) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, run_id).bind(2, g.game_index).bind(3, g.pair_index);
    white_id ? s.bind(4, white_id) : s.bind_null(4);
    black_id ? s.bind(5, black_id) : s.bind_null(5);
    s.bind(6, g.white).bind(7, g.black).bind(8, g.opening.fen).bind(9, joined(g.opening.moves, " "));
    s.bind(10, std::string(chess::result_string(g.result))).bind(11, g.termination).bind(12, g.reason);
    s.bind(13, std::int64_t(g.opening.moves.size() + g.moves.size()))
        .bind(14, g.time_control)
        .bind(15, g.started_at)
        .bind(16, g.finished_at);
    s.bind(17, g.pgn).bind(18, g.white_stderr).bind(19, g.black_stderr).step();
    std::int64_t game_id = sqlite3_last_insert_rowid(db_);
    Statement m(db_,
                "INSERT INTO moves (game_id, ply, uci, san, time_ms, score_cp, mate_in, depth, nodes, pv_mismatch) VALUES (?, ?, "
                "?, ?, ?, ?, ?, ?, ?, ?)");
    int ply = int(g.opening.moves.size());
    for (const MoveRecord& mv : g.moves) {
      Statement& row = m.reset();
      row.bind(1, game_id).bind(2, ++ply).bind(3, mv.uci).bind(4, mv.san).bind(5, mv.time_ms);
      mv.has_score ? row.bind(6, std::int64_t(mv.score_cp)) : row.bind_null(6);
      mv.has_score ? row.bind(7, std::int64_t(mv.mate_in)) : row.bind_null(7);
      row.bind(8, std::int64_t(mv.depth)).bind(9, std::int64_t(mv.nodes)).bind(10, int(mv.pv_mismatch)).step();
    }
    exec("COMMIT");
    return game_id;
  } catch (...) {
    rollback_if_open();
    throw;
  }
}

std::vector<StoredGame> Database::games(std::int64_t run_id) {
  Statement s(db_,
              "SELECT id, game_index, opening_fen, opening_moves, white, black, result, termination, reason, plies, pgn FROM "
              "games WHERE run_id=? "
              "ORDER BY game_index");
  s.bind(1, run_id);
  std::vector<StoredGame> out;
  while (s.step()) {
    std::vector<std::string> opening;
    std::istringstream moves(s.text(3));
    for (std::string m; moves >> m;) opening.push_back(m);
    out.push_back({s.integer(0), int(s.integer(1)), s.text(2), opening, s.text(4), s.text(5), s.text(6), s.text(7), s.text(8),
                   int(s.integer(9)), s.text(10)});
  }
  return out;
}

std::vector<std::string> Database::game_moves(std::int64_t game_id) {
  Statement s(db_, "SELECT uci FROM moves WHERE game_id=? ORDER BY ply");
  s.bind(1, game_id);
  std::vector<std::string> out;
  while (s.step()) out.push_back(s.text(0));
  return out;
}

void Database::save_perft_result(std::int64_t run_id, const PerftResultRow& r) {
  Statement s(
      db_,
      "INSERT OR REPLACE INTO perft_results (run_id, line, position_id, fen, depth, expected, got, seconds, passed, error, bug) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  s.bind(1, run_id).bind(2, r.line).bind(3, r.position_id).bind(4, r.fen).bind(5, r.depth).bind(6, std::int64_t(r.expected));
  s.bind(7, std::int64_t(r.got)).bind_real(8, r.seconds).bind(9, std::int64_t(r.passed)).bind(10, r.error).bind(11, r.bug).step();
}

std::vector<PerftResultRow> Database::perft_results(std::int64_t run_id) {
  Statement s(db_,
              "SELECT line, position_id, fen, depth, expected, got, seconds, passed, error, bug FROM perft_results WHERE "
              "run_id=? ORDER BY line, depth");
  s.bind(1, run_id);
  std::vector<PerftResultRow> out;
  while (s.step())
    out.push_back({int(s.integer(0)), s.text(1), s.text(2), int(s.integer(3)), std::uint64_t(s.integer(4)),
                   std::uint64_t(s.integer(5)), s.real(6), s.integer(7) != 0, s.text(8), s.text(9)});
  return out;
}

void Database::save_epd_result(std::int64_t run_id, const EpdResultRow& r) {
  Statement s(db_,
              "INSERT OR REPLACE INTO epd_results (run_id, line, position_id, fen, move, solved, points, max_points, "
              "found_time_ms, found_depth) "
              "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  s.bind(1, run_id)
      .bind(2, r.line)
      .bind(3, r.position_id)
      .bind(4, r.fen)
      .bind(5, r.move)
      .bind(6, std::int64_t(r.solved))
      .bind(7, r.points);
  s.bind(8, r.max_points).bind(9, r.found_time_ms).bind(10, r.found_depth).step();
}

std::vector<EpdResultRow> Database::epd_results(std::int64_t run_id) {
  Statement s(db_,
              "SELECT line, position_id, fen, move, solved, points, max_points, found_time_ms, found_depth FROM epd_results "
              "WHERE run_id=? ORDER BY "
              "line");
  s.bind(1, run_id);
  std::vector<EpdResultRow> out;
  while (s.step())
    out.push_back({int(s.integer(0)), s.text(1), s.text(2), s.text(3), s.integer(4) != 0, int(s.integer(5)), int(s.integer(6)),
                   s.integer(7), int(s.integer(8))});
  return out;
}

void Database::save_generation(std::int64_t run_id, const GenerationRow& g, const std::vector<IndividualRow>& individuals) {
  exec("BEGIN IMMEDIATE");
  try {
    Statement s(db_,
                "INSERT INTO tuner_generations (run_id, generation, entropy, best_fitness, mean_fitness, probabilities, state) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, run_id).bind(2, g.generation).bind_real(3, g.entropy).bind_real(4, g.best_fitness).bind_real(5, g.mean_fitness);
    s.bind(6, g.probabilities).bind(7, g.state).step();
    Statement ind(
        db_,
        "INSERT INTO tuner_individuals (run_id, generation, idx, bits, weights, fitness, match_run) VALUES (?, ?, ?, ?, ?, ?, "
        "?)");
    for (const IndividualRow& i : individuals) {
      ind.reset()
          .bind(1, run_id)
          .bind(2, g.generation)
          .bind(3, i.index)
          .bind(4, i.bits)
          .bind(5, i.weights)
          .bind_real(6, i.fitness);
      if (i.match_run)
        ind.bind(7, i.match_run);
      else
        ind.bind_null(7);
      ind.step();
    }
    exec("COMMIT");
  } catch (...) {
    rollback_if_open();
    throw;
  }
}

std::vector<GenerationRow> Database::generations(std::int64_t run_id) {
  Statement s(db_,
              "SELECT generation, entropy, best_fitness, mean_fitness, probabilities, state FROM tuner_generations WHERE "
              "run_id=? ORDER BY generation");
  s.bind(1, run_id);
  std::vector<GenerationRow> out;
  while (s.step()) out.push_back({int(s.integer(0)), s.real(1), s.real(2), s.real(3), s.text(4), s.text(5)});
  return out;
}

std::optional<GenerationRow> Database::generation(std::int64_t run_id, int generation) {
  Statement s(db_,
              "SELECT generation, entropy, best_fitness, mean_fitness, probabilities, state FROM tuner_generations WHERE "
              "run_id=? AND generation=?");
  s.bind(1, run_id).bind(2, generation);
  if (!s.step()) return std::nullopt;
  return GenerationRow{int(s.integer(0)), s.real(1), s.real(2), s.real(3), s.text(4), s.text(5)};
}

void Database::save_heldout(std::int64_t run_id, int generation, double error) {
  Statement s(db_, "INSERT OR REPLACE INTO tuner_heldout (run_id, generation, error) VALUES (?, ?, ?)");
  s.bind(1, run_id).bind(2, generation).bind_real(3, error).step();
}

std::vector<std::pair<int, double>> Database::heldout_errors(std::int64_t run_id) {
  Statement s(db_, "SELECT generation, error FROM tuner_heldout WHERE run_id=? ORDER BY generation");
  s.bind(1, run_id);
  std::vector<std::pair<int, double>> out;
  while (s.step()) out.emplace_back(int(s.integer(0)), s.real(1));
  return out;
}

std::vector<IndividualRow> Database::individuals(std::int64_t run_id, int generation) {
  Statement s(db_,
              "SELECT idx, bits, weights, fitness, COALESCE(match_run, 0) FROM tuner_individuals WHERE run_id=? AND "
              "generation=? ORDER BY idx");
  s.bind(1, run_id).bind(2, generation);
  std::vector<IndividualRow> out;
  while (s.step()) out.push_back({int(s.integer(0)), s.text(1), s.text(2), s.real(3), s.integer(4)});
  return out;
}

void Database::save_validation(std::int64_t run_id, const ValidationRow& v) {
  Statement s(db_,
              "INSERT OR REPLACE INTO tuner_validations (run_id, generation, match_run, elo, elo_error) VALUES (?, ?, ?, ?, ?)");
  s.bind(1, run_id).bind(2, v.generation).bind(3, v.match_run);
  std::isfinite(v.elo) ? s.bind_real(4, v.elo) : s.bind_null(4);
  std::isfinite(v.elo_error) ? s.bind_real(5, v.elo_error) : s.bind_null(5);
  s.step();
}

std::vector<ValidationRow> Database::validations(std::int64_t run_id) {
  Statement s(db_, "SELECT generation, match_run, elo, elo_error FROM tuner_validations WHERE run_id=? ORDER BY generation");
  s.bind(1, run_id);
  std::vector<ValidationRow> out;
  const double unknown = std::numeric_limits<double>::infinity();
  while (s.step())
    out.push_back({int(s.integer(0)), s.integer(1), s.is_null(2) ? std::nan("") : s.real(2), s.is_null(3) ? unknown : s.real(3)});
  return out;
}

}  // namespace harness
