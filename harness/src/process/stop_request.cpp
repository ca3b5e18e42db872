#include "process/stop_request.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>

namespace harness {

namespace {

std::atomic<int> g_level{0};
std::atomic<int> g_signal_step{1};  // how far one signal raises the level
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free counter");

// Made before main, so that the signal handler only writes to it.
struct WakePipe {
  int fds[2] = {-1, -1};
  WakePipe() {
    if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) fds[0] = fds[1] = -1;
  }
  void wake() const {
    if (fds[1] >= 0) [[maybe_unused]]
      ssize_t n = ::write(fds[1], "x", 1);  // async-signal-safe
  }
  void drain() const {
    char buf[64];
    while (fds[0] >= 0 && ::read(fds[0], buf, sizeof buf) > 0) {
    }
  }
};
const WakePipe g_wake;

void raise_level(int level) {
  g_level.store(level);
  if (level == int(StopRequest::ABORT)) g_wake.wake();
}

void on_stop_signal(int) {
  int level = g_level.load();
  if (level < int(StopRequest::ABORT)) raise_level(std::min(level + g_signal_step.load(), int(StopRequest::ABORT)));
}

}  // namespace

void install_stop_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  // Past a file-size limit a write fails (and SQLite reports it) instead of killing the run.
  ::signal(SIGXFSZ, SIG_IGN);
  // A closed standard output (`| head`) makes writes fail instead of killing the run unrecorded:
  // the runs see the failed stream and stop as on a first Ctrl-C, leaving a resumable run.
  ::signal(SIGPIPE, SIG_IGN);
}

void stop_at_once_on_first_signal() { g_signal_step.store(int(StopRequest::ABORT)); }

StopRequest stop_requested() { return StopRequest(g_level.load()); }

void request_stop(StopRequest level) {
  if (int(level) > g_level.load()) raise_level(int(level));
}

void clear_stop_request() {
  g_level.store(0);
  g_wake.drain();
}

int abort_wake_fd() { return g_wake.fds[0]; }

}  // namespace harness
