// The writers of harness positions, fed by hand: a viriformat game with a move that has no
// score becomes two records, and a binpack of 40,000 positions is cut into chunks of at least
// 1 MiB at entry boundaries with none empty, every entry kept.
#include "datagen/position_writers.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/game.h"
#include "harness/datagen/trainer_readers.h"

namespace {

std::unique_ptr<harness::PositionWriter> writer(const std::string& format, std::ostream& out) {
  return harness::parse_position_format(format).value().make_writer(out);
}

TEST(PositionWriters, AViriformatMoveWithoutAScoreEndsARecordAndTheNextScoredMoveStartsOne) {
  std::ostringstream out;
  auto w = writer("viriformat", out);
  chess::Game game;
  w->begin_game(game.position(), harness::WhiteResult::WHITE_WIN);
  const std::pair<const char*, std::optional<int>> moves[] = {{"e2e4", 30}, {"e7e5", std::nullopt}, {"g1f3", 25}, {"b8c6", -20}};
  std::string second_start;
  for (const auto& [uci, score] : moves) {
    const chess::Position before = game.position();
    if (std::string(uci) == "g1f3") second_start = before.fen();
    EXPECT_EQ(w->move(before, game.play_uci(uci).value(), score, true), score.has_value()) << uci;
  }
  w->end_game();
  const auto games = readers::viriformat(out.str());
  ASSERT_TRUE(games);
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].moves.size(), 1u);
  EXPECT_EQ((*games)[0].start.placement(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  ASSERT_EQ((*games)[1].moves.size(), 2u);
  EXPECT_EQ((*games)[1].start.placement(), second_start.substr(0, second_start.find(' ')));
  EXPECT_EQ((*games)[1].start.result, 2);
  EXPECT_EQ((*games)[1].moves[1].second, -20);
}

TEST(PositionWriters, BinpackChunksHoldAtLeastAMebibyteAndEveryEntry) {
  std::ostringstream out;
  auto w = writer("binpack", out);
  chess::Game game;
  w->begin_game(game.position(), harness::WhiteResult::DRAW);
  const int entries = 40000;
  for (int i = 0; i < entries; ++i) ASSERT_TRUE(w->move(game.position(), chess::Move::none(), i % 500, true));
  w->end_game();
  w->finish();
  const std::string bytes = out.str();
  std::vector<std::size_t> chunks;
  for (std::size_t at = 0; at + 8 <= bytes.size(); at += 8 + chunks.back()) {
    ASSERT_EQ(bytes.compare(at, 4, "BINP"), 0) << at;
    chunks.push_back(std::size_t(readers::le(reinterpret_cast<const std::uint8_t*>(bytes.data()) + at + 4, 4)));
  }
  ASSERT_GE(chunks.size(), 2u);
  EXPECT_GE(chunks.front(), std::size_t(1) << 20);
  for (std::size_t size : chunks) {
    EXPECT_GT(size, 0u);
    EXPECT_EQ(size % 34, 0u);
  }
  const auto read = readers::binpack(bytes);
  ASSERT_TRUE(read);
  ASSERT_EQ(read->size(), std::size_t(entries));
  EXPECT_EQ(read->back().score, (entries - 1) % 500);
}

}  // namespace
