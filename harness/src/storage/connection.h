// Connection: the one SQLite connection of a database file, under every store. It opens
// (creating, migrating, or read-only), runs SQL, and holds the one transaction helper. Private
// to storage/, the only folder that talks to SQLite.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/result.h"

struct sqlite3;

namespace harness {

// What SQLite's failures are inside storage/: thrown by Statement and Connection, and turned
// into an error value at each store's public functions (the documented boundary).
struct StorageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Connection {
 public:
  enum class Mode { CREATE, EXISTING, READ_ONLY };
  // Opens the file; CREATE and EXISTING migrate it to schema_target(). Errors name the file.
  // `give_up` (READ_ONLY only: a write is never abandoned half-way) is set before the first
  // statement: see give_up_when.
  static chess::Result<std::unique_ptr<Connection>> open(const std::string& path, Mode mode, std::function<bool()> give_up = {});
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  sqlite3* handle() const { return db_; }
  const std::string& path() const { return path_; }
  void exec(const std::string& sql);
  std::int64_t last_insert_id() const;
  int changes() const;
  int schema_version() const;
  // The schema version, refused (StorageError) outside 0..schema_target(): a database copied
  // from elsewhere, or damaged, never chooses which migration runs.
  int checked_schema_version() const;
  // False if another process holds the file open and the mode stays WAL.
  bool use_rollback_journal();

  // Runs `body` in one write transaction: committed when it returns, rolled back when it throws.
  template <class Body>
  auto transaction(Body&& body) -> decltype(body()) {
    exec("BEGIN IMMEDIATE");
    try {
      if constexpr (std::is_void_v<decltype(body())>) {
        body();
        exec("COMMIT");
      } else {
        auto result = body();
        exec("COMMIT");
        return result;
      }
    } catch (...) {
      rollback_if_open();
      throw;
    }
  }

 private:
  Connection(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  // A statement running while `give_up` is true stops with SQLite's "interrupted" error (asked
  // every few thousand of SQLite's steps), and one waiting for a lock stops waiting: a long read
  // that a stop request abandons.
  void give_up_when(std::function<bool()> give_up);
  void migrate();
  // Switches the file to write-ahead logging, waiting up to the lock wait for another process
  // that switches it at the same moment.
  void use_write_ahead_log();
  void rollback_if_open();
  sqlite3* db_;
  std::string path_;
  std::function<bool()> give_up_;
  std::chrono::steady_clock::time_point lock_wait_began_;
};

// A store's boundary: the body's value, or its storage failure as an error naming the file.
template <class Body>
auto guarded(const Connection& c, Body&& body) -> chess::Result<decltype(body())> {
  try {
    return body();
  } catch (const std::exception& e) {
    return chess::Error{c.path() + ": " + e.what()};
  }
}

}  // namespace harness
