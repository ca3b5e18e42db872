#include "pgn/pgn_writer.h"

#include <gtest/gtest.h>

namespace {

TEST(PgnComments, ReadsAListAndNamesAnUnknownItem) {
  auto all = harness::parse_pgn_comments("nodes,seldepth,nps,hashfull,timeleft,latency");
  ASSERT_TRUE(all) << all.error();
  EXPECT_TRUE(all->nodes && all->seldepth && all->nps && all->hashfull && all->timeleft && all->latency);
  EXPECT_EQ(all->describe(), "nodes,seldepth,nps,hashfull,timeleft,latency");
  auto some = harness::parse_pgn_comments("timeleft,nodes");
  ASSERT_TRUE(some);
  EXPECT_EQ(some->describe(), "nodes,timeleft");
  auto bad = harness::parse_pgn_comments("nodes,hashful");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("unknown item 'hashful' (did you mean 'hashfull'?)"), std::string::npos) << bad.error();
  EXPECT_FALSE(harness::parse_pgn_comments(""));
  EXPECT_FALSE(harness::parse_pgn_comments("nodes,"));
}

TEST(PgnComments, AMoveCommentCarriesWhatWasAskedAndWasReported) {
  harness::MoveRecord m;
  m.has_score = true;
  m.score_cp = 35;
  m.depth = 12;
  m.time_ms = 510;
  m.nodes = 123456;
  m.seldepth = 20;
  m.nps = 242070;
  m.hashfull = 37;
  m.engine_time_ms = 505;
  m.clock_left_ms = 9490;
  EXPECT_EQ(harness::move_comment(m), "+0.35/12 0.510s");
  EXPECT_EQ(harness::move_comment(m, harness::parse_pgn_comments("nodes,seldepth,nps,hashfull,timeleft,latency").value()),
            "+0.35/12 0.510s, n=123456, sd=20, nps=242070, hashfull=37, tl=9.490s, latency=5ms");
  m.engine_time_ms = 728;  // a ponder hit: the engine counts its pondering too, so no latency is known
  EXPECT_EQ(harness::move_comment(m, harness::parse_pgn_comments("latency").value()), "+0.35/12 0.510s");
  m.hashfull = -1;  // not reported: left out
  m.engine_time_ms = -1;
  EXPECT_EQ(harness::move_comment(m, harness::parse_pgn_comments("hashfull,latency").value()), "+0.35/12 0.510s");
}

TEST(PgnComments, MatesAreWrittenInPliesAsFastchessAndCutechessWriteThem) {
  harness::MoveRecord m;
  m.has_score = true;
  m.depth = 20;
  m.time_ms = 1200;
  m.mate_in = 3;
  EXPECT_EQ(harness::move_comment(m), "+M5/20 1.200s");
  m.mate_in = -2;
  EXPECT_EQ(harness::move_comment(m), "-M4/20 1.200s");
}

}  // namespace
