// Runs the tuner binary in tests: its exit status and its standard output and error together,
// in a folder of the test's (configurations name their files relative to it).
#pragma once

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "process/child_process.h"

namespace {

struct TunerRun {
  int exit_code = -1;
  std::string out;
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// `dir` ends with '/'; the run's standard error is kept there as stderr.txt.
inline TunerRun run_tuner(const std::vector<std::string>& args, const std::string& dir) {
  using namespace std::chrono_literals;
  auto p = harness::ChildProcess::start({TUNER_PATH, args, dir, dir + "stderr.txt"});
  if (!p) throw std::runtime_error(p.error());
  TunerRun r;
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + 300s;
  while ((*p)->read_line(line, deadline) == harness::ReadStatus::LINE) r.out += line + "\n";
  r.exit_code = (*p)->stop(5000ms);
  r.out += read_file(dir + "stderr.txt");
  return r;
}

}  // namespace
