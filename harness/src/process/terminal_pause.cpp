#include "process/terminal_pause.h"

#include <signal.h>
#include <time.h>

#include <atomic>
#include <cerrno>

namespace harness {

namespace {

std::atomic<pid_t> g_groups[MAX_PAUSED_GROUPS];
std::atomic<long long> g_paused_ns{0};
// While a pause is under way (from its start until the handler has counted it): when it began,
// and the pauses before it. Every thread wakes with SIGCONT; one that reads the clock before the
// handler has counted the pause must see it counted already.
std::atomic<long long> g_stopped_at{0}, g_paused_before_stop{0};
static_assert(std::atomic<pid_t>::is_always_lock_free && std::atomic<long long>::is_always_lock_free,
              "the signal handler needs lock-free slots");

long long monotonic_ns() {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
  return (long long)t.tv_sec * 1'000'000'000LL + t.tv_nsec;
}

void signal_groups(int sig) {
  for (const std::atomic<pid_t>& g : g_groups)
    if (const pid_t group = g.load(); group > 0) ::kill(-group, sig);
}

void on_terminal_stop(int);

void set_handler(void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGTSTP, &action, nullptr);
}

// The engines stop first, then the harness the default way (the handler put back for the
// moment); SIGCONT resumes it here, and the engines go on.
void on_terminal_stop(int) {
  const int saved_errno = errno;
  const long long stopped_at = monotonic_ns();
  g_paused_before_stop.store(g_paused_ns.load());
  g_stopped_at.store(stopped_at);
  signal_groups(SIGSTOP);
  set_handler(SIG_DFL);
  sigset_t tstp;
  sigemptyset(&tstp);
  sigaddset(&tstp, SIGTSTP);
  pthread_sigmask(SIG_UNBLOCK, &tstp, nullptr);
  ::raise(SIGTSTP);  // stops here until SIGCONT
  set_handler(on_terminal_stop);
  signal_groups(SIGCONT);
  g_paused_ns.store(g_paused_before_stop.load() + monotonic_ns() - stopped_at);
  g_stopped_at.store(0);
  errno = saved_errno;
}

}  // namespace

void install_pause_handler() { set_handler(on_terminal_stop); }

std::chrono::nanoseconds paused_so_far() {
  if (const long long at = g_stopped_at.load()) return std::chrono::nanoseconds(g_paused_before_stop.load() + monotonic_ns() - at);
  return std::chrono::nanoseconds(g_paused_ns.load());
}

void add_paused_group(pid_t group) {
  for (std::atomic<pid_t>& g : g_groups) {
    pid_t empty = 0;
    if (g.compare_exchange_strong(empty, group)) return;
  }
}

void remove_paused_group(pid_t group) {
  for (std::atomic<pid_t>& g : g_groups) {
    pid_t mine = group;
    if (g.compare_exchange_strong(mine, 0)) return;
  }
}

}  // namespace harness
