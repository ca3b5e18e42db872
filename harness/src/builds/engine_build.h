// Engines built from commits, as testing servers build them: the commit checked out into a
// worktree of its own, its recipe run there (engines/build_recipe.h: OpenBench's `make -j
// EXE=<name>` in the makefile's folder by default), and the binary kept in a cache keyed by the
// commit and the recipe, so a second test of the same commit starts at once. A failed build is
// an error with the log's first line that says "error" and its tail, and leaves nothing in the
// cache.
#pragma once

#include <chrono>
#include <string>

#include "builds/git_commit.h"
#include "core/result.h"
#include "engines/build_recipe.h"
#include "engines/engine_config.h"

namespace harness {

struct BuiltEngine {
  GitCommit commit;
  std::string build;    // the recipe as BuildRecipe::describe() says it
  std::string binary;   // absolute path in the cache
  bool cached = false;  // found built, not built now
  double build_seconds = 0;
  // The binary as an engine to play or bench under `name`.
  EngineConfig as_engine(const std::string& name) const {
    EngineConfig e;
    e.name = name;
    e.command = binary;
    return e;
  }
};

class EngineBuilds {
 public:
  // `cache_dir` holds one folder per commit and build command.
  explicit EngineBuilds(std::string cache_dir, std::chrono::seconds timeout = std::chrono::seconds(3600))
      : cache_dir_(absolute_path(cache_dir)), timeout_(timeout) {}

  // The binary of `commit` built by `recipe`: from the cache, or built now.
  chess::Result<BuiltEngine> binary(const GitCommit& commit, const BuildRecipe& recipe) const;
  // Where that binary is (or would be) kept.
  std::string cache_folder(const GitCommit& commit, const BuildRecipe& recipe) const;

 private:
  static std::string absolute_path(const std::string& dir);
  chess::Result<bool> build_into(const GitCommit& commit, const BuildRecipe& recipe, const std::string& folder) const;
  std::string cache_dir_;
  std::chrono::seconds timeout_;
};

}  // namespace harness
