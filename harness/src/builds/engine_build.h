// Engines built from commits, as testing servers build them: the commit checked out into a
// worktree of its own, the build command run there with {out} naming where the binary goes
// (default `make -j$(nproc) EXE={out}`, OpenBench's convention), and the binary kept in a cache
// keyed by the commit and the build command, so a second test of the same commit starts at
// once. A failed build is an error with the tail of its log, and leaves nothing in the cache.
#pragma once

#include <chrono>
#include <string>

#include "builds/git_commit.h"
#include "core/result.h"
#include "engines/engine_config.h"

namespace harness {

struct BuiltEngine {
  GitCommit commit;
  std::string build;    // the command as given
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

  // The binary of `commit` built with `build`: from the cache, or built now.
  chess::Result<BuiltEngine> binary(const GitCommit& commit, const std::string& build) const;
  // Where that binary is (or would be) kept.
  std::string cache_folder(const GitCommit& commit, const std::string& build) const;

 private:
  static std::string absolute_path(const std::string& dir);
  chess::Result<bool> build_into(const GitCommit& commit, const std::string& build, const std::string& folder) const;
  std::string cache_dir_;
  std::chrono::seconds timeout_;
};

}  // namespace harness
