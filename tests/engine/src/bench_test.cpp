// The bench node count is the search's signature: it changes only when search behaviour does.
// A commit that means to change the search updates BENCH_SIGNATURE and says so.
#include <gtest/gtest.h>

#include "support/engine_session.h"

namespace {

// dev with its built-in network (engine/networks/dev.nnue): a new network changes it too.
constexpr const char* BENCH_SIGNATURE = "Nodes searched: 564555";
// dev with its hand-written evaluation (--eval hce).
constexpr const char* HCE_BENCH_SIGNATURE = "Nodes searched: 847753";

TEST(Bench, NodeCountMatchesTheSignature) {
  testing_support::EngineSession bench(ENGINE_PATH, {"bench"});
  EXPECT_EQ(bench.wait_for_prefix("Nodes searched:", std::chrono::seconds(120)), BENCH_SIGNATURE);
}

TEST(Bench, TheHandWrittenEvaluationsNodeCountMatchesItsSignature) {
  testing_support::EngineSession bench(ENGINE_PATH, {"--eval", "hce", "bench"});
  EXPECT_EQ(bench.wait_for_prefix("Nodes searched:", std::chrono::seconds(120)), HCE_BENCH_SIGNATURE);
}

}  // namespace
