// Runs a perft suite against an engine (or the built-in rules library) on parallel workers,
// prints a row per position and depth, locates the bug behind every wrong count, and stores
// every result in the database.
#pragma once

#include <chrono>
#include <functional>
#include <iosfwd>
#include <memory>

#include "perft_source.h"
#include "perft_suite.h"
#include "storage/database.h"

namespace harness {

struct PerftRunOptions {
  int only_depth = 0;  // run just this depth (0: all)
  int max_depth = 0;   // run depths up to this (0: all)
  int concurrency = 1;
  bool failures_only = false;  // print only the lines that fail (every line is stored)
};

using PerftSourceFactory = std::function<std::unique_ptr<PerftSource>()>;

struct PerftRunTotals {
  int checks = 0, passed = 0, failed = 0, errors = 0;
  std::uint64_t nodes = 0;
  double engine_seconds = 0;  // as measured around each "go perft"
  std::string storage_error;  // the first result the database could not store, if any
};

PerftRunTotals run_perft_suite(const PerftSuite& suite, const PerftRunOptions& options, const PerftSourceFactory& make_engine,
                               const PerftSourceFactory& make_reference, Database& db, std::int64_t run_id, std::ostream& out);

}  // namespace harness
