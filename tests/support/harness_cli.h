// Runs the harness binary in tests: a temporary database, mock engine specs, the output and
// exit status of a whole run, and the games a database holds.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "process/child_process.h"
#include "storage/database.h"

namespace {

using namespace std::chrono_literals;

struct HarnessRun {
  int exit_code = -1;
  std::string out;  // standard output and standard error together
};

inline std::string temp_db(const std::string& name) {
  // A folder per database: the harness writes engines' stderr logs beside it, and tests run
  // in parallel.
  std::string dir = ::testing::TempDir() + "harness_e2e/" + name + "/";
  std::filesystem::create_directories(dir);
  std::string path = dir + name + ".sqlite";
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

inline std::string mock(const std::string& name, const std::string& mode) {
  return "name=" + name + " cmd=" + MOCK_ENGINE_PATH + " arg=" + mode;
}

inline std::unique_ptr<harness::ChildProcess> start_harness(const std::vector<std::string>& args, const std::string& err_path) {
  auto p = harness::ChildProcess::start({HARNESS_PATH, args, "", err_path});
  if (!p) throw std::runtime_error(p.error());
  return std::move(p).value();
}

// Waits until run `run` of `db` holds at least `count` games (a run being played by another
// process); false when `timeout` passes first.
inline bool wait_for_games(const std::string& db, std::int64_t run, int count, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (auto d = harness::Database::open_readonly(db)) {
      auto stored = (*d)->game_count(run);
      if (stored && *stored >= count) return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

inline HarnessRun run_harness(const std::vector<std::string>& args, std::chrono::seconds timeout = 120s) {
  std::string err = ::testing::TempDir() + "harness_e2e_stderr.txt";
  auto p = start_harness(args, err);
  HarnessRun r;
  std::string line;
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (p->read_line(line, deadline) == harness::ReadStatus::LINE) r.out += line + "\n";
  r.exit_code = p->stop(5000ms);
  std::ifstream e(err);
  r.out += std::string(std::istreambuf_iterator<char>(e), {});
  return r;
}

inline std::vector<harness::StoredGame> games_in(const std::string& db_path, std::int64_t run = 1) {
  auto db = harness::Database::open(db_path);
  return db ? (*db)->games(run).value() : std::vector<harness::StoredGame>{};
}

inline std::vector<std::string> match_args(const std::string& db, const std::string& a_spec, const std::string& b_spec,
                                           int games) {
  return {"match", "--engine", a_spec,          "--engine", b_spec,       "--games", std::to_string(games),
          "--db",  db,         "--concurrency", "1",        "--maxmoves", "60"};
}

}  // namespace
