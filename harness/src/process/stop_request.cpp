#include "process/stop_request.h"

#include <signal.h>

#include <atomic>

namespace harness {

namespace {

std::atomic<int> g_level{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free counter");

void on_stop_signal(int) {
  int level = g_level.load();
  if (level < int(StopRequest::ABORT)) g_level.store(level + 1);
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

StopRequest stop_requested() { return StopRequest(g_level.load()); }

void request_stop(StopRequest level) {
  if (int(level) > g_level.load()) g_level.store(int(level));
}

void clear_stop_request() { g_level.store(0); }

}  // namespace harness
