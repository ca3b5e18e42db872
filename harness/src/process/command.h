// run_command: runs a program to completion (sbatch, squeue, git, a build, an engine's bench)
// and gives back its exit code and what it printed. Built on ChildProcess, so it is bounded by a
// deadline too. Its input is closed at once: a program that would wait for input reads its end.
#pragma once

#include <chrono>
#include <string>

#include "child_process.h"

namespace harness {

struct CommandOutput {
  int exit_code = -1;        // -1: killed at the deadline, or unknown
  bool timed_out = false;    // still writing at the deadline, and killed
  bool interrupted = false;  // a stop at once (a second interrupt) ended it: the command was killed
  std::string out;           // standard output
  std::string err;           // standard error
};

// The error is only for a program that cannot be started; a non-zero exit is a CommandOutput.
// The spec's stderr_path is not used: standard error is captured.
chess::Result<CommandOutput> run_command(const ProcessSpec& spec, std::chrono::milliseconds timeout);
inline chess::Result<CommandOutput> run_command(const std::string& command, const std::vector<std::string>& args,
                                                std::chrono::milliseconds timeout) {
  return run_command(ProcessSpec{command, args, "", ""}, timeout);
}

}  // namespace harness
