#include "command.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace harness {

chess::Result<CommandOutput> run_command(const std::string& command, const std::vector<std::string>& args,
                                         std::chrono::milliseconds timeout) {
  char err_template[] = "/tmp/workbench-command-XXXXXX";
  const int fd = ::mkstemp(err_template);
  if (fd < 0) return chess::Error{"cannot run '" + command + "': no temporary file for its standard error"};
  ::close(fd);
  const std::string err_path = err_template;
  auto child = ChildProcess::start({command, args, "", err_path});
  if (!child) {
    std::filesystem::remove(err_path);
    return chess::Error{child.error()};
  }
  CommandOutput result;
  const auto deadline = ChildProcess::Clock::now() + timeout;
  std::string line;
  ReadStatus status;
  while ((status = (*child)->read_line(line, deadline)) == ReadStatus::LINE) result.out += line + "\n";
  // At end of output the program has finished or is about to: give it a moment to exit.
  result.exit_code =
      (*child)->stop(status == ReadStatus::CLOSED ? std::chrono::milliseconds(timeout) : std::chrono::milliseconds(0));
  std::ifstream err(err_path);
  result.err.assign(std::istreambuf_iterator<char>(err), {});
  std::filesystem::remove(err_path);
  return result;
}

}  // namespace harness
