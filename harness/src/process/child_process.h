// ChildProcess: an engine (or any program) on pipes. The only code in the project that starts
// or talks to other processes. Every read has a deadline; stopping escalates from a grace
// period to a kill, so a stalled or crashed child never hangs the caller. Each child runs in a
// process group of its own: a Ctrl-C at the terminal reaches the caller only, which decides
// how the child ends, and a kill reaches whatever the child started itself. A child is killed
// when the harness dies, even by `kill -9` (process/child_spawn.h).
#pragma once

#include <chrono>
#include <functional>
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
  std::vector<int> cpus{};  // the CPUs it may run on (inherited from the starting thread, process/cpu_affinity.h); empty: any
};

// OVERLONG: the child wrote more than MAX_LINE bytes without a newline; it is treated as a
// fault by the caller and the partial line is dropped. ABORTED: a stop at once (or, for
// Wait::UNTIL_ANY_STOP, any stop) was requested (stop_request.h) while the caller waited.
enum class ReadStatus { LINE, TIMEOUT, CLOSED, OVERLONG, ABORTED };

// Whether a read also ends when a stop at once is requested, or any stop (a first Ctrl-C).
enum class Wait { UNTIL_DEADLINE, UNTIL_ABORT, UNTIL_ANY_STOP };

// No protocol line comes near this; a child that writes more without a newline is broken.
constexpr std::size_t MAX_LINE = 1 << 20;

// Each line written to or read from a child as it passes, for a dialogue log.
enum class LineDirection { TO_CHILD, FROM_CHILD };
using LineObserver = std::function<void(LineDirection, const std::string&)>;

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts the program; the error names the command and why it could not start.
  static chess::Result<std::unique_ptr<ChildProcess>> start(const ProcessSpec& spec);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes one line (a newline is added). False if the child has closed its input, or if the
  // line holds a control character (text/control_characters.h): then nothing is written.
  bool write_line(const std::string& line);
  // Reads one line (without the newline, CR stripped) before `deadline`: one printable line of
  // UTF-8, control bytes and bytes that are not UTF-8 escaped as \xNN.
  ReadStatus read_line(std::string& line, Clock::time_point deadline, Wait wait = Wait::UNTIL_DEADLINE);
  ReadStatus read_line(std::string& line, std::chrono::milliseconds timeout) { return read_line(line, Clock::now() + timeout); }
  bool running();
  // Calls `observer` with every line written and every line read from now on (empty: none).
  void observe_lines(LineObserver observer);
  // Ends the child's input: a program that reads it sees its end (a command-line tool that
  // would otherwise wait for a protocol).
  void close_input();
  // Closes the child's input, waits up to `grace` for it to exit by itself, then kills its
  // process group and reaps it (no zombie is left). Returns its exit code (or -1 if it was
  // killed or is unknown).
  int stop(std::chrono::milliseconds grace);
  int pid() const;
  // Once reaped (after stop()): the child's peak resident memory in KiB, as wait4 gives it
  // (ru_maxrss; from a fork, its floor is the parent's resident memory at the fork); 0 before.
  long peak_resident_kib() const;

 private:
  struct Impl;
  ReadStatus read_one(std::string& line, Clock::time_point deadline, Wait wait);
  explicit ChildProcess(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace harness
