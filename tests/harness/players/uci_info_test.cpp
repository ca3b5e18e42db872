#include <gtest/gtest.h>

#include "players/uci_player.h"
#include "players/xboard_player.h"

namespace {

TEST(UciInfo, ReadsDepthScoreAndNodes) {
  harness::SearchReport r;
  harness::parse_uci_info("info depth 12 seldepth 20 multipv 1 score cp -35 nodes 123456 nps 1000 pv e2e4 e7e5", r);
  EXPECT_EQ(r.depth, 12);
  EXPECT_TRUE(r.has_score);
  EXPECT_EQ(r.score_cp, -35);
  EXPECT_EQ(r.nodes, 123456u);
  harness::parse_uci_info("info depth 13 score mate -3 nodes 200000", r);
  EXPECT_EQ(r.mate_in, -3);
  EXPECT_LT(r.score_cp, -30000);
  harness::parse_uci_info("info string depth 99 score cp 1000", r);  // free text is not a report
  EXPECT_EQ(r.depth, 13);
  harness::parse_uci_info("info depth banana score cp", r);  // garbage does not crash
}

TEST(XboardThinking, ReadsPlyScoreTimeNodes) {
  harness::SearchReport r;
  EXPECT_TRUE(harness::parse_xboard_thinking("9 -156 1084 48000 Nf3 Nc6", r));
  EXPECT_EQ(r.depth, 9);
  EXPECT_EQ(r.score_cp, -156);
  EXPECT_EQ(r.nodes, 48000u);
  EXPECT_FALSE(harness::parse_xboard_thinking("telluser hello", r));
}

}  // namespace
