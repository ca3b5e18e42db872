// run_command: runs a program to completion (sbatch, squeue, scancel, sinfo) and gives back its
// exit code and what it printed. Built on ChildProcess, so it is bounded by a deadline too.
#pragma once

#include <chrono>
#include <string>

#include "child_process.h"

namespace harness {

struct CommandOutput {
  int exit_code = -1;  // -1: killed at the deadline, or unknown
  std::string out;     // standard output
  std::string err;     // standard error
};

// The error is only for a program that cannot be started; a non-zero exit is a CommandOutput.
chess::Result<CommandOutput> run_command(const std::string& command, const std::vector<std::string>& args,
                                         std::chrono::milliseconds timeout);

}  // namespace harness
