#include "inference/accumulator.h"

#include <gtest/gtest.h>

#include <random>

#include "core/movegen.h"
#include "inference/output.h"
#include "support/test_networks.h"

namespace {

nnue::Network test_network() {
  auto net = nnue::parse_network(testing_support::random_network_bytes(48, 300, 127, 2000, 11), "test");
  EXPECT_TRUE(net.ok());
  return std::move(net).value();
}

// Walks random games (with null moves between some moves), checking after every move and every
// take-back that the incrementally kept sums equal sums made from scratch.
struct Seen {
  int checked = 0, castling = 0, en_passant = 0, promotions = 0, captures = 0;
};

void walk(const nnue::Network& net, chess::Position pos, int plies, std::mt19937& rng, Seen& seen) {
  int& checked = seen.checked;
  nnue::AccumulatorStack stack(net, plies + 2);
  stack.reset(pos);
  std::vector<std::int16_t> white(std::size_t(net.stride)), black(std::size_t(net.stride));
  auto expect_fresh = [&](const chess::Position& p) {
    nnue::refresh(net, p, white.data(), black.data());
    ASSERT_TRUE(std::equal(white.begin(), white.end(), stack.current(chess::WHITE))) << p.fen();
    ASSERT_TRUE(std::equal(black.begin(), black.end(), stack.current(chess::BLACK))) << p.fen();
    ASSERT_EQ(stack.evaluate(p.side_to_move()), nnue::evaluate_position(net, p)) << p.fen();
    ++checked;
  };
  std::vector<std::pair<chess::Move, chess::Undo>> path;
  for (int ply = 0; ply < plies; ++ply) {
    chess::MoveList moves = chess::legal_moves(pos);
    if (moves.empty()) break;
    chess::Undo undo;
    if (rng() % 8 == 0 && !pos.in_check()) {
      stack.push_null();
      pos.do_null_move(undo);
      expect_fresh(pos);
      stack.pop();
      pos.undo_null_move(undo);
    }
    const chess::Move m = moves[int(rng() % unsigned(moves.size()))];
    seen.castling += m.kind() == chess::MoveKind::CASTLING;
    seen.en_passant += m.kind() == chess::MoveKind::EN_PASSANT;
    seen.promotions += m.is_promotion();
    seen.captures += pos.is_capture(m);
    stack.push(pos, m);
    pos.do_move(m, undo);
    path.push_back({m, undo});
    if (rng() % 3 != 0) expect_fresh(pos);  // some plies left for the next evaluation to catch up
  }
  while (!path.empty()) {
    stack.pop();
    pos.undo_move(path.back().first, path.back().second);
    path.pop_back();
    expect_fresh(pos);
  }
}

TEST(Accumulators, IncrementalSumsEqualAFreshSumAfterEveryMove) {
  const nnue::Network net = test_network();
  std::mt19937 rng(5);
  Seen seen;
  // Castling both ways, en passant and promotions (with and without capture) come up in these.
  const char* starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",  // Chess960 castling
  };
  for (const char* fen : starts)
    for (int game = 0; game < 40; ++game) walk(net, chess::Position::from_fen(fen).value(), 120, rng, seen);
  EXPECT_GT(seen.checked, 20000);
  EXPECT_GT(seen.castling, 0);
  EXPECT_GT(seen.en_passant, 0);
  EXPECT_GT(seen.promotions, 0);
  EXPECT_GT(seen.captures, 0);
}

}  // namespace
