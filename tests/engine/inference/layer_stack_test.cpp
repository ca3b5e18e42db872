// The engine plays bullet's layer stack (4_multi_layer.rs): a random network written by the test
// tree's own writer in bullet's layout evaluates every position of random games within a
// centipawn and a percent of the test tree's own float forward pass, the accumulators brought up
// to date move by move (castling on both wings among the moves) evaluate as a refresh after every
// move does, and a file of another size is refused naming the file and the architecture. N = 48
// has 24 products per perspective, no multiple of 16, for the kernels' tails and padding.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/uci_move.h"
#include "inference/accumulator.h"
#include "nnue/network.h"
#include "support/bucketed_networks.h"
#include "support/random_games.h"

namespace {

struct LayerStackCase {
  const char* spec;
  int hidden;
};

const LayerStackCase LAYER_STACK_CASES[] = {{"(768x10hm->64)x2->pairwise->(16->32->1)x8", 64},
                                            {"(768x10hm->48)x2->pairwise->(16->32->1)x8", 48}};

nnue::Network layer_stack_engine_network(const testing_support::LayerStackReference& ref, const char* spec) {
  auto arch = nnue::parse_architecture(spec);
  EXPECT_TRUE(arch.ok()) << arch.error();
  auto net = nnue::parse_network(testing_support::layer_stack_file_bytes(ref), "net.bin", *arch);
  EXPECT_TRUE(net.ok()) << net.error();
  return std::move(net).value();
}

// Whether the engine's truncated centipawns are within 1 cp + 1 % of the float64 reference.
bool layer_stack_close(int engine, double reference) {
  return std::abs(double(engine) - reference) <= 1.0 + 0.01 * std::abs(reference);
}

TEST(LayerStackNetworks, EveryPositionOfRandomGamesIsWithinACentipawnAndAPercentOfTheFloatForwardPass) {
  for (const LayerStackCase& c : LAYER_STACK_CASES) {
    const testing_support::LayerStackReference ref = testing_support::random_layer_stack(c.hidden, 11);
    const nnue::Network net = layer_stack_engine_network(ref, c.spec);
    int checked = 0, off = 0, large = 0;
    std::string first_off;
    testing_support::for_each_random_move(12, 160, 5, [&](chess::Position& pos, chess::Move) {
      const double expected = testing_support::layer_stack_evaluate(ref, pos);
      const int got = nnue::evaluate_position(net, pos);
      ++checked;
      if (std::abs(expected) > 50.0) ++large;
      if (!layer_stack_close(got, expected) && off++ == 0)
        first_off = pos.fen() + ": the engine " + std::to_string(got) + ", the reference " + std::to_string(expected);
    });
    EXPECT_EQ(off, 0) << c.spec << ": " << off << " of " << checked << " positions off, the first " << first_off;
    EXPECT_GT(checked, 500) << c.spec;
    EXPECT_GT(large, 50) << c.spec << ": evaluations beyond 50 cp, so that a wrong layer shows";
  }
}

TEST(LayerStackNetworks, IncrementalUpdatesEqualARefreshAfterEveryMove) {
  for (const LayerStackCase& c : LAYER_STACK_CASES) {
    const testing_support::LayerStackReference ref = testing_support::random_layer_stack(c.hidden, 3);
    const nnue::Network net = layer_stack_engine_network(ref, c.spec);
    int compared = 0, differing = 0;
    std::string first_differing;
    for (std::uint32_t seed = 1; seed <= 24; ++seed) {
      nnue::AccumulatorStack stack(net, 202);
      stack.reset(chess::Position::startpos());
      testing_support::for_each_random_move(1, 200, seed, [&](chess::Position& pos, chess::Move m) {
        stack.push(pos, m);
        chess::Position after = pos;
        chess::Undo undo;
        after.do_move(m, undo);
        const int incremental = stack.evaluate(after.side_to_move()), refreshed = nnue::evaluate_position(net, after);
        ++compared;
        if (incremental != refreshed && differing++ == 0)
          first_differing =
              after.fen() + ": incremental " + std::to_string(incremental) + ", refreshed " + std::to_string(refreshed);
      });
    }
    EXPECT_EQ(differing, 0) << c.spec << ": " << differing << " of " << compared << " moves differ, the first "
                            << first_differing;
    EXPECT_GT(compared, 1000) << c.spec;
  }
}

TEST(LayerStackNetworks, CastlingOnBothWingsOfBothSidesIsUpdatedAsARefresh) {
  for (const LayerStackCase& c : LAYER_STACK_CASES) {
    const testing_support::LayerStackReference ref = testing_support::random_layer_stack(c.hidden, 9);
    const nnue::Network net = layer_stack_engine_network(ref, c.spec);
    const std::vector<std::vector<const char*>> lines = {{"e1g1", "e8g8"}, {"e1c1", "e8c8"}, {"e1g1", "e8c8"}, {"e1c1", "e8g8"}};
    for (const std::vector<const char*>& line : lines) {
      auto pos = chess::Position::from_fen("r3k2r/pppq1ppp/2np1n2/2b1p3/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
      ASSERT_TRUE(pos.ok());
      nnue::AccumulatorStack stack(net, 4);
      chess::Position board = *pos;
      stack.reset(board);
      for (const char* uci : line) {
        const chess::Move m = chess::parse_uci(board, uci);
        ASSERT_TRUE(m.kind() == chess::MoveKind::CASTLING) << c.spec << " " << uci;
        stack.push(board, m);
        chess::Undo undo;
        board.do_move(m, undo);
        const int incremental = stack.evaluate(board.side_to_move());
        EXPECT_EQ(incremental, nnue::evaluate_position(net, board)) << c.spec << " " << uci << " " << board.fen();
        const double expected = testing_support::layer_stack_evaluate(ref, board);
        EXPECT_TRUE(layer_stack_close(incremental, expected))
            << c.spec << " " << uci << ": the engine " << incremental << ", the reference " << expected;
      }
    }
  }
}

TEST(LayerStackNetworks, AFileWhoseSizeDoesNotFitItsArchitectureIsRefusedNamingBoth) {
  const std::string bytes64 = testing_support::layer_stack_file_bytes(testing_support::random_layer_stack(64, 1));
  const std::string bytes48 = testing_support::layer_stack_file_bytes(testing_support::random_layer_stack(48, 1));
  // bullet's save list: l0w 7680 x N i16, l0b N i16, l1w 128 x N i8, then 128 + 4096 + 256 + 256 + 8 f32.
  ASSERT_EQ(bytes64.size(), std::size_t(1010368));  // 1010336 bytes of values and 32 of padding
  ASSERT_EQ(bytes48.size(), std::size_t(762496));   // a multiple of 64 without padding
  const std::string spec = "(768x10hm->64)x2->pairwise->(16->32->1)x8";
  auto arch = nnue::parse_architecture(spec);
  ASSERT_TRUE(arch.ok()) << arch.error();
  for (const std::string& bytes : {bytes48, bytes64.substr(0, bytes64.size() - 64), bytes64 + std::string(64, 'x')}) {
    auto net = nnue::parse_network(bytes, "stack.bin", *arch);
    ASSERT_FALSE(net.ok()) << bytes.size();
    EXPECT_NE(net.error().find("stack.bin: " + std::to_string(bytes.size()) + " bytes does not fit the architecture " + spec),
              std::string::npos)
        << net.error();
  }
  EXPECT_TRUE(nnue::parse_network(bytes64, "stack.bin", *arch).ok());
}

}  // namespace
