// "@FILE" words: a file's lines as words, for option lists longer than a command line holds.
#include "settings/argument_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engines/engine_config.h"
#include "support/files.h"

namespace {

TEST(ArgumentFiles, AFilesLinesBecomeWords) {
  const std::string path = testing_support::write_temp_file(
      "args-1.txt", "option.Hash=16\r\n# a comment\n\n'option.Skill Level=3'\noption.A B=1\n@nested.txt\n");
  auto words = harness::expand_argument_files({"-each", "@" + path, "tc=1+0.01", "@"}, "fastchess");
  ASSERT_TRUE(words) << words.error();
  EXPECT_EQ(*words, (std::vector<std::string>{"-each", "option.Hash=16", "'option.Skill Level=3'", "option.A B=1", "@nested.txt",
                                              "tc=1+0.01", "@"}));
}

TEST(ArgumentFiles, AMissingOrBinaryFileIsNamed) {
  auto missing = harness::expand_argument_files({"@/nonexistent/args.txt"}, "fastchess");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("fastchess: @/nonexistent/args.txt: "), std::string::npos) << missing.error();
  const std::string path = testing_support::write_temp_file("args-nul.txt", std::string("option.A=1\nop\0tion.B=2\n", 24));
  auto nul = harness::expand_argument_files({"@" + path}, "--engine");
  ASSERT_FALSE(nul);
  EXPECT_NE(nul.error().find(path + ":2: a NUL byte"), std::string::npos) << nul.error();
}

// In an --engine spec a word "@FILE" brings the file's words into the spec, each one word
// whatever spaces it holds.
TEST(ArgumentFiles, AnEngineSpecTakesOptionsFromAFile) {
  const std::string path = testing_support::write_temp_file("engine-options.txt", "option.Hash=32\noption.Skill Level=3\n");
  auto engine = harness::parse_engine_spec("name=a cmd=/bin/true @" + path + " option.Threads=1");
  ASSERT_TRUE(engine) << engine.error();
  ASSERT_EQ(engine->options.size(), 3u);
  EXPECT_EQ(engine->options[1].first, "Skill Level");
  EXPECT_EQ(engine->options[1].second, "3");
  EXPECT_EQ(engine->options[2].first, "Threads");
}

}  // namespace
