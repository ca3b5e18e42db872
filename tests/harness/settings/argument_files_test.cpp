// "@FILE" words: a file's lines as words, for option lists longer than a command line holds.
#include "settings/argument_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engines/engine_config.h"
#include "frontends/foreign_run.h"
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

// An error about a word of an argument file names the file and the word's line (before, it
// named neither: "--engine: unknown key 'foo'"); one about a word given as it is stays as it was.
TEST(ArgumentFiles, AnErrorAboutAFilesWordNamesTheFileAndLine) {
  const std::string path = testing_support::write_temp_file("engine-bad-line.txt", "option.Hash=32\n# a comment\nfoo=bar\n");
  auto engine = harness::parse_engine_spec("name=a cmd=/bin/true @" + path);
  ASSERT_FALSE(engine);
  EXPECT_EQ(engine.error().rfind("--engine: @" + path + ":3: unknown key 'foo'", 0), 0u) << engine.error();
  auto given = harness::parse_engine_spec("name=a cmd=/bin/true foo=bar @" + path);
  ASSERT_FALSE(given);
  EXPECT_EQ(given.error().rfind("--engine: unknown key 'foo'", 0), 0u) << given.error();

  const std::string each = testing_support::write_temp_file("each-bad-line.txt", "tc=10+0.1\n\nbogus=1\n");
  auto run = harness::parse_foreign_command_line(
      harness::Dialect::FASTCHESS, {"-engine", "cmd=/bin/true", "name=a", "-engine", "cmd=/bin/true", "name=b", "-each",
                                    "@" + each, "-openings", "file=b.epd"});
  ASSERT_FALSE(run);
  EXPECT_EQ(run.error().rfind("@" + each + ":3: -each: unknown key 'bogus'", 0), 0u) << run.error();
  const std::string openings = testing_support::write_temp_file("openings-bad-line.txt", "-openings\nfile=b.epd\nformt=epd\n");
  auto option = harness::parse_foreign_command_line(harness::Dialect::FASTCHESS, {"@" + openings});
  ASSERT_FALSE(option);
  EXPECT_EQ(option.error().rfind("@" + openings + ":3: -openings: unknown key 'formt'", 0), 0u) << option.error();
}

// "@DIR" is refused as what it is (before, a folder read as an empty file: its words vanished).
TEST(ArgumentFiles, AFolderIsRefusedNotReadAsEmpty) {
  const std::string dir = ::testing::TempDir() + "args-folder";
  std::filesystem::create_directories(dir);
  auto words = harness::expand_argument_files({"-each", "@" + dir}, "fastchess");
  ASSERT_FALSE(words);
  EXPECT_EQ(words.error(), "fastchess: @" + dir + ": is a directory, not a regular file: not a plausible argument file");
  auto engine = harness::parse_engine_spec("name=a cmd=/bin/true @" + dir);
  ASSERT_FALSE(engine);
  EXPECT_NE(engine.error().find("--engine: @" + dir + ": is a directory"), std::string::npos) << engine.error();
}

}  // namespace
