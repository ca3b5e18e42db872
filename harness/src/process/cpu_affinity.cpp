#include "process/cpu_affinity.h"

#include <pthread.h>

namespace harness {

std::vector<int> usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  return cpus;
}

PinnedThread::PinnedThread(const std::vector<int>& cpus) {
  if (cpus.empty()) return;
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : cpus)
    if (cpu >= 0 && cpu < CPU_SETSIZE) CPU_SET(cpu, &set);
  ok_ = ::pthread_getaffinity_np(::pthread_self(), sizeof saved_, &saved_) == 0 &&
        ::pthread_setaffinity_np(::pthread_self(), sizeof set, &set) == 0;
  pinned_ = ok_;
}

PinnedThread::~PinnedThread() {
  if (pinned_) ::pthread_setaffinity_np(::pthread_self(), sizeof saved_, &saved_);
}

}  // namespace harness
