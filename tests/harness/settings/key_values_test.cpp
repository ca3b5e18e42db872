#include "settings/key_values.h"

#include <gtest/gtest.h>

#include "settings/setting_problems.h"

namespace {

TEST(KeyValues, SplitsWordsInOrder) {
  auto words = harness::parse_key_values("--x", " a=1  b=two c= ");
  ASSERT_TRUE(words) << words.error();
  ASSERT_EQ(words->size(), 3u);
  EXPECT_EQ((*words)[1].key, "b");
  EXPECT_EQ((*words)[1].value, "two");
  EXPECT_EQ((*words)[2].value, "");
}

TEST(KeyValues, AWordWithoutAKeyOrTwiceGivenIsNamed) {
  EXPECT_EQ(harness::parse_key_values("--resign", "movecount").error(), "--resign: expected key=value, got 'movecount'");
  EXPECT_EQ(harness::parse_key_values("--resign", "=3").error(), "--resign: expected key=value, got '=3'");
  EXPECT_EQ(harness::parse_key_values("--sprt", "elo0=1 elo0=2").error(), "--sprt: 'elo0' is given twice");
  EXPECT_TRUE(harness::parse_key_values("--engine", "arg=a arg=b", harness::Repeats::ALLOWED));
}

TEST(KeyValues, AnUnknownKeyGetsTheNearestName) {
  EXPECT_EQ(harness::check_known_key("--draw", "movecont", {"movenumber", "movecount", "score"}).error(),
            "--draw: unknown key 'movecont' (did you mean 'movecount'?)");
  EXPECT_TRUE(harness::check_known_key("--draw", "score", {"movenumber", "movecount", "score"}));
}

TEST(SettingProblems, EachDoorSpellsTheSettingItsOwnWay) {
  harness::SettingProblems p;
  p.require(true, "games", "never shown");
  p.add("tb_pieces", "must be from 3 to 7, got 9");
  EXPECT_EQ(p.describe(harness::command_line_spelling), "--tb-pieces must be from 3 to 7, got 9");
  EXPECT_EQ(p.describe(harness::json_key_spelling), "'tb_pieces' must be from 3 to 7, got 9");
}

}  // namespace
