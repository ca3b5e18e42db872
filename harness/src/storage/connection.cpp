#include "storage/connection.h"

#include <sqlite3.h>

#include <unistd.h>

#include <filesystem>

#include "storage/migrations.h"
#include "storage/statement.h"

namespace harness {

namespace {

// How long a statement waits for another process's lock before it fails.
constexpr int LOCK_WAIT_MS = 5000;
// How often a wait for another process's lock looks again.
constexpr int LOCK_POLL_MS = 10;

// A connection that waits up to LOCK_WAIT_MS for another process's lock; the error names the file.
// SQLite is given the absolute path: URIs are on for the read-only ATTACH of a shard
// (game_import.cpp), and a path such as "file:x?mode=memory" must stay a file's name.
chess::Result<sqlite3*> open_handle(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  if (ec) return chess::Error{path + ": cannot open database: " + ec.message()};
  if (sqlite3_open_v2(absolute.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return chess::Error{path + ": cannot open database: " + msg};
  }
  sqlite3_busy_timeout(db, LOCK_WAIT_MS);
  return db;
}

chess::Result<bool> check_file(const std::string& path, Connection::Mode mode) {
  std::error_code ec;
  if (mode == Connection::Mode::CREATE) {
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    return true;
  }
  if (std::filesystem::is_regular_file(path, ec)) return true;
  if (mode == Connection::Mode::EXISTING)
    return chess::Error{path + ": no such database (give the --db that the run was written to)"};
  return chess::Error{path + ": no such database"};
}

// Why a database opened for writing cannot be written, or "": SQLite opens a file it cannot
// write read-only without a word, and later reports only "attempt to write a readonly database".
std::string unwritable_because(sqlite3* db, const std::string& path) {
  std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (folder.empty()) folder = ".";
  if (::access(folder.c_str(), W_OK) != 0)
    return path + ": the folder " + folder.string() + " is not writable (SQLite writes its journal beside the database)";
  if (sqlite3_db_readonly(db, "main") == 1) return path + ": the database file is not writable";
  return "";
}

}  // namespace

chess::Result<std::unique_ptr<Connection>> Connection::open(const std::string& path, Mode mode, std::function<bool()> give_up) {
  CHESS_RETURN_IF_ERROR(check_file(path, mode));
  const int flags = mode == Mode::READ_ONLY ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI;
  auto handle = open_handle(path, flags);
  CHESS_RETURN_IF_ERROR(handle);
  std::unique_ptr<Connection> c(new Connection(*handle, path));
  if (give_up && mode == Mode::READ_ONLY) c->give_up_when(std::move(give_up));
  if (mode != Mode::READ_ONLY)
    if (std::string why = unwritable_because(c->db_, path); !why.empty()) return chess::Error{why};
  try {
    if (mode == Mode::READ_ONLY) {
      c->checked_schema_version();
      Statement probe(c->db_, "SELECT count(*) FROM sqlite_master");
      probe.step();
      return c;
    }
    c->use_write_ahead_log();
    c->exec("PRAGMA synchronous=NORMAL");
    c->exec("PRAGMA foreign_keys=ON");
    c->migrate();
  } catch (const std::exception& e) {
    return chess::Error{path + ": " + e.what()};
  }
  return c;
}

Connection::~Connection() { sqlite3_close(db_); }

void Connection::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw StorageError("SQLite: " + msg);
  }
}

std::int64_t Connection::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }
int Connection::changes() const { return sqlite3_changes(db_); }

int Connection::schema_version() const {
  Statement s(db_, "PRAGMA user_version");
  s.step();
  return int(s.integer(0));
}

int Connection::checked_schema_version() const {
  const int version = schema_version();
  if (version > schema_target())
    throw StorageError("database schema version " + std::to_string(version) + " is newer than this harness (" +
                       std::to_string(schema_target()) + ")");
  if (version < 0)
    throw StorageError("database schema version " + std::to_string(version) +
                       " is not one any harness writes (0 to " + std::to_string(schema_target()) + ")");
  return version;
}

// Two processes that open a new database at once both ask for write-ahead logging. SQLite refuses
// the one that reads while the other holds the write lock at once, without its busy handler (a
// wait there could deadlock); that one asks again every LOCK_POLL_MS until LOCK_WAIT_MS has passed
// by the clock (each ask may itself wait for a lock), and then finds the mode the other has set.
void Connection::use_write_ahead_log() {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(LOCK_WAIT_MS);
  while (true) {
    const int rc = sqlite3_exec(db_, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK) return;
    if ((rc & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() >= deadline)
      throw StorageError(std::string("SQLite: ") + sqlite3_errmsg(db_));
    sqlite3_sleep(LOCK_POLL_MS);
  }
}

bool Connection::use_rollback_journal() {
  try {
    Statement s(db_, "PRAGMA journal_mode=DELETE");
    return s.step() && s.text(0) == "delete";
  } catch (const std::exception&) {
    return false;
  }
}

void Connection::give_up_when(std::function<bool()> give_up) {
  constexpr int STEPS_BETWEEN_ASKS = 4096;
  give_up_ = std::move(give_up);
  sqlite3_progress_handler(
      db_, STEPS_BETWEEN_ASKS, [](void* self) { return static_cast<Connection*>(self)->give_up_() ? 1 : 0; }, this);
  // Waiting for a lock (a shard's writer in rollback-journal mode holds readers off) is asked too:
  // the same LOCK_WAIT_MS by the clock, in steps of LOCK_POLL_MS, ended early by `give_up`.
  sqlite3_busy_handler(
      db_,
      [](void* self, int tries) {
        Connection& c = *static_cast<Connection*>(self);
        const auto now = std::chrono::steady_clock::now();
        if (tries == 0) c.lock_wait_began_ = now;
        if (c.give_up_() || now - c.lock_wait_began_ >= std::chrono::milliseconds(LOCK_WAIT_MS)) return 0;
        sqlite3_sleep(LOCK_POLL_MS);
        return 1;
      },
      this);
}

void Connection::rollback_if_open() {
  // SQLite has already rolled back after some errors (a full disk): keep the first error.
  if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void Connection::migrate() {
  const int target = schema_target();
  int version = checked_schema_version();
  while (version < target) {
    transaction([&] {
      // Another process may have migrated while this one waited for the lock: read again.
      version = checked_schema_version();
      if (version >= target) return;
      exec(migration(version));
      exec("PRAGMA user_version = " + std::to_string(++version));
    });
  }
}

}  // namespace harness
