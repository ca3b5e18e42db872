#include "stats/tally.h"

#include <gtest/gtest.h>

#include "stats/report.h"

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
