#include "network_training/feature_packing.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/movegen.h"

namespace {

// The features numbered a square at a time from the piece on it, as nnue::feature_index does.
std::array<std::uint16_t, 32> by_squares(const chess::Position& pos, int& count) {
  std::array<std::uint16_t, 32> out{};
  count = 0;
  for (chess::Bitboard b = pos.pieces(); b; b &= b - 1) {
    const auto sq = chess::Square(__builtin_ctzll(b));
    out[std::size_t(count++)] = std::uint16_t(nnue::feature_index(pos.side_to_move(), pos.piece_on(sq), sq));
  }
  return out;
}

void expect_packed_alike(const chess::Position& pos, const std::string& what) {
  int count = 0;
  const auto expected = by_squares(pos, count);
  std::array<std::uint16_t, 32> packed;
  packed.fill(0xFFFF);  // every lane is written: the ones past the count with 0
  ASSERT_EQ(tuner::pack_features(pos, packed), count) << what;
  for (std::size_t k = 0; k < 32; ++k) ASSERT_EQ(packed[k], expected[k]) << what << ", lane " << k;
}

// Positions of random games from the start, both sides to move, from full boards to bare kings.
TEST(FeaturePacking, EveryPositionOfRandomGamesIsNumberedAsSquareBySquare) {
  std::mt19937 rng(41);
  int positions = 0;
  for (int game = 0; game < 60; ++game) {
    chess::Position pos = chess::Position::startpos();
    for (int ply = 0; ply < 300; ++ply) {
      expect_packed_alike(pos, pos.fen());
      ++positions;
      const chess::MoveList moves = chess::legal_moves(pos);
      if (moves.empty()) break;
      chess::Undo undo;
      pos.do_move(moves[int(rng() % unsigned(moves.size()))], undo);
    }
  }
  EXPECT_GT(positions, 5000);
}

TEST(FeaturePacking, FullRanksAndAFewPieces) {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "7k/8/8/8/8/8/8/K7 w - - 0 1",
                          "k7/8/8/8/8/8/8/7K b - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}) {
    expect_packed_alike(chess::Position::from_fen(fen).value(), fen);
  }
}

}  // namespace
