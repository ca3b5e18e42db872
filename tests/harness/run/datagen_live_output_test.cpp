#include "run/datagen_live_output.h"

#include <gtest/gtest.h>

#include <sstream>

#include "run/run_tally.h"

namespace {

// Two slots for 10 s, and moves of 2.9 ms each: the share counts their microseconds (whole
// milliseconds would count 2 ms a move and give 69 % instead of 100 %).
TEST(DatagenLiveOutput, CountsScoredPositionsAndTheEnginesShareInMicroseconds) {
  harness::MatchConfig config;
  config.engines = {harness::EngineConfig::named("a", "/bin/true"), harness::EngineConfig::named("b", "/bin/true")};
  config.games = 2;
  const harness::RunTally tally(config);
  harness::DatagenLiveOutput output(2);
  std::ostringstream out;
  harness::GameRecord game;
  for (int i = 0; i < 3448; ++i) {
    harness::MoveRecord m;
    m.time_ms = 2;
    m.time_us = 2900;
    m.has_score = i % 4 != 0;  // one move in four without a score (a book move, say)
    game.moves.push_back(m);
  }
  output.game_stored(out, game, tally, {1, 4, 1, 5.0});
  output.game_stored(out, game, tally, {2, 4, 2, 10.0});
  EXPECT_NE(out.str().find("Games 2/4  positions 5172 (517/s)"), std::string::npos) << out.str();
  output.ended(out, tally, {});
  EXPECT_NE(out.str().find("Datagen: 5172 positions in 10.0 s (517/s); the engines searched 100.0 % of the 2 slots' time"),
            std::string::npos)
      << out.str();
}

}  // namespace
