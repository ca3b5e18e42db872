#include "process/stop_request.h"

#include "process/terminal_pause.h"

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
const WakePipe g_wake;      // readable from a stop at once on
const WakePipe g_any_wake;  // readable from the first request on

void raise_level(int level) {
  g_level.store(level);
  g_any_wake.wake();
  if (level == int(StopRequest::ABORT)) g_wake.wake();
}

void on_stop_signal(int) {
  int level = g_level.load();
  if (level < int(StopRequest::ABORT)) raise_level(std::min(level + g_signal_step.load(), int(StopRequest::ABORT)));
}

}  // namespace

void ignore_output_signals() {
  // Past a file-size limit a write fails (and SQLite or the writer reports it) instead of
  // killing the program with a half-written file.
  ::signal(SIGXFSZ, SIG_IGN);
  // A closed standard output (`| head`) makes writes fail instead of killing the run unrecorded:
  // the runs see the failed stream and stop as on a first Ctrl-C, leaving a resumable run.
  ::signal(SIGPIPE, SIG_IGN);
}

void install_stop_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  // A closed terminal or ssh session: the run ends as on SIGTERM, its games kept, resumable.
  sigaction(SIGHUP, &action, nullptr);
  install_pause_handler();
  ignore_output_signals();
}

void stop_at_once_on_first_signal() { g_signal_step.store(int(StopRequest::ABORT)); }

StopRequest stop_requested() { return StopRequest(g_level.load()); }

void request_stop(StopRequest level) {
  if (int(level) > g_level.load()) raise_level(int(level));
}

void clear_stop_request() {
  g_level.store(0);
  g_wake.drain();
  g_any_wake.drain();
}

int abort_wake_fd() { return g_wake.fds[0]; }

int stop_wake_fd() { return g_any_wake.fds[0]; }

}  // namespace harness
