#include "stats/rating.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <utility>

namespace {

std::vector<std::string> names(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back("e" + std::to_string(i));
  return out;
}

double win(double rw, double rb, double adv, double draw) { return 1 / (1 + std::pow(10.0, (rb - rw - adv + draw) / 400)); }

// The games of White `w` against Black `b` whose counts are the model's own expectations.
void add_expected_games(std::vector<harness::RatedGame>& games, const std::vector<double>& elo, int w, int b, double adv,
                        double draw, int per_pairing) {
  const double pw = win(elo[std::size_t(w)], elo[std::size_t(b)], adv, draw);
  const double pb = win(elo[std::size_t(b)], elo[std::size_t(w)], -adv, draw);
  const int wins = int(std::lround(pw * per_pairing)), losses = int(std::lround(pb * per_pairing));
  for (int i = 0; i < per_pairing; ++i) games.push_back({w, b, i < wins ? 2 : i < wins + losses ? 0 : 1});
}

// Games of every pairing whose counts are the model's own expectations for these ratings:
// maximum likelihood must give the ratings back.
std::vector<harness::RatedGame> expected_games(const std::vector<double>& elo, double adv, double draw, int per_pairing) {
  std::vector<harness::RatedGame> games;
  for (int w = 0; w < int(elo.size()); ++w)
    for (int b = 0; b < int(elo.size()); ++b)
      if (w != b) add_expected_games(games, elo, w, b, adv, draw, per_pairing);
  return games;
}

harness::RatingSettings anchored(std::vector<harness::RatingAnchor> anchors, double prior_draws) {
  harness::RatingSettings settings;
  settings.anchors = std::move(anchors);
  settings.prior_draws = prior_draws;
  return settings;
}

// Games of every pairing, each drawn by `rng` from the model at these ratings: a made-up set
// with known strengths, as a tournament would give it.
std::vector<harness::RatedGame> sampled_games(const std::vector<double>& elo, double adv, double draw, int per_pairing,
                                              std::mt19937& rng) {
  std::vector<harness::RatedGame> games;
  std::uniform_real_distribution<double> u(0, 1);
  for (int w = 0; w < int(elo.size()); ++w)
    for (int b = 0; b < int(elo.size()); ++b) {
      if (w == b) continue;
      const double pw = win(elo[std::size_t(w)], elo[std::size_t(b)], adv, draw);
      const double pb = win(elo[std::size_t(b)], elo[std::size_t(w)], -adv, draw);
      for (int i = 0; i < per_pairing; ++i) {
        const double x = u(rng);
        games.push_back({w, b, x < pw ? 2 : x < pw + pb ? 0 : 1});
      }
    }
  return games;
}

// The anchors' scale recovered within the intervals: over 25 sets of sampled games, the 95 %
// intervals of the engines not anchored hold their true ratings in at least 85 % of the cases,
// and intervals of half their width in at most 85 %, with one anchor and with two (CCRL's
// figures for two of them, as a gauntlet's report uses).
TEST(Rating, SampledGamesGiveIntervalsThatHoldTheTrueRatingsOnTheAnchorsScale) {
  const std::vector<double> truth = {2644, 2750, 2850, 2580};
  for (const std::vector<harness::RatingAnchor>& anchors :
       {std::vector<harness::RatingAnchor>{{0, 2644}}, std::vector<harness::RatingAnchor>{{0, 2644}, {2, 2850}}}) {
    std::mt19937 rng(17);
    int held = 0, held_by_half = 0, cases = 0;
    for (int set = 0; set < 25; ++set) {
      auto list = harness::rate_games(names(4), sampled_games(truth, 30, 120, 150, rng), anchored(anchors, 2));
      ASSERT_TRUE(list) << list.error();
      for (std::size_t i = 0; i < truth.size(); ++i) {
        const bool anchor = i == 0 || (anchors.size() == 2 && i == 2);
        if (anchor) {
          EXPECT_EQ(list->elo[i], truth[i]);
          continue;
        }
        ++cases;
        held += std::abs(list->elo[i] - truth[i]) <= list->error[i];
        held_by_half += std::abs(list->elo[i] - truth[i]) <= list->error[i] / 2;
      }
    }
    EXPECT_GE(held, cases * 85 / 100) << held << " of " << cases << " intervals hold the truth, " << anchors.size()
                                      << " anchor(s)";
    // Not by being too wide: intervals of half the width (about one standard error) hold it in
    // about two cases of three.
    EXPECT_LE(held_by_half, cases * 85 / 100) << held_by_half << " of " << cases << " half intervals hold the truth, "
                                              << anchors.size() << " anchor(s)";
  }
}

TEST(Rating, MaximumLikelihoodGivesBackTheRatingsThatMadeTheGames) {
  const std::vector<double> truth = {0, 100, 250, -80};
  auto list = harness::rate_games(names(4), expected_games(truth, 30, 120, 20000), anchored({{0, 0}}, 0));
  ASSERT_TRUE(list) << list.error();
  for (std::size_t i = 0; i < truth.size(); ++i) EXPECT_NEAR(list->elo[i], truth[i], 0.5) << i;
  EXPECT_NEAR(list->white_advantage, 30, 0.5);
  EXPECT_NEAR(list->draw_elo, 120, 0.5);
  EXPECT_EQ(list->error[0], 0);  // the anchor
  for (std::size_t i = 1; i < truth.size(); ++i) EXPECT_GT(list->error[i], 0);
}

TEST(Rating, TheAnchorMovesEveryRatingByTheSameAmount) {
  const auto games = expected_games({0, 100, 250}, 30, 120, 400);
  auto a = harness::rate_games(names(3), games, anchored({{0, 0}}, 2)),
       b = harness::rate_games(names(3), games, anchored({{2, 1000}}, 2));
  ASSERT_TRUE(a && b);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_NEAR(b->elo[i] - a->elo[i], 1000 - a->elo[2], 1e-3);
}

TEST(Rating, ErrorBarsShrinkAsTheSquareRootOfTheGames) {
  auto few = harness::rate_games(names(3), expected_games({0, 50, 120}, 20, 150, 500), anchored({{0, 0}}, 0));
  auto many = harness::rate_games(names(3), expected_games({0, 50, 120}, 20, 150, 2000), anchored({{0, 0}}, 0));
  ASSERT_TRUE(few && many);
  EXPECT_NEAR(few->error[1] / many->error[1], 2.0, 0.1);
  // And they are of the size a two-engine match gives: about 14 Elo for 4,000 games here.
  EXPECT_GT(many->error[1], 5);
  EXPECT_LT(many->error[1], 30);
}

TEST(Rating, APerfectScoreHasNoEstimateWithoutAPriorAndOneWithIt) {
  std::vector<harness::RatedGame> games;
  for (int i = 0; i < 10; ++i) games.push_back({i % 2, 1 - i % 2, i % 2 == 0 ? 2 : 0});  // engine 0 wins every game
  EXPECT_FALSE(harness::rate_games(names(2), games, anchored({{1, 0}}, 0)));
  auto with_prior = harness::rate_games(names(2), games, anchored({{1, 0}}, 2));
  ASSERT_TRUE(with_prior) << with_prior.error();
  EXPECT_GT(with_prior->elo[0], 100);
}

// Without draws the draw width runs off to nothing: refused without a prior, fitted with one.
TEST(Rating, NoDrawHasNoDrawWidthWithoutAPrior) {
  std::vector<harness::RatedGame> games;
  for (int i = 0; i < 12; ++i) games.push_back({i % 2, 1 - i % 2, i % 3 == 0 ? 0 : 2});  // decisive, both engines win some
  auto refused = harness::rate_games(names(2), games, anchored({{0, 0}}, 0));
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("no game was drawn"), std::string::npos) << refused.error();
  auto fitted = harness::rate_games(names(2), games, anchored({{0, 0}}, 2));
  ASSERT_TRUE(fitted) << fitted.error();
  EXPECT_GT(fitted->draw_elo, 10);
}

// Engines that never met the anchor's group have no rating on its scale: named, not invented.
TEST(Rating, EnginesThatNeverMetHaveNoCommonScale) {
  auto list = harness::rate_games(names(4), {{0, 1, 2}, {1, 0, 1}, {2, 3, 1}, {3, 2, 0}}, anchored({{0, 0}}, 2));
  ASSERT_FALSE(list);
  EXPECT_NE(list.error().find("'e2' and 'e3' never played an anchored engine ('e0'), directly or through common opponents"),
            std::string::npos)
      << list.error();
}

// Anchors at the ratings that made the games: they stay exactly there, the others come back.
TEST(Rating, SeveralAnchorsHoldTheirRatingsAndTheOthersFitOnTheirScale) {
  const std::vector<double> truth = {0, 100, 250, -80};
  auto list = harness::rate_games(names(4), expected_games(truth, 30, 120, 20000), anchored({{0, 0}, {2, 250}}, 0));
  ASSERT_TRUE(list) << list.error();
  EXPECT_EQ(list->elo[0], 0);
  EXPECT_EQ(list->elo[2], 250);
  EXPECT_NEAR(list->elo[1], 100, 1);
  EXPECT_NEAR(list->elo[3], -80, 1);
  EXPECT_NEAR(list->white_advantage, 30, 0.5);
  EXPECT_NEAR(list->draw_elo, 120, 0.5);
  EXPECT_EQ(list->error[0], 0);
  EXPECT_EQ(list->error[2], 0);
  EXPECT_GT(list->error[1], 0);
  EXPECT_GT(list->error[3], 0);
}

// A rating held fixed is taken as known: the others' intervals narrow, never widen.
TEST(Rating, ASecondAnchorNarrowsTheOthersIntervals) {
  const auto games = expected_games({0, 100, 250, -80}, 30, 120, 400);
  auto one = harness::rate_games(names(4), games, anchored({{0, 0}}, 2));
  auto two = harness::rate_games(names(4), games, anchored({{0, 0}, {2, 250}}, 2));
  ASSERT_TRUE(one && two);
  EXPECT_LT(two->error[1], one->error[1]);
  EXPECT_LT(two->error[3], one->error[3]);
}

// Anchors the games disagree with are held all the same; an engine that played both is fitted
// between what each says of it.
TEST(Rating, AnchorsAreHeldWhereTheGamesWouldPutThemElsewhere) {
  auto list = harness::rate_games(names(4), expected_games({0, 100, 250, -80}, 30, 120, 400), anchored({{0, 0}, {2, 500}}, 2));
  ASSERT_TRUE(list) << list.error();
  EXPECT_EQ(list->elo[2], 500);
  EXPECT_GT(list->elo[1], 100 + 20);  // its games against e0 say 100, against e2 350
  EXPECT_LT(list->elo[1], 350 - 20);
}

// Two groups that never met, each with an anchor of its own: both rated, each on its anchor's
// scale (the draw width and the advantage are fitted over both).
TEST(Rating, AGroupWithAnAnchorOfItsOwnIsRated) {
  const std::vector<double> truth = {0, 100, 1000, 900};
  std::vector<harness::RatedGame> games;
  for (auto [w, b] : std::vector<std::pair<int, int>>{{0, 1}, {1, 0}, {2, 3}, {3, 2}})
    add_expected_games(games, truth, w, b, 30, 120, 20000);
  auto list = harness::rate_games(names(4), games, anchored({{0, 0}, {2, 1000}}, 0));
  ASSERT_TRUE(list) << list.error();
  EXPECT_NEAR(list->elo[1], 100, 1);
  EXPECT_NEAR(list->elo[3], 900, 1);
  EXPECT_NEAR(list->draw_elo, 120, 0.5);
}

TEST(Rating, AnEngineAnchoredAtTwoRatingsIsRefusedAtOneItCountsOnce) {
  const auto games = expected_games({0, 100, 250}, 30, 120, 400);
  auto refused = harness::rate_games(names(3), games, anchored({{1, 100}, {2, 250}, {1, 120}}, 2));
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("'e1' is anchored twice, at 100 and at 120"), std::string::npos) << refused.error();
  auto once = harness::rate_games(names(3), games, anchored({{1, 100}}, 2));
  auto twice = harness::rate_games(names(3), games, anchored({{1, 100}, {1, 100}}, 2));
  ASSERT_TRUE(once && twice);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(once->elo[i], twice->elo[i]) << i;
  EXPECT_FALSE(harness::rate_games(names(3), games, anchored({}, 2)));
  EXPECT_FALSE(harness::rate_games(names(3), games, anchored({{3, 0}}, 2)));
}

}  // namespace
