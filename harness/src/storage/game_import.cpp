// Database::import_games and the other whole-run reads: a shard merge, a cluster run, a report.
#include <sqlite3.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "database.h"
#include "statement.h"

namespace harness {

namespace {

// An ATTACH path as an SQLite URI, read-only: the characters a URI gives meaning to escaped.
std::string readonly_uri(const std::string& path) {
  std::string uri = "file:";
  for (char c : path) {
    if (c == '%' || c == '?' || c == '#')
      uri += (c == '%' ? "%25" : c == '?' ? "%3f" : "%23");
    else
      uri += c;
  }
  return uri + "?mode=ro";
}

// The engine of a shard's game row as this database's engine id.
const char* const ENGINE_IN_MAIN =
    "(SELECT m.id FROM main.engines m JOIN shard.engines s ON m.name=s.name AND m.command=s.command AND m.args=s.args AND "
    "m.protocol=s.protocol AND m.options=s.options AND m.checksum=s.checksum WHERE s.id=g.%s_engine_id)";

std::string engine_in_main(const char* colour) {
  char buf[512];
  std::snprintf(buf, sizeof buf, ENGINE_IN_MAIN, colour);
  return buf;
}

}  // namespace

std::vector<ReportGame> Database::report_games(std::int64_t run_id) {
  Statement s(db_,
              "SELECT id, game_index, pair_index, white, black, result, termination, reason, opening_fen, opening_moves, plies, "
              "started_at, finished_at FROM games WHERE run_id=? ORDER BY game_index");
  s.bind(1, run_id);
  std::vector<ReportGame> out;
  while (s.step())
    out.push_back({s.integer(0), int(s.integer(1)), int(s.integer(2)), s.text(3), s.text(4), s.text(5), s.text(6), s.text(7),
                   s.text(8), s.text(9), int(s.integer(10)), s.text(11), s.text(12)});
  return out;
}

namespace {

std::vector<ReportMove> read_moves(Statement& s, bool text) {
  std::vector<ReportMove> out;
  while (s.step())
    out.push_back({s.integer(0), int(s.integer(1)), text ? s.text(2) : std::string(), text ? s.text(3) : std::string(),
                   s.integer(4), s.integer(5) != 0, int(s.integer(6)), int(s.integer(7)), int(s.integer(8)), s.integer(9)});
  return out;
}

const char* const MOVE_COLUMNS =
    "SELECT m.game_id, m.ply, m.uci, m.san, m.time_ms, m.score_cp IS NOT NULL, COALESCE(m.score_cp, 0), COALESCE(m.mate_in, 0), "
    "COALESCE(m.depth, 0), COALESCE(m.nodes, 0) FROM moves m ";

}  // namespace

std::vector<ReportMove> Database::report_moves(std::int64_t run_id, bool text) {
  Statement s(
      db_, (std::string(MOVE_COLUMNS) + "JOIN games g ON g.id=m.game_id WHERE g.run_id=? ORDER BY g.game_index, m.ply").c_str());
  s.bind(1, run_id);
  return read_moves(s, text);
}

std::vector<ReportMove> Database::report_moves_of_game(std::int64_t game_id) {
  Statement s(db_, (std::string(MOVE_COLUMNS) + "WHERE m.game_id=? ORDER BY m.ply").c_str());
  s.bind(1, game_id);
  return read_moves(s, true);
}

int Database::game_count(std::int64_t run_id) {
  Statement s(db_, "SELECT count(*) FROM games WHERE run_id=?");
  s.bind(1, run_id).step();
  return int(s.integer(0));
}

int Database::stored_rows(std::int64_t run_id) {
  Statement s(db_,
              "SELECT (SELECT count(*) FROM games WHERE run_id=?1) + (SELECT count(*) FROM perft_results WHERE run_id=?1) + "
              "(SELECT count(*) FROM epd_results WHERE run_id=?1)");
  s.bind(1, run_id).step();
  return int(s.integer(0));
}

std::vector<std::pair<int, std::string>> Database::game_results(std::int64_t run_id) {
  Statement s(db_, "SELECT game_index, result FROM games WHERE run_id=? ORDER BY game_index");
  s.bind(1, run_id);
  std::vector<std::pair<int, std::string>> out;
  while (s.step()) out.emplace_back(int(s.integer(0)), s.text(1));
  return out;
}

std::vector<std::pair<std::string, std::string>> Database::run_engines(std::int64_t run_id) {
  Statement s(db_,
              "SELECT DISTINCT e.name, e.checksum FROM games g JOIN engines e ON e.id IN (g.white_engine_id, g.black_engine_id) "
              "WHERE g.run_id=? ORDER BY e.name, e.checksum");
  s.bind(1, run_id);
  std::vector<std::pair<std::string, std::string>> out;
  while (s.step()) out.emplace_back(s.text(0), s.text(1));
  return out;
}

chess::Result<Database::ImportCount> Database::import_games(const std::string& from_path, std::int64_t from_run,
                                                            std::int64_t to_run, const std::vector<int>* only) {
  ImportCount count;
  try {
    Statement attach(db_, "ATTACH DATABASE ? AS shard");
    attach.bind(1, readonly_uri(from_path)).step();
  } catch (const std::exception& e) {
    return chess::Error{from_path + ": cannot attach: " + e.what()};
  }
  struct Detach {
    Database* db;
    ~Detach() {
      try {
        db->exec("DETACH DATABASE shard");
      } catch (...) {
      }
    }
  } detach{this};

  // The games to copy, into a temporary table; `one_game` restricts it to one shard row.
  auto copy = [&](std::int64_t one_game) {
    exec("BEGIN IMMEDIATE");
    try {
      exec("DROP TABLE IF EXISTS temp.import_games");
      std::string select =
          "CREATE TEMP TABLE import_games AS SELECT id AS shard_id, game_index FROM shard.games WHERE run_id=?1 AND "
          "game_index NOT IN (SELECT game_index FROM main.games WHERE run_id=?2)";
      if (only) select += " AND game_index IN (SELECT value FROM temp.import_only)";
      if (one_game) select += " AND id=?3";
      Statement pick(db_, select.c_str());
      pick.bind(1, from_run).bind(2, to_run);
      if (one_game) pick.bind(3, one_game);
      pick.step();
      exec(
          "INSERT OR IGNORE INTO main.engines (name, command, args, protocol, options, checksum) SELECT name, command, args, "
          "protocol, options, checksum FROM shard.engines");
      const std::string games =
          "INSERT INTO main.games (run_id, game_index, pair_index, white_engine_id, black_engine_id, white, black, "
          "opening_fen, opening_moves, result, termination, reason, plies, time_control, started_at, finished_at, pgn, "
          "white_stderr, black_stderr) SELECT ?1, g.game_index, g.pair_index, " +
          engine_in_main("white") + ", " + engine_in_main("black") +
          ", g.white, g.black, g.opening_fen, g.opening_moves, g.result, g.termination, g.reason, g.plies, g.time_control, "
          "g.started_at, g.finished_at, g.pgn, g.white_stderr, g.black_stderr FROM shard.games g JOIN temp.import_games i ON "
          "i.shard_id=g.id";
      Statement(db_, games.c_str()).bind(1, to_run).step();
      const int copied = sqlite3_changes(db_);
      Statement moves(db_,
                      "INSERT INTO main.moves (game_id, ply, uci, san, time_ms, score_cp, mate_in, depth, nodes, pv_mismatch) "
                      "SELECT mg.id, m.ply, m.uci, m.san, m.time_ms, m.score_cp, m.mate_in, m.depth, m.nodes, m.pv_mismatch "
                      "FROM temp.import_games i JOIN shard.moves m ON m.game_id=i.shard_id JOIN main.games mg ON "
                      "mg.run_id=?1 AND mg.game_index=i.game_index");
      moves.bind(1, to_run).step();
      exec("DROP TABLE temp.import_games");
      exec("COMMIT");
      return copied;
    } catch (...) {
      rollback_if_open();
      throw;
    }
  };

  try {
    if (Statement version(db_, "PRAGMA shard.user_version"); version.step() && version.integer(0) != schema_target())
      return chess::Error{from_path + ": written by a harness with database schema " + std::to_string(version.integer(0)) +
                          ", this one writes " + std::to_string(schema_target()) + "; merge with the harness that played it"};
    if (only) {
      exec("DROP TABLE IF EXISTS temp.import_only");
      exec("CREATE TEMP TABLE import_only (value INTEGER PRIMARY KEY)");
      Statement add(db_, "INSERT OR IGNORE INTO temp.import_only VALUES (?)");
      for (int index : *only) add.reset().bind(1, index).step();
    }
    int in_shard = 0;
    {  // DROP TABLE fails while any statement of the connection is pending: finish this one
      Statement total(db_, "SELECT count(*) FROM shard.games WHERE run_id=?");
      total.bind(1, from_run).step();
      in_shard = int(total.integer(0));
    }
    count.copied = copy(0);
    count.present = in_shard - count.copied;
  } catch (const std::exception&) {
    // A damaged file: copy game by game what can still be read.
    try {
      std::vector<std::int64_t> ids;
      Statement list(db_, "SELECT id FROM shard.games WHERE run_id=? ORDER BY game_index");
      list.bind(1, from_run);
      while (list.step()) ids.push_back(list.integer(0));
      for (std::int64_t id : ids) {
        try {
          count.copied += copy(id);
        } catch (const std::exception&) {
          ++count.unreadable;
        }
      }
    } catch (const std::exception& e) {
      if (count.copied == 0) return chess::Error{from_path + ": unreadable (" + e.what() + ")"};
      ++count.unreadable;
    }
  }
  return count;
}

void Database::save_cluster_job(const ClusterJobRow& job) {
  std::string ids;
  for (const std::string& id : job.job_ids) ids += (ids.empty() ? "" : " ") + id;
  Statement s(db_, "INSERT OR REPLACE INTO cluster_jobs (run_id, dir, shards, job_ids, counted) VALUES (?, ?, ?, ?, ?)");
  s.bind(1, job.run_id).bind(2, job.dir).bind(3, job.shards).bind(4, ids);
  job.decided ? s.bind(5, nlohmann::json(job.counted).dump()) : s.bind_null(5);
  s.step();
}

std::optional<ClusterJobRow> Database::cluster_job(std::int64_t run_id) {
  Statement s(db_, "SELECT dir, shards, job_ids, counted FROM cluster_jobs WHERE run_id=?");
  s.bind(1, run_id);
  if (!s.step()) return std::nullopt;
  ClusterJobRow row{run_id, s.text(0), int(s.integer(1)), {}, !s.is_null(3), {}};
  std::istringstream ids(s.text(2));
  for (std::string id; ids >> id;) row.job_ids.push_back(id);
  if (row.decided) row.counted = nlohmann::json::parse(s.text(3)).get<std::vector<int>>();
  return row;
}

}  // namespace harness
