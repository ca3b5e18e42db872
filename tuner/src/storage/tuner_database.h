// TunerDatabase: the harness's database with the tuner's stores over the same connection: a
// tuner run's steps, individuals, validations and results (TunerStore) and a network loop's
// steps (LoopStore). Opening it brings the tuner's tables up to date as well as the harness's.
// The tuner's storage/ and the harness's storage/ are the only folders that talk to SQLite.
#pragma once

#include <memory>
#include <string>

#include "core/result.h"
#include "storage/database.h"
#include "storage/loop_store.h"
#include "storage/tuner_store.h"

namespace tuner {

class TunerDatabase : public harness::Database, public TunerStore, public LoopStore {
 public:
  static chess::Result<std::unique_ptr<TunerDatabase>> open(const std::string& path);
  // For a database that must exist already (a run to show, report or resume).
  static chess::Result<std::unique_ptr<TunerDatabase>> open_existing(const std::string& path);
  // Reading a database another process may be writing: never created, migrated or written.
  static chess::Result<std::unique_ptr<TunerDatabase>> open_readonly(const std::string& path);

 private:
  explicit TunerDatabase(std::unique_ptr<harness::Connection> c)
      : harness::Database(std::move(c)), TunerStore(*connection), LoopStore(*connection) {}
  static chess::Result<std::unique_ptr<TunerDatabase>> with(chess::Result<std::unique_ptr<harness::Connection>> opened);
};

}  // namespace tuner
