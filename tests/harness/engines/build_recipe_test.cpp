#include "engines/build_recipe.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace {

harness::BuildRecipe make_in(const std::string& path) {
  harness::BuildRecipe r;
  r.make_path = path;
  return r;
}

// OpenBench's make: a bare EXE= name, CXX= for a compiler with "++", CC= for any other, EVALFILE=.
TEST(BuildRecipe, TheDefaultIsOpenBenchsMake) {
  harness::BuildRecipe r = make_in("src");
  EXPECT_EQ(r.words("Ethereal-1a2b3c4d", "/cache/x/engine"), (std::vector<std::string>{"make", "-j", "EXE=Ethereal-1a2b3c4d"}));
  EXPECT_EQ(r.describe(), "make -j EXE={name} in src/");
  r.compiler = "clang++";
  r.network = "/nets/a.nnue";
  EXPECT_EQ(r.words("e", "/o"), (std::vector<std::string>{"make", "-j", "EXE=e", "CXX=clang++", "EVALFILE=/nets/a.nnue"}));
  r.compiler = "gcc-12";
  EXPECT_EQ(r.words("e", "/o")[3], "CC=gcc-12");
  EXPECT_EQ(r.describe(), "make -j EXE={name} CC=gcc-12 EVALFILE=/nets/a.nnue in src/");
}

TEST(BuildRecipe, ACommandOfOnesOwnGetsItsPathsQuotedForSh) {
  const harness::BuildRecipe r = harness::BuildRecipe::own("cargo build && cp target/e {out} && ls {name}");
  EXPECT_EQ(r.words("e-1", "/cache/it's/engine"),
            (std::vector<std::string>{"sh", "-c", "cargo build && cp target/e '/cache/it'\\''s/engine' && ls 'e-1'"}));
  EXPECT_TRUE(r.writes_to_cache());
  EXPECT_FALSE(harness::BuildRecipe::own("make EXE={name}").writes_to_cache());
}

TEST(BuildRecipe, ProblemsAreNamedBySetting) {
  EXPECT_TRUE(harness::BuildRecipe{}.problems().empty());
  EXPECT_EQ(harness::BuildRecipe::own("make").problems().describe(harness::command_line_spelling),
            "--build \"make\" must say where the binary goes: {out} (its path in the cache) or {name} (a bare name in the "
            "build folder, moved into the cache)");
  EXPECT_EQ(make_in("../x").problems().list().front().setting, "make_path");
  EXPECT_EQ(make_in("/abs").problems().list().front().setting, "make_path");
  harness::BuildRecipe own = harness::BuildRecipe::own("make EXE={name}");
  own.compiler = "clang";
  EXPECT_EQ(own.problems().list().front().setting, "compiler");
  harness::BuildRecipe missing;
  missing.network = "/no/such/net.nnue";
  EXPECT_EQ(missing.problems().describe(harness::command_line_spelling), "--network '/no/such/net.nnue' is not a file");
}

TEST(BuildRecipe, OneSpellingOfTheMakePathAndJsonBothWays) {
  for (const char* spelling : {"src", "src/", "./src", "src//"}) {
    harness::BuildRecipe r = make_in(spelling);
    r.normalize();
    EXPECT_EQ(r.make_path, "src") << spelling;
  }
  harness::BuildRecipe root = make_in(".");
  root.normalize();
  EXPECT_EQ(root.make_path, "");
  harness::BuildRecipe r = make_in("src");
  r.compiler = "clang";
  const nlohmann::json j = r;
  EXPECT_EQ(j.dump(), R"({"compiler":"clang","make_path":"src"})");
  EXPECT_EQ(j.get<harness::BuildRecipe>(), r);
  EXPECT_EQ(nlohmann::json(harness::BuildRecipe{}).dump(), "{}");
}

}  // namespace
