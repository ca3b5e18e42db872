// RunStore::import_games: another database's run copied into this one (a shard merge, a
// cluster run), whole when the file reads, game by game when it is damaged.
#include <sqlite3.h>

#include <cstdio>

#include "storage/migrations.h"
#include "storage/run_store.h"
#include "storage/statement.h"

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
std::string engine_in_main(const char* colour) {
  char buf[512];
  std::snprintf(
      buf, sizeof buf,
      "(SELECT m.id FROM main.engines m JOIN shard.engines s ON m.name=s.name AND m.command=s.command AND "
      "m.args=s.args AND m.protocol=s.protocol AND m.options=s.options AND m.checksum=s.checksum WHERE s.id=g.%s_engine_id)",
      colour);
  return buf;
}

const std::string GAME_COLUMNS =
    "result, termination, reason, plies, time_control, started_at, finished_at, pgn, white_stderr, black_stderr, end_kind";

// Attached as "shard" while it lives.
class Attached {
 public:
  Attached(Connection& c, const std::string& path) : c_(c) {
    Statement(c, "ATTACH DATABASE ? AS shard").bind(1, readonly_uri(path)).step();
  }
  ~Attached() {
    try {
      c_.exec("DETACH DATABASE shard");
    } catch (...) {  // a destructor cannot report it; the next ATTACH would
    }
  }

 private:
  Connection& c_;
};

// The oldest schema whose games and moves hold every column a merge copies but the end's name
// (schema 8 added it; older games get theirs from their reason when read).
constexpr int OLDEST_MERGEABLE_SCHEMA = 7;

// The shard's schema version, when its games can be merged into this one's.
int check_schema(Connection& c) {
  Statement version(c, "PRAGMA shard.user_version");
  const int v = version.step() ? int(version.integer(0)) : 0;
  if (v < OLDEST_MERGEABLE_SCHEMA || v > schema_target())
    throw StorageError("written by a harness with database schema " + std::to_string(v) + ", this one writes " +
                       std::to_string(schema_target()) + "; merge with the harness that played it");
  return v;
}

void keep_only(Connection& c, const std::vector<int>& only) {
  c.exec("DROP TABLE IF EXISTS temp.import_only");
  c.exec("CREATE TEMP TABLE import_only (value INTEGER PRIMARY KEY)");
  Statement add(c, "INSERT OR IGNORE INTO temp.import_only VALUES (?)");
  for (int index : only) add.reset().bind(1, index).step();
}

int shard_game_count(Connection& c, std::int64_t from_run) {
  Statement total(c, "SELECT count(*) FROM shard.games WHERE run_id=?");
  total.bind(1, from_run).step();
  return int(total.integer(0));
}

}  // namespace

// The games to copy go into a temporary table first; `one_game` restricts it to one shard row.
int RunStore::copy_games(std::int64_t from_run, std::int64_t to_run, bool only, std::int64_t one_game, int schema) {
  const bool with_end = schema >= END_KIND_SCHEMA;
  const bool with_packed = schema >= PACKED_MOVES_SCHEMA;
  return c_.transaction([&] {
    c_.exec("DROP TABLE IF EXISTS temp.import_games");
    std::string select =
        "CREATE TEMP TABLE import_games AS SELECT id AS shard_id, game_index FROM shard.games WHERE run_id=?1 AND game_index NOT "
        "IN (SELECT game_index FROM main.games WHERE run_id=?2)";
    if (only) select += " AND game_index IN (SELECT value FROM temp.import_only)";
    if (one_game) select += " AND id=?3";
    Statement pick(c_, select);
    pick.bind(1, from_run).bind(2, to_run);
    if (one_game) pick.bind(3, one_game);
    pick.step();
    c_.exec(
        "INSERT OR IGNORE INTO main.engines (name, command, args, protocol, options, checksum) SELECT name, command, args, "
        "protocol, options, checksum FROM shard.engines");
    const std::string games =
        "INSERT INTO main.games (run_id, game_index, pair_index, white_engine_id, black_engine_id, white, black, opening_fen, "
        "opening_moves, " +
        GAME_COLUMNS + ", packed) SELECT ?1, g.game_index, g.pair_index, " + engine_in_main("white") + ", " + engine_in_main("black") +
        ", g.white, g.black, g.opening_fen, g.opening_moves, g.result, g.termination, g.reason, g.plies, g.time_control, "
        "g.started_at, g.finished_at, g.pgn, g.white_stderr, g.black_stderr, " +
        std::string(with_end ? "g.end_kind" : "NULL") + ", " + (with_packed ? "g.packed" : "NULL") +
        " FROM shard.games g JOIN temp.import_games i ON i.shard_id=g.id";
    Statement(c_, games).bind(1, to_run).step();
    const int copied = c_.changes();
    Statement(
        c_,
        "INSERT INTO main.moves (game_id, ply, uci, san, time_ms, score_cp, mate_in, depth, nodes, pv_mismatch) SELECT mg.id, "
        "m.ply, m.uci, m.san, m.time_ms, m.score_cp, m.mate_in, m.depth, m.nodes, m.pv_mismatch FROM temp.import_games i "
        "JOIN shard.moves m ON m.game_id=i.shard_id JOIN main.games mg ON mg.run_id=?1 AND mg.game_index=i.game_index")
        .bind(1, to_run)
        .step();
    if (schema >= MOVE_NOTES_SCHEMA)
      Statement(c_,
                "INSERT INTO main.move_notes (game_id, ply, kind, text) SELECT mg.id, n.ply, n.kind, n.text FROM "
                "temp.import_games i JOIN shard.move_notes n ON n.game_id=i.shard_id JOIN main.games mg ON mg.run_id=?1 AND "
                "mg.game_index=i.game_index ORDER BY n.rowid")
          .bind(1, to_run)
          .step();
    c_.exec("DROP TABLE temp.import_games");
    return copied;
  });
}

// A damaged file: copies game by game what can still be read.
ImportCount RunStore::copy_game_by_game(const std::string& from_path, std::int64_t from_run, std::int64_t to_run, bool only,
                                        int schema) {
  ImportCount count;
  try {
    std::vector<std::int64_t> ids;
    Statement list(c_, "SELECT id FROM shard.games WHERE run_id=? ORDER BY game_index");
    list.bind(1, from_run);
    while (list.step()) ids.push_back(list.integer(0));
    for (std::int64_t id : ids) {
      try {
        count.copied += copy_games(from_run, to_run, only, id, schema);
      } catch (const std::exception&) {
        ++count.unreadable;
      }
    }
  } catch (const std::exception& e) {
    if (count.copied == 0) throw StorageError(from_path + ": unreadable (" + e.what() + ")");
    ++count.unreadable;
  }
  return count;
}

chess::Result<ImportCount> RunStore::import_games(const std::string& from_path, std::int64_t from_run, std::int64_t to_run,
                                                  const std::vector<int>* only) {
  std::unique_ptr<Attached> attached;
  try {
    attached = std::make_unique<Attached>(c_, from_path);
  } catch (const std::exception& e) {
    return chess::Error{from_path + ": cannot attach: " + e.what()};
  }
  int schema = 0;
  try {
    schema = check_schema(c_);
  } catch (const std::exception& e) {
    return chess::Error{from_path + ": " + e.what()};
  }
  try {
    if (only) keep_only(c_, *only);
    const int in_shard = shard_game_count(c_, from_run);  // finished before DROP TABLE, which a pending statement blocks
    ImportCount count;
    count.copied = copy_games(from_run, to_run, only != nullptr, 0, schema);
    count.present = in_shard - count.copied;
    return count;
  } catch (const std::exception&) {
    try {
      return copy_game_by_game(from_path, from_run, to_run, only != nullptr, schema);
    } catch (const std::exception& e) {
      return chess::Error{e.what()};
    }
  }
}

}  // namespace harness
