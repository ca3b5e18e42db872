// CPU affinity for engine processes (fastchess's -use-affinity): the calling thread is pinned
// while it starts the child, which inherits the mask from its first instruction on (no thread
// of the child ever runs elsewhere), and is then given back its own.
#pragma once

#include <sched.h>

#include <vector>

namespace harness {

// The CPUs this process may run on (its cpuset), in order.
std::vector<int> usable_cpus();

class PinnedThread {
 public:
  // Pins the calling thread to `cpus` (nothing when empty); ok() says whether it took.
  explicit PinnedThread(const std::vector<int>& cpus);
  ~PinnedThread();
  PinnedThread(const PinnedThread&) = delete;
  PinnedThread& operator=(const PinnedThread&) = delete;
  bool ok() const { return ok_; }

 private:
  cpu_set_t saved_{};
  bool pinned_ = false;
  bool ok_ = true;
};

}  // namespace harness
