// Reference values: the Elo, normalized Elo and LOS figures Stockfish's testing framework
// computes for these counts (as also checked by fastchess's test suite).
#include "stats/elo.h"

#include <gtest/gtest.h>

namespace {

using harness::EloEstimate;

TEST(Elo, TrinomialReferenceValues) {
  EloEstimate a = harness::elo_from_wdl(76, 123, 89);  // wins, draws, losses
  EXPECT_NEAR(a.nelo, -20.76, 0.01);
  EXPECT_NEAR(a.nelo_error, 40.13, 0.01);
  EXPECT_NEAR(a.los * 100, 15.53, 0.01);
  EloEstimate b = harness::elo_from_wdl(136, 111, 96);
  EXPECT_NEAR(b.nelo, 49.77, 0.01);
  EXPECT_NEAR(b.nelo_error, 36.77, 0.01);
  EXPECT_NEAR(b.elo, 40.70, 0.01);
  EXPECT_NEAR(b.elo_error, 30.43, 0.01);
  EXPECT_NEAR(b.los * 100, 99.60, 0.01);
  EloEstimate c = harness::elo_from_wdl(34, 0, 356);
  EXPECT_NEAR(c.nelo, -508.44, 0.01);
  EXPECT_NEAR(c.nelo_error, 34.48, 0.01);
}

TEST(Elo, PentanomialReferenceValues) {
  // Counts of pairs scoring 0, 1/2, 1, 3/2, 2 points: LL, LD, WL+DD, WD, WW.
  EloEstimate a = harness::elo_from_pentanomial({34, 54, 31 + 32, 64, 75});
  EXPECT_NEAR(a.nelo, 57.94, 0.01);
  EXPECT_NEAR(a.nelo_error, 28.28, 0.01);
  EXPECT_NEAR(a.elo, 55.58, 0.01);
  EXPECT_NEAR(a.elo_error, 27.65, 0.01);
  EloEstimate b = harness::elo_from_pentanomial({332, 433, 457 + 41, 333, 334});
  EXPECT_NEAR(b.nelo, -9.17, 0.01);
  EXPECT_NEAR(b.nelo_error, 10.96, 0.01);
  EXPECT_NEAR(b.elo, -8.64, 0.01);
  EXPECT_NEAR(b.elo_error, 10.33, 0.01);
  EXPECT_NEAR(b.los * 100, 5.05, 0.01);
  EloEstimate c = harness::elo_from_pentanomial({7895, 8757, 5485 + 200, 568, 9999});
  EXPECT_NEAR(c.nelo, -19.01, 0.01);
  EXPECT_NEAR(c.nelo_error, 2.65, 0.01);
  EXPECT_NEAR(c.elo, -21.04, 0.01);
  EXPECT_NEAR(c.elo_error, 2.95, 0.01);
}

TEST(Elo, ScoreConversionsAreInverse) {
  for (double elo : {-400.0, -35.0, 0.0, 12.5, 300.0}) EXPECT_NEAR(harness::score_to_elo(harness::elo_to_score(elo)), elo, 1e-9);
  EXPECT_DOUBLE_EQ(harness::elo_to_score(0), 0.5);
}

}  // namespace
