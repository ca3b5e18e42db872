// ChildProcess: an engine (or any program) on pipes. The only code in the project that starts
// or talks to other processes. Every read has a deadline; stopping escalates from a grace
// period to a kill, so a stalled or crashed child never hangs the caller.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

struct ProcessSpec {
  std::string command;  // path, or a name looked up on PATH
  std::vector<std::string> args;
  std::string working_dir;  // empty: the current directory
  std::string stderr_path;  // where the child's standard error goes; empty: /dev/null
};

enum class ReadStatus { LINE, TIMEOUT, CLOSED };

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts the program; the error names the command and why it could not start.
  static chess::Result<std::unique_ptr<ChildProcess>> start(const ProcessSpec& spec);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes one line (a newline is added). False if the child has closed its input.
  bool write_line(const std::string& line);
  // Reads one line (without the newline, CR stripped) before `deadline`.
  ReadStatus read_line(std::string& line, Clock::time_point deadline);
  ReadStatus read_line(std::string& line, std::chrono::milliseconds timeout) { return read_line(line, Clock::now() + timeout); }
  bool running();
  // Waits up to `grace` for the child to exit by itself, then kills it. Returns its exit code
  // (or -1 if it was killed or is unknown).
  int stop(std::chrono::milliseconds grace);
  int pid() const;

 private:
  struct Impl;
  explicit ChildProcess(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace harness
