#include "data/worker_pool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "data/parallel_shares.h"

namespace tuner {
namespace {

struct ShareCounts {
  std::vector<std::atomic<int>> runs;
  std::thread::id caller;
  std::atomic<bool> first_on_caller{false};
  explicit ShareCounts(std::size_t shares) : runs(shares), caller(std::this_thread::get_id()) {}
};

void count_share(void* context, std::size_t share) {
  auto& counts = *static_cast<ShareCounts*>(context);
  counts.runs[share].fetch_add(1);
  if (share == 0) counts.first_on_caller = std::this_thread::get_id() == counts.caller;
}

void expect_each_share_once(WorkerPool& pool, std::size_t shares) {
  ShareCounts counts(shares);
  pool.run(shares, count_share, &counts);
  for (std::size_t s = 0; s < shares; ++s) ASSERT_EQ(counts.runs[s].load(), 1) << "share " << s << " of " << shares;
  EXPECT_TRUE(counts.first_on_caller);
}

TEST(WorkerPoolTest, RunsEveryShareOnceOnEveryCall) {
  WorkerPool pool;
  // The share counts go up and down, so that the pool grows and some of its threads sit calls out.
  for (int call = 0; call < 2000; ++call) expect_each_share_once(pool, std::size_t(2 + call % 4));
}

TEST(WorkerPoolTest, ACallFromInsideATaskRunsOnThreadsOfItsOwn) {
  WorkerPool pool;
  struct Nested {
    WorkerPool* pool;
    std::atomic<int> inner_runs{0};
  } nested{&pool};
  pool.run(2, [](void* context, std::size_t) {
    auto& n = *static_cast<Nested*>(context);
    n.pool->run(3, [](void* inner, std::size_t) { static_cast<Nested*>(inner)->inner_runs.fetch_add(1); }, &n);
  }, &nested);
  EXPECT_EQ(nested.inner_runs.load(), 6);
}

TEST(WorkerPoolTest, AnExceptionOfANestedCallsShareComesBackThroughBothCalls) {
  WorkerPool pool;
  EXPECT_THROW(pool.run(2, [](void* context, std::size_t) {
    static_cast<WorkerPool*>(context)->run(3, [](void*, std::size_t share) {
      if (share == 2) throw std::runtime_error("inner share failed");
    }, nullptr);
  }, &pool), std::runtime_error);
  expect_each_share_once(pool, 3);
}

TEST(WorkerPoolTest, CallsFromTwoThreadsAtOnceEachRunAllTheirShares) {
  WorkerPool pool;
  auto calls = [&] { for (int call = 0; call < 500; ++call) expect_each_share_once(pool, 3); };
  std::thread other(calls);
  calls();
  other.join();
}

TEST(WorkerPoolTest, AnExceptionOfAShareComesBackAndThePoolGoesOn) {
  WorkerPool pool;
  for (std::size_t thrower : {std::size_t(0), std::size_t(2)}) {
    auto task = [](void* context, std::size_t share) {
      if (share == *static_cast<std::size_t*>(context)) throw std::runtime_error("share failed");
    };
    EXPECT_THROW(pool.run(3, task, &thrower), std::runtime_error) << "thrown by share " << thrower;
    expect_each_share_once(pool, 3);
  }
}

TEST(ParallelSharesTest, CoversTheRangeInContiguousSharesOnThePool) {
  for (int threads : {1, 2, 3, 7}) {
    std::vector<int> hits(1001, 0);
    std::vector<std::size_t> owner(hits.size());
    parallel_shares(hits.size(), threads, [&](std::size_t first, std::size_t last, std::size_t t) {
      for (std::size_t i = first; i < last; ++i) ++hits[i], owner[i] = t;
    });
    for (std::size_t i = 0; i < hits.size(); ++i) ASSERT_EQ(hits[i], 1) << "index " << i << ", " << threads << " threads";
    EXPECT_TRUE(std::is_sorted(owner.begin(), owner.end())) << threads << " threads";
  }
}

}  // namespace
}  // namespace tuner
