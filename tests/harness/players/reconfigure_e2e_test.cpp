// A UCI engine takes another configuration of the same program by "setoption" between games,
// without a restart, only when that cannot change what it plays: the same options in the same
// order, every one of them sent again with the init strings, as a new process gets them. An
// option left out would rest on the engine going back to its default by itself: not reused.
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

TEST(Reconfigure, SetsNewValuesOfTheSameOptionsWithoutARestart) {
  harness::UciPlayer player(mock_config("a", "1"), "");
  ASSERT_TRUE(player.start());
  ASSERT_NE(harness::find_uci_option(player.declared_options(), "Move Index"), nullptr);
  // Alphabetically the 20 legal moves start a2a3, a2a4, b1a3, b1c3, b2b3.
  EXPECT_EQ(move_from_start(player), "a2a4");
  ASSERT_TRUE(player.reconfigure(mock_config("b", "4")));
  EXPECT_EQ(player.name(), "b");
  EXPECT_EQ(move_from_start(player), "b2b3");
  EXPECT_TRUE(player.alive());
}

// Before, "Move Index" left out was set to its declared default: an engine that does not go
// back to its start by that (as the project's engine did for evaluation weights) kept b's.
TEST(Reconfigure, LeavesNoOptionToTheEnginesDefault) {
  harness::UciPlayer player(mock_config("b", "4"), "");
  ASSERT_TRUE(player.start());
  EXPECT_FALSE(player.reconfigure(mock_config("c", "")));
  EXPECT_FALSE(player.reconfigure(mock_config("a", "")));
  EXPECT_EQ(player.name(), "b");
  EXPECT_EQ(move_from_start(player), "b2b3");  // untouched, still b's
}

// Init strings come after the options in a start; before, a reused process was sent only the
// changed option, so an init string that sets it again was undone.
TEST(Reconfigure, SendsWhatANewProcessIsSentInItsOrder) {
  harness::EngineConfig a = mock_config("a", "1");
  a.init_strings = {"setoption name Move Index value 7"};
  harness::UciPlayer player(a, "");
  ASSERT_TRUE(player.start());
  EXPECT_EQ(move_from_start(player), "c2c4");  // the init string's index, 7
  harness::EngineConfig b = mock_config("b", "4");
  b.init_strings = a.init_strings;
  ASSERT_TRUE(player.reconfigure(b));
  EXPECT_EQ(move_from_start(player), "c2c4");
}

// Before, only the name and options were taken: an engine configured like another but with a
// limit of its own played a reused process with the other's limit.
TEST(Reconfigure, TakesTheWholeConfigurationItPlays) {
  harness::UciPlayer player(mock_config("a", "1"), "");
  ASSERT_TRUE(player.start());
  harness::EngineConfig c = mock_config("c", "1");
  c.limit = harness::TimeControl::fixed_depth(2);
  c.time_margin_ms = 25;
  ASSERT_TRUE(player.reconfigure(c));
  EXPECT_EQ(player.name(), "c");
  ASSERT_TRUE(player.config().limit.has_value());
  EXPECT_EQ(player.config().limit->depth, 2);
  EXPECT_EQ(player.config().time_margin_ms.value_or(-1), 25);
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
