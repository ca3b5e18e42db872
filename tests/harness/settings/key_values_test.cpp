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

TEST(KeyValues, QuotesKeepAWordsSpacesAsAShellKeepsThem) {
  auto words = harness::parse_key_values("--engine", R"(name=sf 'option.Skill Level=3' option."Move Overhead"=100 arg=a\ b)",
                                         harness::Repeats::ALLOWED);
  ASSERT_TRUE(words) << words.error();
  ASSERT_EQ(words->size(), 4u);
  EXPECT_EQ((*words)[1].key, "option.Skill Level");
  EXPECT_EQ((*words)[1].value, "3");
  EXPECT_EQ((*words)[2].key, "option.Move Overhead");
  EXPECT_EQ((*words)[2].value, "100");
  EXPECT_EQ((*words)[3].value, "a b");
  auto inner = harness::split_words("--engine", R"("say \"hi\" \\ \n" 'it''s' x\'y)");
  ASSERT_TRUE(inner);
  EXPECT_EQ(*inner, (std::vector<std::string>{R"(say "hi" \ \n)", "its", "x'y"}));
}

TEST(KeyValues, AQuoteNeverClosedAndAnUnquotedSpaceAreNamed) {
  EXPECT_EQ(harness::parse_key_values("--engine", "name=a 'option.X=1").error(),
            "--engine: the quote (') at character 8 is never closed in 'name=a 'option.X=1'");
  EXPECT_EQ(
      harness::parse_key_values("--engine", "cmd=sf option.Skill Level=3").error(),
      "--engine: expected key=value, got 'option.Skill' (a key with a space is quoted as one word: 'option.Skill Level=3')");
}

TEST(KeyValues, AQuotedWordReadsBackAsItself) {
  for (const std::string word : {"plain", "Skill Level=3", "it's here", R"(back\slash "q")", ""}) {
    auto back = harness::split_words("x", harness::quoted_word(word));
    ASSERT_TRUE(back);
    ASSERT_EQ(back->size(), 1u) << harness::quoted_word(word);
    EXPECT_EQ(back->front(), word);
  }
  EXPECT_EQ(harness::key_value_word("option.Hash", "16"), "option.Hash=16");
  EXPECT_EQ(harness::key_value_word("option.Skill Level", "3"), "'option.Skill Level=3'");
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
