#include "stats/rating_anchors.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace {

TEST(RatingAnchors, NameEqualsEloOrANameAloneAtTheDefault) {
  auto a = harness::parse_anchor("--anchor", "dev=1500.5", 0);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->name, "dev");
  EXPECT_EQ(a->elo, 1500.5);
  EXPECT_EQ(a->source, "--anchor");
  auto bare = harness::parse_anchor("--anchor", "v0.1", 1200);
  ASSERT_TRUE(bare) << bare.error();
  EXPECT_EQ(bare->name, "v0.1");
  EXPECT_EQ(bare->elo, 1200);
  auto negative = harness::parse_anchor("--anchor", "a=b=-30", 0);  // split at the last '='
  ASSERT_TRUE(negative) << negative.error();
  EXPECT_EQ(negative->name, "a=b");
  EXPECT_EQ(negative->elo, -30);
}

TEST(RatingAnchors, ARatingThatIsNoNumberNamesTheOptionAndTheValue) {
  auto word = harness::parse_anchor("--anchor", "dev=abc", 0);
  ASSERT_FALSE(word);
  EXPECT_EQ(word.error(), "--anchor 'dev=abc': 'abc' is not a rating (NAME=ELO, e.g. --anchor dev=1500)");
  for (const char* text : {"dev=", "dev=1500x", "dev=nan", "dev=inf", "dev= 1500"}) {
    auto bad = harness::parse_anchor("--anchor", text, 0);
    ASSERT_FALSE(bad) << text;
    EXPECT_NE(bad.error().find(std::string("--anchor '") + text + "'"), std::string::npos) << bad.error();
  }
  for (const char* text : {"", "=1500"}) {
    auto nameless = harness::parse_anchor("--anchor", text, 0);
    ASSERT_FALSE(nameless) << text;
    EXPECT_NE(nameless.error().find("no engine name"), std::string::npos) << nameless.error();
  }
}

// Names with spaces, Ordo's quoted names with a comma, CRLF line ends, comments and blank lines.
TEST(RatingAnchors, AFileHoldsOneNameAndEloALine) {
  const std::string text =
      "# ratings of CCRL's list\n\ndev 1500\nStockfish 16   3500\r\n\"Glaurung 2.2\", 2400\n\"toga\",2300\n\tv0.1\t-25\n";
  auto anchors = harness::parse_anchors_text("anchors.txt", text);
  ASSERT_TRUE(anchors) << anchors.error();
  ASSERT_EQ(anchors->size(), 5u);
  const std::vector<std::pair<std::string, double>> expected = {
      {"dev", 1500}, {"Stockfish 16", 3500}, {"Glaurung 2.2", 2400}, {"toga", 2300}, {"v0.1", -25}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ((*anchors)[i].name, expected[i].first) << i;
    EXPECT_EQ((*anchors)[i].elo, expected[i].second) << i;
  }
  EXPECT_EQ((*anchors)[0].source, "anchors.txt:3");
  EXPECT_EQ((*anchors)[4].source, "anchors.txt:7");
}

TEST(RatingAnchors, ABadLineIsNamedByTheFileAndItsNumber) {
  auto word = harness::parse_anchors_text("anchors.txt", "dev 1500\nv0.1 abc\n");
  ASSERT_FALSE(word);
  EXPECT_EQ(word.error(), "anchors.txt:2: 'abc' is not a rating (a line is NAME ELO)");
  auto alone = harness::parse_anchors_text("anchors.txt", "dev\n");
  ASSERT_FALSE(alone);
  EXPECT_EQ(alone.error(), "anchors.txt:1: 'dev' is not NAME ELO");
  auto nameless = harness::parse_anchors_text("anchors.txt", "# c\n, 1500\n");
  ASSERT_FALSE(nameless);
  EXPECT_EQ(nameless.error(), "anchors.txt:2: no engine name before the rating 1500");
  auto empty = harness::parse_anchors_text("anchors.txt", "# nothing\n\n");
  ASSERT_FALSE(empty);
  EXPECT_NE(empty.error().find("anchors.txt: no anchor in the file"), std::string::npos) << empty.error();
  auto missing = harness::read_anchors_file("/nonexistent/anchors.txt");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("/nonexistent/anchors.txt"), std::string::npos) << missing.error();
}

TEST(RatingAnchors, NamesBecomeTheIndicesOfTheEnginesThatPlayed) {
  const std::vector<std::string> names = {"a", "b", "c"};
  auto anchors = harness::resolve_anchors({{"c", 1600, "--anchor"}, {"a", 1500, "f.txt:1"}}, names);
  ASSERT_TRUE(anchors) << anchors.error();
  ASSERT_EQ(anchors->size(), 2u);
  EXPECT_EQ((*anchors)[0].engine, 2);
  EXPECT_EQ((*anchors)[0].elo, 1600);
  EXPECT_EQ((*anchors)[1].engine, 0);
  EXPECT_EQ((*anchors)[1].elo, 1500);
}

TEST(RatingAnchors, AnUnknownNameIsNamedWithTheEnginesThatPlayed) {
  auto unknown = harness::resolve_anchors({{"zz", 0, "--anchor"}}, {"a", "b", "c"});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error(), "--anchor: no engine 'zz' in these runs (they have a, b, c)");
  auto in_file = harness::resolve_anchors({{"a", 0, "--anchor"}, {"zz", 0, "f.txt:4"}}, {"a", "b"});
  ASSERT_FALSE(in_file);
  EXPECT_EQ(in_file.error(), "f.txt:4: no engine 'zz' in these runs (they have a, b)");
}

TEST(RatingAnchors, AnEngineAnchoredTwiceAtTwoRatingsIsRefusedAtOneItCountsOnce) {
  auto refused = harness::resolve_anchors({{"a", 1500, "--anchor"}, {"a", 1600, "f.txt:2"}}, {"a", "b"});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error(), "'a' is anchored twice, at 1500 (--anchor) and at 1600 (f.txt:2): give it one rating");
  auto once = harness::resolve_anchors({{"a", 1500, "--anchor"}, {"a", 1500, "f.txt:2"}}, {"a", "b"});
  ASSERT_TRUE(once) << once.error();
  EXPECT_EQ(once->size(), 1u);
}

}  // namespace
