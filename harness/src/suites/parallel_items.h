// Runs suite items on worker threads and hands every result to the calling thread, which is
// the only one writing to the database and the output.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace harness {

// Each worker gets its own state from make_state() (a pointer, for example engine processes),
// runs work(state, index) on the items it takes, and consume(index, result) runs on the calling
// thread in the order results arrive.
template <class MakeState, class Work, class Consume>
void for_each_in_parallel(std::size_t items, int concurrency, MakeState make_state, Work work, Consume consume) {
  using Result = decltype(work(*make_state(), std::size_t{}));
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::pair<std::size_t, Result>> finished;
  std::atomic<std::size_t> next{0};
  int done = 0;
  const int count = std::max(1, std::min<int>(concurrency, int(items)));
  std::vector<std::thread> workers;
  for (int w = 0; w < count; ++w)
    workers.emplace_back([&] {
      {
        auto state = make_state();
        for (std::size_t i = next++; i < items; i = next++) {
          Result r = work(*state, i);
          std::lock_guard<std::mutex> lock(mutex);
          finished.emplace_back(i, std::move(r));
          changed.notify_all();
        }
      }
      std::lock_guard<std::mutex> lock(mutex);
      ++done;
      changed.notify_all();
    });
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    changed.wait(lock, [&] { return !finished.empty() || done == count; });
    while (!finished.empty()) {
      auto item = std::move(finished.front());
      finished.pop_front();
      lock.unlock();
      consume(item.first, item.second);
      lock.lock();
    }
    if (done == count) break;
  }
  lock.unlock();
  for (std::thread& t : workers) t.join();
}

}  // namespace harness
