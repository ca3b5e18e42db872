#include "players/uci_option.h"

#include <gtest/gtest.h>

namespace {

TEST(UciOption, ReadsEveryTypeAndNamesWithSpaces) {
  auto hash = harness::parse_uci_option("option name Hash type spin default 16 min 1 max 33554432");
  ASSERT_TRUE(hash);
  EXPECT_EQ(hash->name, "Hash");
  EXPECT_EQ(hash->type, "spin");
  EXPECT_EQ(hash->default_value, "16");
  EXPECT_EQ(hash->min, 1);
  EXPECT_EQ(hash->max, 33554432);
  auto overhead = harness::parse_uci_option("option name Move Overhead type spin default 10 min 0 max 5000");
  ASSERT_TRUE(overhead);
  EXPECT_EQ(overhead->name, "Move Overhead");
  auto combo = harness::parse_uci_option("option name Style type combo default Normal var Solid var Normal var Risky Play");
  ASSERT_TRUE(combo);
  EXPECT_EQ(combo->vars, (std::vector<std::string>{"Solid", "Normal", "Risky Play"}));
  auto text = harness::parse_uci_option("option name SyzygyPath type string default <empty>");
  ASSERT_TRUE(text);
  EXPECT_EQ(text->default_value, "<empty>");
  auto button = harness::parse_uci_option("option name Clear Hash type button");
  ASSERT_TRUE(button);
  EXPECT_EQ(button->name, "Clear Hash");
}

TEST(UciOption, RefusesLinesThatAreNotOptions) {
  EXPECT_FALSE(harness::parse_uci_option("id name dev"));
  EXPECT_FALSE(harness::parse_uci_option("option name"));
  EXPECT_FALSE(harness::parse_uci_option("option name X type spin default 1 min a max 2"));  // a spin needs its range
  EXPECT_FALSE(harness::parse_uci_option("option type spin"));
}

TEST(UciOption, FindsNamesIgnoringCaseAndChecksValues) {
  std::vector<harness::UciOption> list{*harness::parse_uci_option("option name Hash type spin default 16 min 1 max 64"),
                                       *harness::parse_uci_option("option name Ponder type check default false")};
  ASSERT_NE(harness::find_uci_option(list, "hash"), nullptr);
  EXPECT_EQ(harness::find_uci_option(list, "hash")->name, "Hash");
  EXPECT_EQ(harness::find_uci_option(list, "Threads"), nullptr);
  EXPECT_TRUE(harness::check_uci_value(list[0], "64"));
  EXPECT_EQ(harness::check_uci_value(list[0], "65").error(), "option 'Hash': '65' is not an integer within [1, 64]");
  EXPECT_FALSE(harness::check_uci_value(list[0], "1.5"));
  EXPECT_TRUE(harness::check_uci_value(list[1], "true"));
  EXPECT_FALSE(harness::check_uci_value(list[1], "yes"));
}

}  // namespace
