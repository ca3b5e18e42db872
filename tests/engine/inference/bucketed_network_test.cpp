// The engine plays output buckets and mirrored king buckets exactly: a random network written
// by the test tree's own writer in bullet's layout is read and evaluated as the test tree's own
// forward pass evaluates it, and the accumulators brought up to date move by move (king buckets
// and mirror sides changing, castling on both wings) equal a refresh after every move.
#include <gtest/gtest.h>

#include "core/uci_move.h"
#include "inference/accumulator.h"
#include "nnue/network.h"
#include "support/bucketed_networks.h"
#include "support/random_games.h"

namespace {

using testing_support::BucketedReference;

nnue::Network engine_network(const BucketedReference& ref, const char* spec) {
  auto arch = nnue::parse_architecture(spec);
  EXPECT_TRUE(arch.ok()) << arch.error();
  auto net = nnue::parse_network(testing_support::bucketed_file_bytes(ref), "net.bin", *arch);
  EXPECT_TRUE(net.ok()) << net.error();
  return std::move(net).value();
}

struct Case {
  const char* spec;
  int king_buckets;
};

const Case CASES[] = {{"(768->32)x2->1x8", 0}, {"(768x10hm->48)x2->1x8", 10}};

TEST(BucketedNetworks, EveryPositionOfRandomGamesEvaluatesAsTheIndependentForwardPass) {
  for (const Case& c : CASES) {
    const BucketedReference ref = testing_support::random_bucketed(c.king_buckets ? 48 : 32, c.king_buckets, 11);
    const nnue::Network net = engine_network(ref, c.spec);
    int checked = 0;
    testing_support::for_each_random_move(12, 160, 5, [&](chess::Position& pos, chess::Move) {
      ASSERT_EQ(nnue::evaluate_position(net, pos), testing_support::bucketed_evaluate(ref, pos)) << c.spec << " " << pos.fen();
      ++checked;
    });
    EXPECT_GT(checked, 500);
  }
}

TEST(BucketedNetworks, IncrementalUpdatesEqualARefreshAfterEveryMove) {
  for (const Case& c : CASES) {
    const BucketedReference ref = testing_support::random_bucketed(c.king_buckets ? 48 : 32, c.king_buckets, 3);
    const nnue::Network net = engine_network(ref, c.spec);
    int refreshed_views = 0;
    for (std::uint32_t seed = 1; seed <= 24; ++seed) {
      nnue::AccumulatorStack stack(net, 202);
      std::vector<chess::Position> path{chess::Position::startpos()};
      stack.reset(path.back());
      testing_support::for_each_random_move(1, 200, seed, [&](chess::Position& pos, chess::Move m) {
        const nnue::PerspectiveView before = nnue::view_of(net, pos, pos.side_to_move());
        stack.push(pos, m);
        chess::Position after = pos;
        chess::Undo undo;
        after.do_move(m, undo);
        if (!(nnue::view_of(net, after, pos.side_to_move()) == before)) ++refreshed_views;
        ASSERT_EQ(stack.evaluate(after.side_to_move()), nnue::evaluate_position(net, after)) << c.spec << " " << after.fen();
      });
    }
    if (c.king_buckets) {
      EXPECT_GT(refreshed_views, 20) << "king moves that changed bucket or side";
    }
  }
}

TEST(BucketedNetworks, CastlingOnBothWingsMovesTheKingsBucketAndSide) {
  const BucketedReference ref = testing_support::random_bucketed(48, 10, 9);
  const nnue::Network net = engine_network(ref, "(768x10hm->48)x2->1x8");
  for (const char* uci : {"e1g1", "e1c1"}) {
    auto pos = chess::Position::from_fen("r3k2r/pppq1ppp/2np1n2/2b1p3/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    ASSERT_TRUE(pos.ok());
    nnue::AccumulatorStack stack(net, 4);
    stack.reset(*pos);
    chess::Position board = *pos;
    const chess::Move m = chess::parse_uci(board, uci);
    stack.push(board, m);
    chess::Undo undo;
    board.do_move(m, undo);
    EXPECT_EQ(stack.evaluate(board.side_to_move()), testing_support::bucketed_evaluate(ref, board)) << uci;
  }
}

TEST(BucketedNetworks, AFileWhoseSizeDoesNotFitItsArchitectureIsRefusedNamingBoth) {
  const BucketedReference ref = testing_support::random_bucketed(32, 0, 1);
  auto arch = nnue::parse_architecture("(768x10hm->32)x2->1x8");
  auto net = nnue::parse_network(testing_support::bucketed_file_bytes(ref), "small.bin", *arch);
  ASSERT_FALSE(net.ok());
  EXPECT_NE(net.error().find("small.bin: 50304 bytes does not fit the architecture (768x10hm->32)x2->1x8"), std::string::npos)
      << net.error();
}

}  // namespace
