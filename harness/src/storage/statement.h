// Statement: one prepared SQLite statement; binds by position starting at 1, steps, reads
// columns, and throws StorageError on an SQLite error. Used only in storage/ and the tuner's
// storage/, the only code that talks to SQLite.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>

#include "storage/connection.h"

namespace harness {

class Statement {
 public:
  Statement(const Connection& c, const std::string& sql) : Statement(c.handle(), sql.c_str()) {}
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
      throw StorageError(std::string("SQLite: ") + sqlite3_errmsg(db));
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement& bind(int i, std::int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  Statement& bind(int i, const std::string& v) {
    sqlite3_bind_text(stmt_, i, v.c_str(), int(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind(int i, int v) { return bind(i, std::int64_t(v)); }
  Statement& bind_blob(int i, const std::string& bytes) {
    sqlite3_bind_blob(stmt_, i, bytes.data(), int(bytes.size()), SQLITE_TRANSIENT);
    return *this;
  }
  std::string blob(int col) {
    const void* data = sqlite3_column_blob(stmt_, col);
    return data ? std::string(static_cast<const char*>(data), std::size_t(sqlite3_column_bytes(stmt_, col))) : std::string();
  }
  Statement& bind_real(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
  }
  double real(int col) { return sqlite3_column_double(stmt_, col); }
  bool is_null(int col) { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  Statement& bind_null(int i) {
    sqlite3_bind_null(stmt_, i);
    return *this;
  }
  Statement& reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    return *this;
  }
  bool step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw StorageError(std::string("SQLite: ") + sqlite3_errmsg(db_));
  }
  std::int64_t integer(int col) { return sqlite3_column_int64(stmt_, col); }
  std::string text(int col) {
    const unsigned char* t = sqlite3_column_text(stmt_, col);
    return t ? reinterpret_cast<const char*>(t) : "";
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace harness
