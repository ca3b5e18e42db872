#include "builds/speed_scale.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace {

using harness::ScaleBy;

TEST(SpeedScale, TheReferenceOverTheChosenSidesSpeed) {
  EXPECT_DOUBLE_EQ(harness::speed_scale(1'000'000, ScaleBy::BASE, 4'000'000, 500'000)->factor, 2.0);
  EXPECT_DOUBLE_EQ(harness::speed_scale(1'000'000, ScaleBy::DEV, 4'000'000, 500'000)->factor, 0.25);
  EXPECT_EQ(harness::speed_scale(1'000'000, ScaleBy::BOTH, 1'500'000, 500'000)->measured_nps, 1'000'000u);
  EXPECT_FALSE(harness::speed_scale(1'000'000, ScaleBy::BASE, 1, 0));
  EXPECT_FALSE(harness::speed_scale(0, ScaleBy::BASE, 1, 1));
}

TEST(SpeedScale, ClocksAndMoveTimesScaleToTheMillisecondDepthAndNodesAreRefused) {
  auto tc = harness::scaled(harness::TimeControl::clock(40, 10'000, 100), 1.2345);
  ASSERT_TRUE(tc);
  EXPECT_EQ(tc->base_ms, 12'345);
  EXPECT_EQ(tc->increment_ms, 123);
  EXPECT_EQ(tc->moves, 40);
  EXPECT_EQ(harness::scaled(harness::TimeControl::movetime(100), 0.5)->movetime_ms, 50);
  auto nodes = harness::scaled(harness::TimeControl::fixed_nodes(5000), 2);
  ASSERT_FALSE(nodes);
  EXPECT_NE(nodes.error().find("nodes 5000"), std::string::npos) << nodes.error();
}

TEST(SpeedScale, StoredAndReadBack) {
  harness::SpeedScale s = *harness::speed_scale(1'000'000, ScaleBy::BOTH, 800'000, 1'200'000);
  s.unscaled = "4+0.04";
  EXPECT_EQ(nlohmann::json(s).get<harness::SpeedScale>(), s);
  const std::string text = harness::describe(s, *harness::scaled(harness::TimeControl::clock(0, 4000, 40), s.factor));
  EXPECT_EQ(text, "x1.000 (reference 1000000 nps over the mean 1000000 nps): 4+0.04 played as 4+0.04");
}

}  // namespace
