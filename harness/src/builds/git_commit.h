// Commits of a git repository as a test names them: a ref resolved to its commit id, subject
// and message, and the `Bench: N` signature its message carries (OpenBench's and fishtest's
// convention). Everything runs the git program on the repository (`git -C PATH`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

struct GitCommit {
  std::string repo;  // the repository's absolute path
  std::string ref;   // as it was given
  std::string sha;   // 40 hex digits
  std::string subject;
  std::string message;  // the whole message
  std::string short_sha() const { return sha.substr(0, 8); }
};

// The commit REF names in the repository; the error says whether the repository or the ref is wrong.
chess::Result<GitCommit> resolve_commit(const std::string& repo, const std::string& ref);

// A commit message's bench signature as OpenBench reads it: the last "BENCH" or "NODES" (any
// case) followed by spaces, ':' or '=' and a number that may have commas ("Bench 2492187",
// "BENCH : 8,976,216", "nodes=123"), if any.
std::optional<std::uint64_t> bench_in_message(const std::string& message);

// The commits from `good` (excluded) to `bad` (included) on the first-parent line, oldest first.
chess::Result<std::vector<GitCommit>> commits_between(const std::string& repo, const GitCommit& good, const GitCommit& bad);

}  // namespace harness
