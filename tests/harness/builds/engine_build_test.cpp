#include "builds/engine_build.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace {

// A relative cache is taken from the harness's folder, not from the repository git runs in.
TEST(EngineBuilds, ACacheGivenRelativeIsMadeAbsoluteOnce) {
  const harness::GitCommit commit{"/repo", "HEAD", std::string(40, 'a'), "s", "s"};
  const std::string folder = harness::EngineBuilds("cache/../builds").cache_folder(commit, harness::BuildRecipe::own("make EXE={out}"));
  EXPECT_TRUE(std::filesystem::path(folder).is_absolute()) << folder;
  EXPECT_EQ(std::filesystem::path(folder).parent_path(), std::filesystem::current_path() / "builds");
  EXPECT_NE(folder, harness::EngineBuilds("builds").cache_folder(commit, harness::BuildRecipe::own("make -j2 EXE={out}")))
      << "keyed by the build command";
  harness::BuildRecipe in_src;
  in_src.make_path = "src";
  EXPECT_NE(harness::EngineBuilds("builds").cache_folder(commit, in_src), harness::EngineBuilds("builds").cache_folder(commit, {}))
      << "and by the folder it runs in";
}

}  // namespace
