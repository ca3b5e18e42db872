// A range split into one contiguous share per thread.
#pragma once

#include <algorithm>
#include <cstddef>

#include "data/worker_pool.h"

namespace tuner {

// Runs body(first, last, thread) over [0, n) split into `threads` contiguous shares, in parallel
// on the process's worker pool.
template <class Body>
void parallel_shares(std::size_t n, int threads, Body body) {
  const std::size_t count = std::size_t(std::max(1, threads)), share = (n + count - 1) / count;
  if (count == 1) return body(std::size_t(0), n, std::size_t(0));
  auto run = [&](std::size_t t) { body(std::min(n, t * share), std::min(n, (t + 1) * share), t); };
  WorkerPool::shared().run(count, [](void* context, std::size_t t) { (*static_cast<decltype(run)*>(context))(t); }, &run);
}

}  // namespace tuner
