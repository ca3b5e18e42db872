#include "match/match_config.h"

#include <gtest/gtest.h>

namespace {

harness::MatchConfig tournament(harness::TournamentKind kind, int engines, int rounds, bool opening_per_round) {
  harness::MatchConfig c;
  c.kind = kind;
  for (int i = 0; i < engines; ++i) c.engines.push_back({"e" + std::to_string(i), "/bin/true"});
  c.rounds = rounds;
  c.opening_per_round = opening_per_round;
  return c;
}

TEST(Schedule, PairsPlayTwoKPlusOneAgainstTwoK) {
  auto schedule = harness::make_schedule(tournament(harness::TournamentKind::PAIRS, 6, 2, false));
  ASSERT_EQ(schedule.size(), 12u);  // 3 pairs of engines, a game pair each, two rounds
  for (const harness::GameSpec& g : schedule) {
    EXPECT_EQ(std::min(g.white, g.black) % 2, 0);
    EXPECT_EQ(std::max(g.white, g.black), std::min(g.white, g.black) + 1);
    EXPECT_EQ(g.opening, g.pair_index);  // each game pair its own opening
  }
  EXPECT_EQ(schedule[0].white, schedule[1].black);  // colours reversed within a pair
}

TEST(Schedule, AGauntletRoundCanShareOneOpening) {
  auto shared = harness::make_schedule(tournament(harness::TournamentKind::GAUNTLET, 5, 3, true));
  ASSERT_EQ(shared.size(), 24u);
  for (const harness::GameSpec& g : shared) {
    EXPECT_TRUE(g.white == 0 || g.black == 0);
    EXPECT_EQ(g.opening, g.pair_index / 4);  // the round's opening for all four encounters
  }
  auto own = harness::make_schedule(tournament(harness::TournamentKind::GAUNTLET, 5, 3, false));
  EXPECT_EQ(own.back().opening, 11);
}

TEST(Schedule, TheOpeningChoiceSurvivesTheStoredConfiguration) {
  auto c = tournament(harness::TournamentKind::PAIRS, 4, 1, true);
  auto back = harness::MatchConfig::from_json(c.to_json());
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->kind, harness::TournamentKind::PAIRS);
  EXPECT_TRUE(back->opening_per_round);
}

}  // namespace
