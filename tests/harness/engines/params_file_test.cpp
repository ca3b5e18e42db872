// The parameters file: per-engine NAME=VALUE sections, read before each game pair.
#include "engines/params_file.h"

#include <gtest/gtest.h>

namespace {

using harness::parse_params_file;

TEST(ParamsFile, SectionsGiveEachEngineItsValues) {
  auto sections = parse_params_file(
      "# every engine\nHash = 16\n\n[dev]\nlmr_base=73\noption.Skill Level=3\nHash=32\n; comment\n[base]\r\nlmr_base=70\n", "p.txt",
      {"dev", "base"});
  ASSERT_TRUE(sections) << sections.error();
  const harness::OptionValues dev = harness::params_for(*sections, "dev"), base = harness::params_for(*sections, "base");
  EXPECT_EQ(dev, (harness::OptionValues{{"Hash", "32"}, {"lmr_base", "73"}, {"Skill Level", "3"}}));
  EXPECT_EQ(base, (harness::OptionValues{{"Hash", "16"}, {"lmr_base", "70"}}));
  harness::EngineConfig e;
  e.options = {{"Threads", "1"}, {"lmr_base", "60"}};
  EXPECT_EQ(harness::with_params(e, dev).options,
            (harness::OptionValues{{"Threads", "1"}, {"lmr_base", "73"}, {"Hash", "32"}, {"Skill Level", "3"}}));
}

TEST(ParamsFile, BadLinesAreNamedByFileAndLine) {
  struct Case {
    const char* text;
    const char* message;
  } cases[] = {
      {"[dev]\nlmr_base 73\n", "p.txt:2: 'lmr_base 73' is not name=value"},
      {"[deb]\n", "p.txt:1: [deb] is not an engine of the run (did you mean 'dev'?)"},
      {"[dev\n", "p.txt:1: a section line is [ENGINE]"},
      {"=3\n", "p.txt:1: the option's name is empty"},
  };
  for (const Case& c : cases) {
    auto sections = parse_params_file(c.text, "p.txt", {"dev", "base"});
    ASSERT_FALSE(sections) << c.text;
    EXPECT_NE(sections.error().find(c.message), std::string::npos) << sections.error();
  }
  auto missing = harness::read_params_file("/nonexistent/p.txt", {"dev"});
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("--params-file: "), std::string::npos) << missing.error();
}

}  // namespace
