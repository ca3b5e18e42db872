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
      {"[dev]\nlmr_base 73\n", "p.txt:2: not a NAME=VALUE line"},
      {"[deb]\n", "p.txt:1: section 'deb' is not an engine of the run (did you mean 'dev'?)"},
      {"[dev\n", "p.txt:1: a section line is [ENGINE]"},
      {"=3\n", "p.txt:1: the option's name is empty"},
      {"[dev]\nlmr_base=\n", "p.txt:2: the value is empty"},
      {"lmr_base=7\rsetoption name Contempt value 100\n", "p.txt:1: the value holds a control character (\\r)"},
      {"lmr\x1b[31m_base=7\n", "p.txt:1: the option's name holds a control character (\\x1b)"},
      {"lmr_base=M\xfcller\n", "p.txt:1: the value is not UTF-8 text (byte 0xFC at offset 1)"},
      {"# nothing yet\n[dev]\n", "p.txt: gives no NAME=VALUE"},
      {"", "p.txt: gives no NAME=VALUE"},
  };
  for (const Case& c : cases) {
    auto sections = parse_params_file(c.text, "p.txt", {"dev", "base"});
    ASSERT_FALSE(sections) << c.text;
    EXPECT_NE(sections.error().find(c.message), std::string::npos) << sections.error();
  }
  auto directory = harness::read_params_file(::testing::TempDir(), {"dev"});
  ASSERT_FALSE(directory);
  EXPECT_NE(directory.error().find("is a directory, not a regular file"), std::string::npos) << directory.error();
  auto missing = harness::read_params_file("/nonexistent/p.txt", {"dev"});
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("--params-file: "), std::string::npos) << missing.error();
}

// A line that is not NAME=VALUE is never quoted (the file may be any file a link points to);
// a wrong field is quoted by at most its first 40 bytes.
TEST(ParamsFile, MessagesQuoteAtMostTheWrongField) {
  auto line = parse_params_file("root:$6$c2VjcmV0:19000:0:99999:7:::\n", "p.txt", {"dev"});
  ASSERT_FALSE(line);
  EXPECT_EQ(line.error().find("c2VjcmV0"), std::string::npos) << line.error();
  const std::string long_name(100, 'x');
  auto section = parse_params_file("[" + long_name + "]\n", "p.txt", {"dev"});
  ASSERT_FALSE(section);
  EXPECT_NE(section.error().find("section '" + std::string(40, 'x') + "...'"), std::string::npos) << section.error();
  EXPECT_EQ(harness::quoted_params_field(std::string(39, 'e') + "\xc3\xa9"), "'" + std::string(39, 'e') + "...'")
      << "cut between two characters, never inside one";
}

// The check a reader is given sees each value with its section's engine, and its refusal is
// placed by file and line.
TEST(ParamsFile, TheCheckSeesEachValueWithItsSection) {
  std::vector<std::string> seen;
  const harness::ParamsCheck check = [&](const std::string& engine, const std::string& name,
                                         const std::string& value) -> chess::Result<bool> {
    seen.push_back(engine + "/" + name + "=" + value);
    if (value == "bad") return chess::Error{"option '" + name + "' refuses it"};
    return true;
  };
  auto good = parse_params_file("Hash=16\n[dev]\noption.lmr_base=73\n", "p.txt", {"dev"}, check);
  ASSERT_TRUE(good) << good.error();
  EXPECT_EQ(seen, (std::vector<std::string>{"/Hash=16", "dev/lmr_base=73"}));
  auto bad = parse_params_file("[dev]\nHash=16\nlmr_base=bad\n", "p.txt", {"dev"}, check);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), "p.txt:3: option 'lmr_base' refuses it");
}

}  // namespace
