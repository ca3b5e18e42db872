// The bench node count is the search's signature: it changes only when search behaviour does.
// A commit that means to change the search updates BENCH_SIGNATURE and says so.
#include <gtest/gtest.h>

#include "support/engine_session.h"

namespace {

constexpr const char* BENCH_SIGNATURE = "Nodes searched: 847753";

TEST(Bench, NodeCountMatchesTheSignature) {
  testing_support::EngineSession bench(ENGINE_PATH, {"bench"});
  EXPECT_EQ(bench.wait_for_prefix("Nodes searched:", std::chrono::seconds(120)), BENCH_SIGNATURE);
}

}  // namespace
