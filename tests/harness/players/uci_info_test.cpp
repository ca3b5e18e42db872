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

// Fuzzing found: "score mate -2147483648" overflowed a signed int (undefined behaviour). Mate
// distances and centipawns are clamped to what a game can mean, mates beyond centipawns.
TEST(UciInfo, ExtremeScoresAreClamped) {
  harness::SearchReport r;
  harness::parse_uci_info("info depth 3 score mate -2147483648 pv a2a3", r);
  EXPECT_EQ(r.mate_in, -500);
  EXPECT_EQ(r.score_cp, -31000);
  harness::parse_uci_info("info depth 3 score mate 99999999999999999999 pv a2a3", r);
  EXPECT_FALSE(r.has_score && r.mate_in > 500);
  harness::parse_uci_info("info depth 3 score cp 9223372036854775807", r);
  EXPECT_EQ(r.score_cp, 30000);
  harness::SearchReport x;
  EXPECT_TRUE(harness::parse_xboard_thinking("9 100032 44 99999 Qh5#", x));
  EXPECT_EQ(x.score_cp, 32000);
}

TEST(XboardMove, ReadsBothForms) {
  std::string m;
  EXPECT_TRUE(harness::move_in_line("move e2e4", m));
  EXPECT_EQ(m, "e2e4");
  EXPECT_TRUE(harness::move_in_line("My move is : d7d5", m));  // GNU Chess
  EXPECT_EQ(m, "d7d5");
  EXPECT_TRUE(harness::move_in_line("My move is: Nf3", m));
  EXPECT_EQ(m, "Nf3");
  EXPECT_FALSE(harness::move_in_line("My move is", m));
  EXPECT_FALSE(harness::move_in_line("moves e2e4", m));
  EXPECT_FALSE(harness::move_in_line("move ", m));
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

namespace {

TEST(UciInfo, ReadsWhatPgnCommentsCanShow) {
  harness::SearchReport r;
  harness::parse_uci_info("info depth 12 seldepth 20 time 150 nodes 123456 nps 823040 hashfull 37 score cp 5 pv e2e4", r);
  EXPECT_EQ(r.seldepth, 20);
  EXPECT_EQ(r.time_ms, 150);
  EXPECT_EQ(r.nps, 823040u);
  EXPECT_EQ(r.hashfull, 37);
  harness::SearchReport none;
  harness::parse_uci_info("info depth 3 score cp 1", none);
  EXPECT_EQ(none.hashfull, -1);
  EXPECT_EQ(none.time_ms, -1);
}

}  // namespace

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

TEST(XboardFeatureLine, QuotedValuesAreReadWholeAndCountForNothingElse) {
  // A "done=1" inside a quoted name is the name's, not the end of the features.
  EXPECT_EQ(harness::feature_pairs(R"(feature myname="Fake done=1 ping=1" setboard=1 variants="normal,fischerandom" done=0)"),
            (Pairs{{"myname", "Fake done=1 ping=1"}, {"setboard", "1"}, {"variants", "normal,fischerandom"}, {"done", "0"}}));
  EXPECT_EQ(harness::feature_pairs("feature  usermove=1   san=0 done=1"),
            (Pairs{{"usermove", "1"}, {"san", "0"}, {"done", "1"}}));
  // Malformed: a word without a value is skipped, an unclosed quote ends the line.
  EXPECT_EQ(harness::feature_pairs(R"(feature odd ping=1 myname="unclosed done=1)"),
            (Pairs{{"ping", "1"}, {"myname", "unclosed done=1"}}));
  EXPECT_TRUE(harness::feature_pairs("feature").empty());
  EXPECT_EQ(harness::feature_pairs("feature done="), (Pairs{{"done", ""}}));
}

}  // namespace
