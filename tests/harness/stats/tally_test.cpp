#include "stats/tally.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "stats/elo.h"
#include "stats/results_block.h"

namespace {

using harness::Outcome2;

TEST(Tally, PentanomialCountsPairsByIdWhateverTheFinishingOrder) {
  harness::TallyBuilder b;
  b.add(3, Outcome2::WIN);   // pair 1, second game first
  b.add(0, Outcome2::DRAW);  // pair 0
  b.add(5, Outcome2::LOSS);  // pair 2, incomplete
  b.add(2, Outcome2::WIN);   // pair 1 complete: WW
  b.add(1, Outcome2::LOSS);  // pair 0 complete: DL
  harness::Tally t = b.tally();
  EXPECT_EQ(t.wins, 2);
  EXPECT_EQ(t.draws, 1);
  EXPECT_EQ(t.losses, 2);
  EXPECT_EQ(t.pairs(), 2);
  EXPECT_EQ(t.pentanomial[4], 1);  // WW
  EXPECT_EQ(t.pentanomial[1], 1);  // LD
}

// Unpaired games: W/D/L only, and the block gives fastchess's trinomial figures (reference
// values from fastchess's EloWDL formulas, computed apart: W-D-L 40-30-30 is 34.86 +/- 57.68,
// nElo 41.83 +/- 68.10, LOS 88.57 %) and says it is trinomial.
TEST(Tally, UnpairedGamesGiveTrinomialStatistics) {
  harness::TallyBuilder b(false);
  for (int g = 0; g < 100; ++g) b.add(g, g < 40 ? Outcome2::WIN : g < 70 ? Outcome2::DRAW : Outcome2::LOSS);
  const harness::Tally t = b.tally();
  EXPECT_EQ(t.pairs(), 0);
  EXPECT_EQ(b.paired_tally().games(), 100);
  const std::string block = harness::results_block("A vs B", t, std::nullopt);
  EXPECT_NE(block.find("Elo: 34.86 +/- 57.68, nElo: 41.83 +/- 68.10\nLOS: 88.57 %, DrawRatio: 30.00 %\n"), std::string::npos)
      << block;
  EXPECT_EQ(block.find("Ptnml"), std::string::npos) << block;
  EXPECT_NE(block.find("trinomial"), std::string::npos) << block;
}

TEST(Report, PrintsTheLineFormatsOfTheCommonRunners) {
  harness::TallyBuilder b;
  for (int g = 0; g < 10; ++g) b.add(g, g % 3 == 0 ? Outcome2::WIN : g % 3 == 1 ? Outcome2::DRAW : Outcome2::LOSS);
  std::string block = harness::results_block("A vs B", b.tally(), harness::SprtConfig{});
  EXPECT_NE(block.find("Results of A vs B:\nElo: "), std::string::npos) << block;
  EXPECT_NE(block.find(", nElo: "), std::string::npos);
  EXPECT_NE(block.find("\nLOS: "), std::string::npos);
  EXPECT_NE(block.find("\nGames: 10, Wins: 4, Losses: 3, Draws: 3, Points: 5.5 (55.00 %)\n"), std::string::npos) << block;
  EXPECT_NE(block.find("\nPtnml(0-2): ["), std::string::npos);
  EXPECT_NE(block.find("\nLLR: "), std::string::npos);
  EXPECT_NE(block.find("(-2.94, 2.94) [0.00, 5.00]"), std::string::npos) << block;
}

}  // namespace

namespace {

// Pairs LL, LD, DD, WD, WW in these counts (a 1-1 pair as two draws).
harness::Tally from_pentanomial(std::array<int, 5> p) {
  harness::Tally t;
  t.pentanomial = p;
  t.losses = 2 * p[0] + p[1];
  t.draws = p[1] + 2 * p[2] + p[3];
  t.wins = p[3] + 2 * p[4];
  return t;
}

std::string line_of(const std::string& block, const std::string& start) {
  const std::size_t at = block.find(start);
  return at == std::string::npos ? "" : block.substr(at, block.find('\n', at) - at);
}

TEST(Report, APairsRatioWithNoLostPairIsInfiniteNotZero) {
  const std::string one_won = harness::results_block("A vs B", from_pentanomial({0, 0, 1, 0, 1}), std::nullopt);
  EXPECT_NE(line_of(one_won, "LOS:").find("PairsRatio: inf"), std::string::npos) << one_won;
  const std::string none = harness::results_block("A vs B", from_pentanomial({0, 0, 2, 0, 0}), std::nullopt);
  EXPECT_NE(line_of(none, "LOS:").find("PairsRatio: n/a"), std::string::npos) << none;
  const std::string some = harness::results_block("A vs B", from_pentanomial({1, 0, 0, 2, 0}), std::nullopt);
  EXPECT_NE(line_of(some, "LOS:").find("PairsRatio: 2.00"), std::string::npos) << some;
}

// Pairs that all ended alike have no spread: an interval of 0 and a LOS of 100 % would claim a
// certainty that two pairs cannot give.
TEST(Report, NoSpreadMeansNoIntervalAndNoLos) {
  const std::string alike = harness::results_block("A vs B", from_pentanomial({0, 0, 0, 2, 0}), std::nullopt);
  EXPECT_EQ(line_of(alike, "Elo:"), "Elo: 190.85 +/- n/a, nElo: n/a +/- n/a") << alike;
  EXPECT_EQ(line_of(alike, "LOS:").rfind("LOS: n/a %", 0), 0u) << alike;
  harness::Tally one_draw;
  one_draw.draws = 1;
  EXPECT_EQ(harness::summary_line(one_draw, 10), "Games 1/10 W-D-L 0-1-0 Elo 0.00 +/- n/a");
}

TEST(Report, AnIntervalWithoutAnEloBoundHasNoNormalisedBoundEither) {
  const std::string lopsided = harness::results_block("A vs B", from_pentanomial({0, 0, 1, 1, 10}), std::nullopt);
  const std::string elo = line_of(lopsided, "Elo:");
  EXPECT_NE(elo.find("+/- n/a, nElo: "), std::string::npos) << elo;
  EXPECT_NE(elo.rfind("+/- n/a"), elo.find("+/- n/a")) << "both bounds unknown: " << elo;
}

TEST(Elo, AnEvenScoreIsZeroNotMinusZero) { EXPECT_FALSE(std::signbit(harness::score_to_elo(0.5))); }

}  // namespace
