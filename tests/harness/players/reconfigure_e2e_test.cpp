// A UCI engine takes another configuration of the same program by "setoption" between games,
// without a restart; an option left out goes back to the engine's default.
#include <gtest/gtest.h>

#include <chrono>

#include "core/game.h"
#include "players/uci_player.h"

using namespace std::chrono_literals;

namespace {

harness::EngineConfig mock_config(const std::string& name, const std::string& move_index) {
  harness::EngineConfig e;
  e.name = name;
  e.command = MOCK_ENGINE_PATH;
  e.args = {"option-moves"};
  if (!move_index.empty()) e.options.emplace_back("Move Index", move_index);
  return e;
}

// The move the engine plays from the start position (the option's index among the 20 moves).
std::string move_from_start(harness::UciPlayer& player) {
  chess::Game game;
  harness::ThinkRequest request;
  request.game = &game;
  request.tc.kind = harness::TimeControl::Kind::DEPTH;
  request.tc.depth = 1;
  request.deadline = std::chrono::steady_clock::now() + 30s;
  EXPECT_TRUE(player.new_game(request.tc, chess::Variant::STANDARD));
  return player.think(request).move;
}

TEST(Reconfigure, SetsChangedOptionsWithoutARestartAndRestoresDefaults) {
  harness::UciPlayer player(mock_config("a", "1"), "");
  ASSERT_TRUE(player.start());
  ASSERT_NE(harness::find_uci_option(player.declared_options(), "Move Index"), nullptr);
  // Alphabetically the 20 legal moves start a2a3, a2a4, b1a3, b1c3, b2b3.
  EXPECT_EQ(move_from_start(player), "a2a4");
  ASSERT_TRUE(player.reconfigure(mock_config("b", "4")));
  EXPECT_EQ(player.name(), "b");
  EXPECT_EQ(move_from_start(player), "b2b3");
  ASSERT_TRUE(player.reconfigure(mock_config("c", "")));  // Move Index left out: back to its default 0
  EXPECT_EQ(move_from_start(player), "a2a3");
  EXPECT_TRUE(player.alive());
}

TEST(Reconfigure, RefusesAnotherProgram) {
  harness::UciPlayer player(mock_config("a", "1"), "");
  ASSERT_TRUE(player.start());
  harness::EngineConfig other = mock_config("b", "1");
  other.args = {"random"};
  EXPECT_FALSE(player.reconfigure(other));
  EXPECT_EQ(player.name(), "a");
}

}  // namespace
