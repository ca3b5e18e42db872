// The peak resident memory of one program run to its end: started with fork and exec, reaped
// with wait4, whose usage is that child's alone (RUSAGE_CHILDREN would give the largest of all
// the test's children).
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

namespace testing_support {

struct MeasuredRun {
  int exit_code = -1;   // -1: it did not exit (a signal), or could not be started
  long peak_kib = 0;    // its peak resident memory (ru_maxrss), in KiB
};

// Runs `program` with `args` in `dir`, its standard output and error to `log` (in `dir`).
inline MeasuredRun measured_run(const std::string& program, const std::vector<std::string>& args, const std::string& dir,
                                const std::string& log) {
  const pid_t pid = ::fork();
  if (pid < 0) return {};
  if (pid == 0) {
    if (::chdir(dir.c_str()) != 0) ::_exit(127);
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || ::dup2(fd, 1) < 0 || ::dup2(fd, 2) < 0) ::_exit(127);
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  int status = 0;
  rusage usage{};
  while (::wait4(pid, &status, 0, &usage) < 0)
    if (errno != EINTR) return {};
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss};
}

}  // namespace testing_support
