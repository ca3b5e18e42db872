// One side of a test of commits: the ref resolved, its engine built (or taken from the cache),
// its bench run, and the count checked against the commit's `Bench: N` line. What the run
// records of it (repository, ref, commit, subject, bench, speed, build command) is its JSON.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <ostream>
#include <string>

#include "builds/engine_build.h"
#include "engines/bench_signature.h"

namespace harness {

// What a run keeps of one tested side, shown by show, runs, the report and the dashboard.
struct TestedCommit {
  std::string role, name, repo, ref, commit, subject, build;
  std::uint64_t bench = 0, nps = 0;
  std::optional<std::uint64_t> message_bench;
  bool operator==(const TestedCommit&) const = default;
};
// "dev  1a2b3c4d v0.2: a better search (ref HEAD~2), bench 847753 at 1927095 nps, built with: make ..."
std::string describe(const TestedCommit& t);
void to_json(nlohmann::json& j, const TestedCommit& t);
void from_json(const nlohmann::json& j, TestedCommit& t);

struct TestedEngine {
  std::string role;  // "dev" or "base"
  BuiltEngine built;
  BenchSignature bench;
  std::optional<std::uint64_t> expected_bench;  // the commit message's Bench: line
  // The name it plays under: "dev-1a2b3c4d".
  std::string name() const { return role + "-" + built.commit.short_sha(); }
  TestedCommit record() const;
};

struct TestSettings {
  std::string repo;
  BuildRecipe build;
  BenchCommand bench;
  bool ignore_bench = false;
  std::chrono::seconds bench_timeout{600};
  // The bench each side must have, given by the user (--dev-bench, --base-bench, as OpenBench's
  // test form gives them): instead of the count read from its commit's message.
  std::map<std::string, std::uint64_t> expected_bench;  // by role
};

// Resolves, builds and benches `ref`; a build that fails, a bench that cannot be read, or a
// count that differs from the commit's Bench: line (unless ignored) is the error. `progress`
// gets one line for the build and one for the bench.
chess::Result<TestedEngine> prepare_tested_engine(const std::string& role, const std::string& ref, const TestSettings& settings,
                                                  const EngineBuilds& builds, std::ostream& progress);

}  // namespace harness
