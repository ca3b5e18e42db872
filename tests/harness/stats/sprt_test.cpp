// Reference LLRs computed by Stockfish's testing framework for these counts and bounds
// (also used by fastchess's tests), to two decimals.
#include "stats/sprt.h"

#include <gtest/gtest.h>

namespace {

using harness::EloModel;
using harness::SprtConfig;

double tri(int wins, int losses, int draws, double elo0, double elo1, EloModel model) {
  return harness::sprt_llr(std::vector<double>{double(losses), double(draws), double(wins)},
                           SprtConfig{elo0, elo1, 0.05, 0.05, model});
}

// Pairs: LL, LD, WL, DD, WD, WW as fishtest lists them (WL and DD both score one point).
double penta(int ll, int ld, int wl, int dd, int wd, int ww, double elo0, double elo1, EloModel model) {
  return harness::sprt_llr(std::vector<double>{double(ll), double(ld), double(wl + dd), double(wd), double(ww)},
                           SprtConfig{elo0, elo1, 0.05, 0.05, model});
}

TEST(Sprt, NormalizedTrinomial) {
  EXPECT_NEAR(tri(36433, 36027, 68692, 0, 2, EloModel::NORMALIZED), 0.92, 0.005);
  EXPECT_NEAR(tri(10871, 10650, 20431, -1.75, 0.25, EloModel::NORMALIZED), 2.30, 0.005);
}

TEST(Sprt, LogisticTrinomial) {
  EXPECT_NEAR(tri(21404, 21184, 40708, 0.5, 2.5, EloModel::LOGISTIC), -1.57, 0.005);
  EXPECT_NEAR(tri(57433, 57030, 106593, 0, 2, EloModel::LOGISTIC), -2.59, 0.005);
}

TEST(Sprt, NormalizedPentanomial) {
  EXPECT_NEAR(penta(365, 16618, 36029, 200, 16974, 390, 0, 2, EloModel::NORMALIZED), 2.25, 0.005);
  EXPECT_NEAR(penta(127, 4883, 10311, 401, 5150, 104, -1.75, 0.25, EloModel::NORMALIZED), 3.01, 0.005);
}

TEST(Sprt, LogisticPentanomial) {
  EXPECT_NEAR(penta(223, 9863, 20279, 1000, 10037, 246, 0.5, 2.5, EloModel::LOGISTIC), -3.07, 0.005);
  EXPECT_NEAR(penta(871, 26175, 55003, 980, 26678, 821, 0, 2, EloModel::LOGISTIC), -4.98, 0.005);
}

TEST(Sprt, BoundsAndDecisions) {
  SprtConfig c{0, 5, 0.05, 0.05, EloModel::NORMALIZED};
  EXPECT_NEAR(c.lower_bound(), -2.94, 0.005);
  EXPECT_NEAR(c.upper_bound(), 2.94, 0.005);
  EXPECT_EQ(harness::sprt_decision(3.0, c), harness::SprtDecision::ACCEPT_H1);
  EXPECT_EQ(harness::sprt_decision(-3.0, c), harness::SprtDecision::ACCEPT_H0);
  EXPECT_EQ(harness::sprt_decision(0.1, c), harness::SprtDecision::CONTINUE);
}

TEST(Sprt, ParsesAndRejectsSpecs) {
  auto ok = harness::parse_sprt("elo0=0 elo1=5 alpha=0.05 beta=0.1 model=logistic");
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_EQ(ok->elo1, 5);
  EXPECT_EQ(ok->beta, 0.1);
  EXPECT_EQ(ok->model, EloModel::LOGISTIC);
  EXPECT_EQ(harness::parse_sprt("elo0=0 elo2=5").error(), "--sprt: unknown key 'elo2' (did you mean 'elo0'?)");
  EXPECT_EQ(harness::parse_sprt("elo0=x").error(), "--sprt: 'elo0' needs a number, got 'x'");
  EXPECT_EQ(harness::parse_sprt("elo0=5 elo1=0").error(), "--sprt: elo0 must be below elo1");
  EXPECT_EQ(harness::parse_sprt("model=bayes").error(), "--sprt: model must be 'normalized' or 'logistic', got 'bayes'");
  // Both bounds are needed: a default elo1 would test another hypothesis than the user's.
  EXPECT_EQ(
      harness::parse_sprt("elo0=0").error(),
      "--sprt: missing 'elo1': give both bounds, e.g. \"elo0=0 elo1=5\" (alpha and beta default to 0.05, model to normalized)");
  EXPECT_EQ(harness::parse_sprt("elo0=0 elo0=1 elo1=5").error(), "--sprt: 'elo0' is given twice");
}

}  // namespace
