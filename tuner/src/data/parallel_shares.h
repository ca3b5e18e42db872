// A range split into one contiguous share per thread.
#pragma once

#include <algorithm>
#include <thread>
#include <vector>

namespace tuner {

// Runs body(first, last, thread) over [0, n) split into `threads` contiguous shares, in parallel.
template <class Body>
void parallel_shares(std::size_t n, int threads, Body body) {
  const std::size_t count = std::size_t(std::max(1, threads)), share = (n + count - 1) / count;
  if (count == 1) return body(std::size_t(0), n, std::size_t(0));
  std::vector<std::thread> workers;
  for (std::size_t t = 0; t < count; ++t)
    workers.emplace_back([&, t] { body(std::min(n, t * share), std::min(n, (t + 1) * share), t); });
  for (std::thread& w : workers) w.join();
}

}  // namespace tuner
