// PositionsTarget: games that finish ahead of the order are held until the games before them
// are stored; the target is reached by the shortest run of games in order; a stored run with a
// gap is refused.
#include "run/positions_target.h"

#include <gtest/gtest.h>

namespace {

harness::GameRecord game(int index, int scored) {
  harness::GameRecord g;
  g.game_index = index;
  for (int i = 0; i < scored + 1; ++i) {  // and one move without a score
    harness::MoveRecord m;
    m.has_score = i < scored;
    g.moves.push_back(m);
  }
  return g;
}

std::vector<int> indices(const std::vector<harness::GameRecord>& games) {
  std::vector<int> out;
  for (const auto& g : games) out.push_back(g.game_index);
  return out;
}

TEST(PositionsTarget, CountsTheMovesWithAScore) { EXPECT_EQ(harness::scored_positions(game(0, 7)), 7); }

TEST(PositionsTarget, AGameAheadOfTheOrderIsHeldUntilTheGamesBeforeItAreStored) {
  harness::PositionsTarget t(100);
  EXPECT_TRUE(t.arrived(game(2, 10)).empty());
  EXPECT_TRUE(t.arrived(game(1, 10)).empty());
  const auto ready = t.arrived(game(0, 10));
  EXPECT_EQ(indices(ready), (std::vector<int>{0, 1, 2}));
  for (const auto& g : ready) t.stored(harness::scored_positions(g));
  EXPECT_EQ(t.kept_games(), 3);
  EXPECT_EQ(t.positions(), 30);
  EXPECT_TRUE(t.arrived(game(4, 10)).empty());
  EXPECT_EQ(t.give_up_held(), 1);
  EXPECT_EQ(indices(t.arrived(game(3, 10))), (std::vector<int>{3}));
}

TEST(PositionsTarget, ReachedByTheGameWhosePositionsMakeTheTarget) {
  harness::PositionsTarget t(25);
  t.stored(10);
  t.stored(10);
  EXPECT_FALSE(t.reached());
  t.stored(5);
  EXPECT_TRUE(t.reached());
  EXPECT_FALSE(harness::PositionsTarget().reached()) << "no target is never reached";
}

TEST(PositionsTarget, SlotsStartGamesOnlyNearTheFirstNotStored) {
  harness::PositionsTarget t(100);
  EXPECT_TRUE(t.within_reach(3, 4));
  EXPECT_FALSE(t.within_reach(4, 4));
  t.stored(1);
  EXPECT_TRUE(t.within_reach(4, 4));
  EXPECT_TRUE(harness::PositionsTarget().within_reach(1000, 4)) << "without a target, no limit";
}

TEST(PositionsTarget, StoredGamesWithAGapAreRefused) {
  harness::PositionsTarget t(100);
  ASSERT_TRUE(t.stored_before(0, 10));
  auto gap = t.stored_before(2, 10);
  ASSERT_FALSE(gap);
  EXPECT_NE(gap.error().find("game 3 is stored but game 2 is not"), std::string::npos) << gap.error();
}

}  // namespace
