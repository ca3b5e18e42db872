// Runs the tuner binary in tests: its exit status and its standard output and error together,
// in a folder of the test's (configurations name their files relative to it).
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "process/child_process.h"
#include "support/files.h"

namespace {

struct TunerRun {
  int exit_code = -1;
  std::string out;
  long peak_kib = 0;  // the run's peak resident memory (ChildProcess::peak_resident_kib)
};

// `dir` ends with '/'; the run's standard error is kept there as stderr.txt. With `file_limit_kib`
// the run's files are limited to that size (bash's ulimit -f, which then execs the tuner), as
// a full disk would stop them.
inline TunerRun run_tuner(const std::vector<std::string>& args, const std::string& dir, int file_limit_kib = 0) {
  using namespace std::chrono_literals;
  std::string program = TUNER_PATH;
  std::vector<std::string> argv = args;
  if (file_limit_kib > 0) {
    program = "/bin/bash";
    argv = {"-c", "ulimit -f " + std::to_string(file_limit_kib) + "; exec \"$0\" \"$@\"", TUNER_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
  }
  auto p = harness::ChildProcess::start({program, argv, dir, dir + "stderr.txt"});
  if (!p) throw std::runtime_error(p.error());
  TunerRun r;
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + 300s;
  while ((*p)->read_line(line, deadline) == harness::ReadStatus::LINE) r.out += line + "\n";
  r.exit_code = (*p)->stop(5000ms);
  r.peak_kib = (*p)->peak_resident_kib();
  r.out += testing_support::file_bytes(dir + "stderr.txt");
  return r;
}

// A fresh folder `TempDir()/NAME/` with `config` as config.json and the first `positions` lines
// of the project's labeled set as positions.epd; its path, ending with '/'.
inline std::string tuner_workspace(const std::string& name, const std::string& config, int positions) {
  const std::string dir = ::testing::TempDir() + name + "/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "config.json") << config;
  std::ifstream labeled(std::string(PROJECT_DIR) + "/suites/labeled.epd");
  std::ofstream out(dir + "positions.epd");
  std::string line;
  for (int i = 0; i < positions && std::getline(labeled, line); ++i) out << line << "\n";
  return dir;
}

}  // namespace
