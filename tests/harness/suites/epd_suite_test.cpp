#include "suites/epd_suite.h"

#include <gtest/gtest.h>

#include "suites/epd_runner.h"

namespace {

TEST(EpdSuite, ReadsBmAmIdC0AndDmInSanOrUci) {
  auto c = harness::parse_epd_line(
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bc4; am Ng5; id \"open.1\"; c0 \"Bb5=10, Bc4=7, "
      "d4=5\";",
      "f:1");
  ASSERT_TRUE(c) << c.error();
  EXPECT_EQ(c->best, (std::set<std::string>{"f1b5", "f1c4"}));
  EXPECT_EQ(c->avoid, (std::set<std::string>{"f3g5"}));
  EXPECT_EQ(c->id, "open.1");
  EXPECT_EQ(c->points_for("f1b5"), 10);
  EXPECT_EQ(c->points_for("d2d4"), 5);
  EXPECT_EQ(c->max_points(), 10);
  auto uci = harness::parse_epd_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm a1a8; dm 1;", "f:2");
  ASSERT_TRUE(uci) << uci.error();
  EXPECT_EQ(uci->best, std::set<std::string>{"a1a8"});
  EXPECT_EQ(uci->mate_in, 1);
}

TEST(EpdSuite, MatchesSanWithDisambiguationAndCheckMarks) {
  auto c = harness::parse_epd_line("k7/8/8/8/8/2N1N3/8/4K3 w - - bm Ncd5 Ne3d5+!; id \"knights\";", "f:1");
  ASSERT_TRUE(c) << c.error();
  EXPECT_EQ(c->best, (std::set<std::string>{"c3d5", "e3d5"}));
  EXPECT_TRUE(c->solves("c3d5"));
  EXPECT_FALSE(c->solves("c3e4"));
  auto am = harness::parse_epd_line("k7/8/8/8/8/2N1N3/8/4K3 w - - am Kd2;", "f:1");
  ASSERT_TRUE(am);
  EXPECT_FALSE(am->solves("e1d2"));
  EXPECT_TRUE(am->solves("e1f2"));
}

TEST(EpdSuite, RejectsBadLinesNamingTheLine) {
  EXPECT_NE(harness::parse_epd_line("8/8/8 w - - bm e4;", "s.epd:3").error().find("s.epd:3: invalid FEN"), std::string::npos);
  EXPECT_NE(harness::parse_epd_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra9;", "s.epd:4").error().find("s.epd:4: bm"),
            std::string::npos);
  EXPECT_NE(harness::parse_epd_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Kh3;", "s.epd:5").error().find("not legal"),
            std::string::npos);
  EXPECT_NE(harness::parse_epd_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - id \"x\";", "s.epd:6").error().find("no bm, am, dm"),
            std::string::npos);
  EXPECT_NE(harness::parse_epd_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - dm x;", "s.epd:7").error().find("dm needs a positive number"),
            std::string::npos);
}

TEST(EpdRunner, FirstFoundIsWhenTheSolvingMoveAppearedAndStayed) {
  auto c = harness::parse_epd_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#;", "f:1").value();
  std::vector<std::pair<std::int64_t, std::pair<int, std::string>>> history = {
      {5, {1, "a1a8"}}, {9, {2, "a1a2"}}, {20, {3, "a1a8"}}, {40, {4, "a1a8"}}};
  auto row = harness::score_analysis(c, "a1a8", history, 1);
  EXPECT_TRUE(row.solved);
  EXPECT_EQ(row.found_time_ms, 20);
  EXPECT_EQ(row.found_depth, 3);
  auto missed = harness::score_analysis(c, "a1a2", history, 0);
  EXPECT_FALSE(missed.solved);
  EXPECT_EQ(missed.found_time_ms, -1);
}

}  // namespace
