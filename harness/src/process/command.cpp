#include "command.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace harness {

chess::Result<CommandOutput> run_command(const ProcessSpec& spec, std::chrono::milliseconds timeout) {
  char err_template[] = "/tmp/workbench-command-XXXXXX";
  const int fd = ::mkstemp(err_template);
  if (fd < 0) return chess::Error{"cannot run '" + spec.command + "': no temporary file for its standard error"};
  ::close(fd);
  ProcessSpec with_err = spec;
  with_err.stderr_path = err_template;
  auto child = ChildProcess::start(with_err);
  if (!child) {
    std::filesystem::remove(with_err.stderr_path);
    return chess::Error{child.error()};
  }
  (*child)->close_input();
  CommandOutput result;
  const auto deadline = ChildProcess::Clock::now() + timeout;
  std::string line;
  ReadStatus status;
  while ((status = (*child)->read_line(line, deadline, Wait::UNTIL_ABORT)) == ReadStatus::LINE) result.out += line + "\n";
  // At end of output the program has finished or is about to: give it a moment to exit.
  result.timed_out = status == ReadStatus::TIMEOUT;
  result.interrupted = status == ReadStatus::ABORTED;
  result.exit_code =
      (*child)->stop(status == ReadStatus::CLOSED ? std::chrono::milliseconds(timeout) : std::chrono::milliseconds(0));
  std::ifstream err(with_err.stderr_path);
  result.err.assign(std::istreambuf_iterator<char>(err), {});
  std::filesystem::remove(with_err.stderr_path);
  return result;
}

}  // namespace harness
