// Which process is which, across processes of one machine: its pid, when it started (the
// kernel's start time in clock ticks since boot, so that a pid used again by another program
// does not pass for the first one), the machine's boot and its host name. A run being played
// records its player's identity, so that a second process does not play the same games.
#pragma once

#include <string>

namespace harness {

struct ProcessIdentity {
  long pid = 0;
  std::string start;  // /proc/PID/stat's starttime, with the boot id: "BOOT_ID/TICKS"
  std::string host;
  bool operator==(const ProcessIdentity&) const = default;
};

ProcessIdentity this_process();

// Whether the process is still running. Only a process of this machine can be looked at (by
// /proc: the project runs on Linux): one of another host is reported as not running, so that
// a run left by a machine that went down is taken over; two machines sharing one database
// file on a network file system are not told apart.
bool is_running(const ProcessIdentity& process);

}  // namespace harness
