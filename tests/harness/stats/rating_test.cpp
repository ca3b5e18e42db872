#include "stats/rating.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

std::vector<std::string> names(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back("e" + std::to_string(i));
  return out;
}

double win(double rw, double rb, double adv, double draw) { return 1 / (1 + std::pow(10.0, (rb - rw - adv + draw) / 400)); }

// Games whose counts are the model's own expectations for these ratings: maximum likelihood
// must give the ratings back.
std::vector<harness::RatedGame> expected_games(const std::vector<double>& elo, double adv, double draw, int per_pairing) {
  std::vector<harness::RatedGame> games;
  for (int w = 0; w < int(elo.size()); ++w)
    for (int b = 0; b < int(elo.size()); ++b) {
      if (w == b) continue;
      const double pw = win(elo[std::size_t(w)], elo[std::size_t(b)], adv, draw);
      const double pb = win(elo[std::size_t(b)], elo[std::size_t(w)], -adv, draw);
      const int wins = int(std::lround(pw * per_pairing)), losses = int(std::lround(pb * per_pairing));
      for (int i = 0; i < per_pairing; ++i) games.push_back({w, b, i < wins ? 2 : i < wins + losses ? 0 : 1});
    }
  return games;
}

TEST(Rating, MaximumLikelihoodGivesBackTheRatingsThatMadeTheGames) {
  const std::vector<double> truth = {0, 100, 250, -80};
  auto list = harness::rate_games(names(4), expected_games(truth, 30, 120, 20000), {0, 0, 0});
  ASSERT_TRUE(list) << list.error();
  for (std::size_t i = 0; i < truth.size(); ++i) EXPECT_NEAR(list->elo[i], truth[i], 0.5) << i;
  EXPECT_NEAR(list->white_advantage, 30, 0.5);
  EXPECT_NEAR(list->draw_elo, 120, 0.5);
  EXPECT_EQ(list->error[0], 0);  // the anchor
  for (std::size_t i = 1; i < truth.size(); ++i) EXPECT_GT(list->error[i], 0);
}

TEST(Rating, TheAnchorMovesEveryRatingByTheSameAmount) {
  const auto games = expected_games({0, 100, 250}, 30, 120, 400);
  auto a = harness::rate_games(names(3), games, {0, 0, 2}), b = harness::rate_games(names(3), games, {2, 1000, 2});
  ASSERT_TRUE(a && b);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_NEAR(b->elo[i] - a->elo[i], 1000 - a->elo[2], 1e-3);
}

TEST(Rating, ErrorBarsShrinkAsTheSquareRootOfTheGames) {
  auto few = harness::rate_games(names(3), expected_games({0, 50, 120}, 20, 150, 500), {0, 0, 0});
  auto many = harness::rate_games(names(3), expected_games({0, 50, 120}, 20, 150, 2000), {0, 0, 0});
  ASSERT_TRUE(few && many);
  EXPECT_NEAR(few->error[1] / many->error[1], 2.0, 0.1);
  // And they are of the size a two-engine match gives: about 14 Elo for 4,000 games here.
  EXPECT_GT(many->error[1], 5);
  EXPECT_LT(many->error[1], 30);
}

TEST(Rating, APerfectScoreHasNoEstimateWithoutAPriorAndOneWithIt) {
  std::vector<harness::RatedGame> games;
  for (int i = 0; i < 10; ++i) games.push_back({i % 2, 1 - i % 2, i % 2 == 0 ? 2 : 0});  // engine 0 wins every game
  EXPECT_FALSE(harness::rate_games(names(2), games, {1, 0, 0}));
  auto with_prior = harness::rate_games(names(2), games, {1, 0, 2});
  ASSERT_TRUE(with_prior) << with_prior.error();
  EXPECT_GT(with_prior->elo[0], 100);
}

// Without draws the draw width runs off to nothing: refused without a prior, fitted with one.
TEST(Rating, NoDrawHasNoDrawWidthWithoutAPrior) {
  std::vector<harness::RatedGame> games;
  for (int i = 0; i < 12; ++i) games.push_back({i % 2, 1 - i % 2, i % 3 == 0 ? 0 : 2});  // decisive, both engines win some
  auto refused = harness::rate_games(names(2), games, {0, 0, 0});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("no game was drawn"), std::string::npos) << refused.error();
  auto fitted = harness::rate_games(names(2), games, {0, 0, 2});
  ASSERT_TRUE(fitted) << fitted.error();
  EXPECT_GT(fitted->draw_elo, 10);
}

TEST(Rating, EnginesThatNeverMetHaveNoCommonScale) {
  auto list = harness::rate_games(names(4), {{0, 1, 2}, {1, 0, 1}, {2, 3, 1}, {3, 2, 0}}, {0, 0, 2});
  ASSERT_FALSE(list);
  EXPECT_NE(list.error().find("never played"), std::string::npos);
}

}  // namespace
