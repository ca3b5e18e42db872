// Starting a program as a child process that cannot outlive the harness: the child asks the
// kernel for SIGKILL at its parent's death (prctl PR_SET_PDEATHSIG), so that an engine ends with
// a harness ended by `kill -9`, which no handler of the harness sees. The kernel sends that
// signal when the *thread* that forked the child ends, so every child is forked by one thread
// that lives as long as the process, never by a game slot's thread that may end before it.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

struct ChildSetup {
  std::string program;              // the path executed
  std::vector<std::string> argv;    // its arguments, its name first
  int in = -1, out = -1, err = -1;  // what becomes its standard input, output and error
  std::string working_dir;          // empty: the harness's
  std::vector<int> cpus;            // the CPUs it may run on (cpu_affinity.h); empty: the harness's
};

// Forks and executes the program: in a process group of its own, with the default action for
// the signals the harness handles or ignores, no signal blocked, and SIGKILL when the harness
// dies (a harness that died before the child could ask for it is seen, and the child ends).
// The child's pid, or why it did not start ("No such file or directory", ...).
chess::Result<pid_t> spawn_child(const ChildSetup& setup);

}  // namespace harness
