#include "text/words.h"

#include <gtest/gtest.h>

#include "text/timestamp.h"

namespace {

TEST(Words, ARunsKindTakesItsArticle) {
  EXPECT_EQ(harness::a_run_of_kind("epd"), "an epd run");
  EXPECT_EQ(harness::a_run_of_kind("match"), "a match run");
  EXPECT_EQ(harness::a_run_of_kind("tuner-pbil"), "a tuner-pbil run");
}

TEST(Words, CountsTakeTheirPlural) {
  EXPECT_EQ(harness::plural(1, "run"), "1 run");
  EXPECT_EQ(harness::plural(0, "run"), "0 runs");
  EXPECT_EQ(harness::plural(3, "malformed line"), "3 malformed lines");
}

TEST(Timestamp, IsIso8601InUtc) {
  const std::string t = harness::utc_timestamp();
  ASSERT_EQ(t.size(), 20u) << t;
  EXPECT_EQ(t[4], '-');
  EXPECT_EQ(t[10], 'T');
  EXPECT_EQ(t.back(), 'Z');
}

}  // namespace
