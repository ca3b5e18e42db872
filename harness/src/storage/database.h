// Database: one SQLite file and its one connection, with a store per subsystem over it: runs
// and games (RunStore), suite results (SuiteStore), cluster jobs (ClusterStore) and bisect
// steps (BisectStore). Code that needs one subsystem can take that store alone. The tuner's
// stores are on the tuner's side (tuner/src/storage/tuner_database.h), on the same connection. WAL mode, one transaction per finished
// game; the schema is migrated forward when a file is opened.
// storage/ is the only folder that talks to SQLite.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/result.h"
#include "storage/bisect_store.h"
#include "storage/cluster_store.h"
#include "storage/connection.h"
#include "storage/run_store.h"
#include "storage/suite_store.h"

namespace harness {

namespace detail {
// Initialised before the stores that refer to it.
struct OwnsConnection {
  std::unique_ptr<Connection> connection;
};
}  // namespace detail

class Database : protected detail::OwnsConnection, public RunStore, public SuiteStore, public ClusterStore, public BisectStore {
 public:
  static chess::Result<std::unique_ptr<Database>> open(const std::string& path);
  // The same for a database that must exist already (reading results, resuming): a missing
  // file is an error, not a new empty database.
  static chess::Result<std::unique_ptr<Database>> open_existing(const std::string& path);
  // Reading a database that another process may be writing (a shard, a dashboard): never
  // created, never migrated, never written.
  // `give_up`: its reads, and its waits for another process's lock, end with an error while it
  // is true (a server that was told to stop; see Connection).
  static chess::Result<std::unique_ptr<Database>> open_readonly(const std::string& path, std::function<bool()> give_up = {});
  // Removes a database and SQLite's files beside it (-wal, -shm, -journal): one that a command
  // created and then stored nothing in. It must not be open.
  static void remove_files(const std::string& path);

  // For a shard: a rollback journal instead of WAL, whose shared-memory index works only when
  // every reader is on the writer's host. A shard is read from another host (the cluster's
  // controller over a shared filesystem) and copied as one file; this keeps both right.
  // False if another process holds the file open and the mode stays WAL.
  bool use_rollback_journal() { return connection->use_rollback_journal(); }
  int schema_version() const { return connection->schema_version(); }
  const std::string& path() const { return connection->path(); }

 protected:
  // For a database with more stores over the same connection (the tuner's).
  explicit Database(std::unique_ptr<Connection> c)
      : OwnsConnection{std::move(c)}, RunStore(*connection), SuiteStore(*connection), ClusterStore(*connection), BisectStore(*connection) {}

 private:
  static chess::Result<std::unique_ptr<Database>> with(chess::Result<std::unique_ptr<Connection>> opened);
};

}  // namespace harness
