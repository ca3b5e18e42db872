#include "process/process_identity.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>

namespace harness {

namespace {

std::string boot_id() {
  std::ifstream in("/proc/sys/kernel/random/boot_id");
  std::string id;
  std::getline(in, id);
  return id;
}

// Field 22 of /proc/PID/stat (after the command name, which may hold spaces and parentheses).
std::string start_ticks(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  std::getline(in, stat);
  const std::size_t end_of_name = stat.rfind(')');
  if (end_of_name == std::string::npos) return {};
  std::istringstream fields(stat.substr(end_of_name + 2));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i)
    if (i == 22) return field;
  return {};
}

std::string host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "?";
  return name;
}

}  // namespace

ProcessIdentity this_process() {
  const long pid = long(::getpid());
  return {pid, boot_id() + "/" + start_ticks(pid), host_name()};
}

bool is_running(const ProcessIdentity& process) {
  if (process.host != host_name() || process.pid <= 0) return false;
  if (::kill(pid_t(process.pid), 0) != 0 && errno != EPERM) return false;
  return boot_id() + "/" + start_ticks(process.pid) == process.start;
}

}  // namespace harness
