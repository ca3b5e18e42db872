// The referee with players that stand in for a runner at fault: a move that "timed out" before
// the time it was allowed had passed is not a loss for the engine (a clock whose deadline the
// runner got wrong once stored "White loses on time (no move)" at ply 0): the game is not
// played, and says why. A real timeout is still the engine's loss.
#include "game/game_runner.h"

#include <gtest/gtest.h>

#include <thread>

#include "core/position.h"

namespace {

using harness::ThinkResult;
using harness::ThinkStatus;

// Answers every move with a timeout: at once (a runner whose wait ended before its deadline),
// or when the request's deadline has passed (an engine that stalls).
class TimingOutPlayer : public harness::Player {
 public:
  TimingOutPlayer(const std::string& name, bool waits) : Player(config_named(name), ""), waits_(waits) {}
  chess::Result<bool> start() override { return true; }
  bool new_game(const harness::TimeControl&, chess::Variant) override { return true; }
  ThinkResult think(const harness::ThinkRequest& request) override {
    if (waits_) std::this_thread::sleep_until(request.deadline);
    ThinkResult r;
    r.status = ThinkStatus::TIMEOUT;
    return r;
  }
  void stop() override { stopped_ = true; }
  bool alive() override { return !stopped_; }
  std::string cannot_play(chess::Variant) const override { return {}; }
  bool stopped() const { return stopped_; }

 private:
  static harness::EngineConfig config_named(const std::string& name) {
    harness::EngineConfig c;
    c.name = name;
    return c;
  }
  bool waits_;
  bool stopped_ = false;
};

harness::Opening start() { return {std::string(chess::START_FEN), {}, "start"}; }

harness::GameSettings clock_of(std::int64_t ms) {
  harness::GameSettings s;
  s.tc = harness::TimeControl::clock(0, ms, 10);
  return s;
}

TEST(GameRunner, AMoveTheRunnerTimedOutTooEarlyIsNoLoss) {
  TimingOutPlayer white("early", false), black("black", false);
  auto played = harness::play_game(white, black, start(), clock_of(10000));
  ASSERT_FALSE(played) << "stored as " << played->reason;
  EXPECT_NE(played.error().find("the runner gave up on engine 'early' after "), std::string::npos) << played.error();
  EXPECT_NE(played.error().find(" ms of the 10001 ms its move was allowed"), std::string::npos) << played.error();
  EXPECT_TRUE(white.stopped());
  EXPECT_TRUE(black.stopped());
}

TEST(GameRunner, AMoveThatTimedOutAfterItsTimeIsTheEnginesLoss) {
  TimingOutPlayer white("slow", true), black("black", false);
  auto played = harness::play_game(white, black, start(), clock_of(200));
  ASSERT_TRUE(played) << played.error();
  EXPECT_EQ(played->result, chess::GameResult::BLACK_WINS);
  EXPECT_EQ(played->end, harness::GameEnd::STALL);
}

}  // namespace
