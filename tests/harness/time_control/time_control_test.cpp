#include "time_control/time_control.h"

#include <gtest/gtest.h>

namespace {

TEST(TimeControl, ParsesTheCommonForms) {
  auto a = harness::parse_time_control("40/60+0.6");
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->moves, 40);
  EXPECT_EQ(a->base_ms, 60000);
  EXPECT_EQ(a->increment_ms, 600);
  EXPECT_EQ(a->pgn_tag(), "40/60+0.6");
  auto b = harness::parse_time_control("1+0.01");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->base_ms, 1000);
  EXPECT_EQ(b->increment_ms, 10);
  EXPECT_EQ(b->moves, 0);
  auto c = harness::parse_time_control("2:30");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->base_ms, 150000);
  EXPECT_EQ(harness::parse_time_control("0.5")->base_ms, 500);
}

TEST(TimeControl, RejectsMalformedText) {
  for (const char* bad : {"", "abc", "40/", "/60", "0/60", "-5+1", "60+", "60+x", "60+-1", "0"}) {
    auto r = harness::parse_time_control(bad);
    EXPECT_FALSE(r) << bad;
    if (!r) {
      EXPECT_NE(r.error().find(std::string("'") + bad + "'"), std::string::npos) << r.error();
    }
  }
}

// Fuzzing found: "1e18" was read as a base of INT64_MIN ms, "0.0000001" as a base of 0 ms
// although the base must be positive, and "1234.567" did not survive describe() and back.
TEST(TimeControl, FuzzFindingsAreRefusedOrExact) {
  for (const char* bad : {"1e18", "44444444444444444444", "1e308:0", "0.0000001", "1000001", "10+1e300", "nan", "inf"}) {
    auto r = harness::parse_time_control(bad);
    EXPECT_FALSE(r) << bad << " read as " << (r ? r->describe() : "");
  }
  for (const char* exact : {"1234.567", "40/1234.567+0.001", "0.001", "1000000", "1:30+0.25"}) {
    auto r = harness::parse_time_control(exact);
    ASSERT_TRUE(r) << exact;
    auto again = harness::parse_time_control(r->describe());
    ASSERT_TRUE(again) << r->describe();
    EXPECT_EQ(again->base_ms, r->base_ms) << exact;
    EXPECT_EQ(again->increment_ms, r->increment_ms) << exact;
    EXPECT_EQ(again->moves, r->moves) << exact;
  }
  EXPECT_EQ(harness::parse_time_control("1234.567")->base_ms, 1234567);
  EXPECT_EQ(harness::parse_time_control("1234.567")->describe(), "1234.567");
}

TEST(TimeControl, Describes) {
  EXPECT_EQ(harness::TimeControl::movetime(100).pgn_tag(), "movetime=0.1s");
  EXPECT_EQ(harness::TimeControl::fixed_depth(5).describe(), "depth 5");
  EXPECT_EQ(harness::TimeControl::fixed_nodes(1000).pgn_tag(), "-");
}

}  // namespace

namespace {

TEST(TimeControl, ReadsFixedLimitsInBothSpellings) {
  using harness::TimeControl;
  for (const char* text : {"nodes=5000", "nodes 5000"}) {
    auto tc = harness::parse_time_control(text);
    ASSERT_TRUE(tc) << tc.error();
    EXPECT_EQ(tc->kind, TimeControl::Kind::NODES);
    EXPECT_EQ(tc->nodes, 5000u);
  }
  EXPECT_EQ(harness::parse_time_control("depth=8")->depth, 8);
  EXPECT_EQ(harness::parse_time_control("movetime=0.25")->movetime_ms, 250);
  EXPECT_EQ(harness::parse_time_control("movetime 250 ms")->movetime_ms, 250);
  for (const TimeControl& tc : {TimeControl::fixed_nodes(777), TimeControl::fixed_depth(5), TimeControl::movetime(40)}) {
    auto back = harness::parse_time_control(tc.describe());
    ASSERT_TRUE(back) << tc.describe() << ": " << back.error();
    EXPECT_EQ(back->describe(), tc.describe());
  }
  EXPECT_EQ(harness::parse_time_control("nodes=0").error(), "time control 'nodes=0': nodes must be a whole number from 1 to 1000000000000");
  EXPECT_EQ(harness::parse_time_control("nodes=5k").error(), "time control 'nodes=5k': nodes must be a whole number from 1 to 1000000000000");
  EXPECT_EQ(harness::parse_time_control("movetime=-1").error(),
            "time control 'movetime=-1': movetime must be seconds in whole milliseconds, from 0.001 to 1000000");
  EXPECT_EQ(harness::parse_time_control("depth=1001").error(), "time control 'depth=1001': depth must be a whole number from 1 to 1000");
  EXPECT_EQ(harness::parse_time_control("movetime 18446744073709551615 ms").error(),
            "time control 'movetime 18446744073709551615 ms': movetime must be from 0.001 to 1000000 seconds");
  EXPECT_FALSE(harness::parse_time_control("speed=5"));
}

}  // namespace
