// The threads of the tuner's parallel loops, kept between calls. A call hands each thread its
// share and waits for them all; between calls the threads spin a moment before they sleep. The
// trainer runs three such loops for every batch, hundreds a second: a thread started for each,
// or woken from sleep, waits for the scheduler, and beside other work (a self-play at nice 19) it
// waits for the running task's slice first, which halved the trainer's speed.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tuner {

class WorkerPool {
 public:
  using Task = void (*)(void* context, std::size_t share);

  // The process's pool, its threads started on first use.
  static WorkerPool& shared();

  WorkerPool() = default;
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Runs task(context, s) for every s in [0, shares), share 0 on the calling thread, and returns
  // when all have run; the first exception a share threw is thrown again here. A call made while
  // the pool runs another (from another thread, or from inside a task) runs its shares on
  // threads of its own instead.
  void run(std::size_t shares, Task task, void* context);

 private:
  void run_on_pool(std::size_t shares, Task task, void* context);
  void run_on_own_threads(std::size_t shares, Task task, void* context);
  void work(std::size_t index, std::uint64_t seen);
  void run_share(std::size_t share) noexcept;
  void keep_error() noexcept;

  std::atomic<bool> busy_{false};  // set by the one call the pool's threads serve
  std::vector<std::thread> threads_;
  // The call's task, written before generation_ moves on and read after the threads see it move.
  Task task_ = nullptr;
  void* context_ = nullptr;
  std::size_t shares_ = 0;
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<std::size_t> remaining_{0};  // the pool's threads yet to answer the call
  std::atomic<bool> spin_{false};  // whether waiting threads spin before they sleep
  std::atomic<bool> stopping_{false};
  std::mutex error_mutex_;
  std::exception_ptr error_;
};

}  // namespace tuner
