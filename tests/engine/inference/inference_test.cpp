// The engine's evaluation with a network, position by position, against the forward pass of
// tests/support/test_networks.h: exactly equal in integers, from scratch and along search paths.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>

#include "inference/accumulator.h"
#include "inference/output.h"
#include "search/search.h"
#include "support/equal_to_reference.h"
#include "support/test_networks.h"

namespace {

void expect_equal_on_suites(const std::string& bytes, int hidden) {
  auto net = nnue::parse_network(bytes, "test");
  ASSERT_TRUE(net.ok()) << net.error();
  testing_support::expect_equal_to_reference_on_suites(*net, bytes, hidden);
}

TEST(NetworkInference, EqualsTheIndependentForwardPassOnTenThousandPositions) {
  // Output weights within +-127: the 16-bit product kernel of the build (AVX2, AVX-512 or portable).
  expect_equal_on_suites(testing_support::random_network_bytes(128, 200, 127, 3000, 21), 128);
}

TEST(NetworkInference, WideOutputWeightsTakeTheExactPathAndStillAgree) {
  expect_equal_on_suites(testing_support::random_network_bytes(16, 200, 300, 3000, 22), 16);
}

// N = 48: rows padded to 64 in memory, past the widest SIMD register's 32 values.
TEST(NetworkInference, AHiddenSizeOffTheSimdWidthAgrees) {
  expect_equal_on_suites(testing_support::random_network_bytes(48, 200, 127, 3000, 23), 48);
}

TEST(NetworkInference, TheSearchEvaluatesWithTheNetworkItIsGiven) {
  const std::string bytes = testing_support::random_network_bytes(64, 200, 127, 3000, 24);
  auto net = nnue::parse_network(bytes, "test");
  ASSERT_TRUE(net.ok());
  search::Searcher searcher;
  searcher.set_network(std::make_shared<const nnue::Network>(*net));
  const testing_support::ReferenceNetwork ref = testing_support::read_reference_network(bytes, 64);
  const chess::Position pos = chess::Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").value();
  EXPECT_EQ(searcher.evaluate(pos), testing_support::reference_evaluation(ref, pos));
  search::SearchLimits limits;
  limits.depth = 5;
  const search::SearchResult with_net = searcher.run(pos, {}, limits, nullptr);
  searcher.set_network(nullptr);
  const search::SearchResult without = searcher.run(pos, {}, limits, nullptr);
  EXPECT_NE(with_net.nodes, without.nodes);  // another evaluation, another tree
}

// A network within the trainer's clip evaluates 51,191, beyond the mate scores: the network
// computes it exactly as bullet does, and the search clamps it below the mate range, so neither
// the static evaluation nor a search's score reads as a mate (before, "score mate").
TEST(NetworkInference, AnEvaluationBeyondTheMateRangeIsClampedBelowIt) {
  const std::string bytes = testing_support::saturated_network_bytes(32);
  auto net = nnue::parse_network(bytes, "saturated");
  ASSERT_TRUE(net.ok()) << net.error();
  const chess::Position start = chess::Position::startpos();
  EXPECT_EQ(nnue::evaluate_position(*net, start), 51191);
  EXPECT_EQ(testing_support::reference_evaluation(testing_support::read_reference_network(bytes, 32), start), 51191);
  static_assert(search::MAX_EVAL < search::MATE_BOUND);
  search::Searcher searcher;
  searcher.set_network(std::make_shared<const nnue::Network>(*net));
  EXPECT_EQ(searcher.evaluate(start), search::MAX_EVAL);
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}) {
    for (int depth = 1; depth <= 4; ++depth) {
      search::SearchLimits limits;
      limits.depth = depth;
      searcher.new_game();
      const search::SearchResult r = searcher.run(chess::Position::from_fen(fen).value(), {}, limits, nullptr);
      EXPECT_EQ(search::mate_in_moves(r.score), 0) << fen << " depth " << depth << " score " << r.score;
      EXPECT_LE(std::abs(r.score), search::MAX_EVAL) << fen << " depth " << depth;
    }
  }
}

}  // namespace
