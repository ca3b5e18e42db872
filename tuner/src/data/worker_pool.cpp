#include "data/worker_pool.h"

#include <algorithm>
#include <chrono>

#include "process/cpu_affinity.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace tuner {
namespace {

// How long a thread waiting for work or for the others spins before it sleeps: longer than the
// gaps between one batch's loops, short against a pause of the trainer (its validation, a write).
constexpr std::chrono::microseconds SPIN_BEFORE_SLEEP{1000};
constexpr int CLOCK_READ_EVERY = 64;  // spins between reads of the clock

void spin_once() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

// The cores this process may run on (its affinity mask, as taskset or a cgroup's cpuset set it).
std::size_t usable_cores() {
  static const std::size_t cores = std::max<std::size_t>(1, harness::usable_cpus().size());
  return cores;
}

// Returns once `value` differs from `old`: spinning first if `spin`, then sleeping on it.
template <class T>
T await_change(const std::atomic<T>& value, T old, bool spin) {
  const auto until = std::chrono::steady_clock::now() + SPIN_BEFORE_SLEEP;
  for (int spins = 1; spin; ++spins) {
    const T now = value.load(std::memory_order_acquire);
    if (now != old) return now;
    if (spins % CLOCK_READ_EVERY == 0 && std::chrono::steady_clock::now() >= until) break;
    spin_once();
  }
  for (;;) {
    value.wait(old, std::memory_order_acquire);
    const T now = value.load(std::memory_order_acquire);
    if (now != old) return now;
  }
}

}  // namespace

// Never destroyed: a call under way on another thread, or from a task, may outlive exit().
WorkerPool& WorkerPool::shared() {
  static WorkerPool* pool = new WorkerPool;
  return *pool;
}

WorkerPool::~WorkerPool() {
  stopping_.store(true, std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_release);
  generation_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void WorkerPool::run(std::size_t shares, Task task, void* context) {
  if (shares <= 1) {
    if (shares == 1) task(context, 0);
    return;
  }
  if (bool idle = false; busy_.compare_exchange_strong(idle, true, std::memory_order_acquire)) {
    struct Release {
      std::atomic<bool>& busy;
      ~Release() { busy.store(false, std::memory_order_release); }
    } release{busy_};
    return run_on_pool(shares, task, context);
  }
  run_on_own_threads(shares, task, context);
}

void WorkerPool::run_on_own_threads(std::size_t shares, Task task, void* context) {
  std::mutex error_mutex;
  std::exception_ptr error;
  const auto share = [&](std::size_t s) noexcept {
    try {
      task(context, s);
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
    }
  };
  {
    std::vector<std::thread> own;
    struct Join {  // also when starting a thread throws: those started are joined first
      std::vector<std::thread>& threads;
      ~Join() {
        for (std::thread& t : threads) t.join();
      }
    } join{own};
    own.reserve(shares - 1);
    for (std::size_t s = 1; s < shares; ++s) own.emplace_back(share, s);
    share(0);
  }
  if (error) std::rethrow_exception(error);
}

void WorkerPool::run_on_pool(std::size_t shares, Task task, void* context) {
  const std::uint64_t seen = generation_.load(std::memory_order_relaxed);
  while (threads_.size() + 1 < shares) threads_.emplace_back([this, i = threads_.size(), seen] { work(i, seen); });
  // More threads than cores: a spinning thread would hold the core another needs to finish.
  spin_.store(threads_.size() < usable_cores(), std::memory_order_relaxed);
  task_ = task, context_ = context, shares_ = shares;
  error_ = nullptr;
  remaining_.store(threads_.size(), std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_release);
  generation_.notify_all();
  run_share(0);
  for (std::size_t left = remaining_.load(std::memory_order_acquire); left != 0;)
    left = await_change(remaining_, left, spin_.load(std::memory_order_relaxed));
  if (error_) std::rethrow_exception(error_);
}

// Thread `index` of the pool runs share index + 1 of every call that has that many, and every
// thread answers every call, so that none is a call behind when the next begins.
void WorkerPool::work(std::size_t index, std::uint64_t seen) {
  for (;;) {
    seen = await_change(generation_, seen, spin_.load(std::memory_order_relaxed));
    if (stopping_.load(std::memory_order_relaxed)) return;
    if (index + 1 < shares_) run_share(index + 1);
    if (remaining_.fetch_sub(1, std::memory_order_acq_rel) == 1) remaining_.notify_one();
  }
}

void WorkerPool::run_share(std::size_t share) noexcept {
  try {
    task_(context_, share);
  } catch (...) {
    keep_error();
  }
}

void WorkerPool::keep_error() noexcept {
  std::lock_guard<std::mutex> lock(error_mutex_);
  if (!error_) error_ = std::current_exception();
}

}  // namespace tuner
