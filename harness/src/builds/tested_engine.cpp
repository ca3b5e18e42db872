#include "builds/tested_engine.h"

#include <cstdio>
#include <nlohmann/json.hpp>

namespace harness {

namespace {

// How errors name a side: its option (--dev, --base), or a registry engine by its name.
std::string side(const std::string& role) { return role == "dev" || role == "base" ? "--" + role : "engine '" + role + "'"; }

}  // namespace

chess::Result<TestedEngine> prepare_tested_engine(const std::string& role, const std::string& ref, const TestSettings& s,
                                                  const EngineBuilds& builds, std::ostream& progress) {
  auto commit = resolve_commit(s.repo, ref);
  if (!commit) return chess::Error{side(role) + ": " + commit.error()};
  TestedEngine e;
  e.role = role;
  auto built = builds.binary(*commit, s.build);
  if (!built) return chess::Error{side(role) + ": " + built.error()};
  e.built = *built;
  char line[256];
  std::snprintf(
      line, sizeof line, "%-4s %s %s: %s", role.c_str(), e.built.commit.short_sha().c_str(),
      e.built.commit.subject.substr(0, 60).c_str(),
      e.built.cached ? "built before (cache)" : ("built in " + std::to_string(int(e.built.build_seconds + 0.5)) + " s").c_str());
  progress << line << std::endl;
  auto bench = run_bench(e.built.as_engine(e.name()), s.bench, s.bench_timeout);
  if (!bench) return chess::Error{side(role) + ": " + bench.error()};
  e.bench = *bench;
  const auto given = s.expected_bench.find(role);
  e.expected_bench = given != s.expected_bench.end() ? std::optional(given->second) : bench_in_message(e.built.commit.message);
  const std::string expected_from = given != s.expected_bench.end() ? side(role) + "-bench" : "the commit's message";
  std::snprintf(line, sizeof line, "%-4s bench %llu at %llu nps%s%s", role.c_str(), static_cast<unsigned long long>(e.bench.nodes),
                static_cast<unsigned long long>(e.bench.nps),
                e.bench.runs > 1 ? (" (median of " + std::to_string(e.bench.runs) + " runs)").c_str() : "",
                !e.expected_bench                    ? ", the commit has no bench line"
                : *e.expected_bench == e.bench.nodes ? (", as " + expected_from + " says").c_str()
                                                     : "");
  progress << line << std::endl;
  if (e.expected_bench && *e.expected_bench != e.bench.nodes && !s.ignore_bench)
    return chess::Error{side(role) + ": " + e.built.commit.short_sha() + " (" + e.built.commit.subject + "): " + expected_from +
                        " says bench " + std::to_string(*e.expected_bench) + " but its binary's bench is " +
                        std::to_string(e.bench.nodes) + ": it is not what was committed, or the expected count is wrong (" +
                        side(role) + "-bench N gives the right one; --ignore-bench plays it anyway)"};
  return e;
}

TestedCommit TestedEngine::record() const {
  const GitCommit& c = built.commit;
  return {role, name(), c.repo, c.ref, c.sha, c.subject, built.build, bench.nodes, bench.nps, expected_bench};
}

std::string describe(const TestedCommit& t) {
  std::string bench = "bench " + std::to_string(t.bench) + " at " + std::to_string(t.nps) + " nps";
  if (t.message_bench)
    bench += *t.message_bench == t.bench ? " (as its Bench: line)"
                                         : " (its Bench: line says " + std::to_string(*t.message_bench) + ")";
  return t.role + (t.role.size() < 4 ? std::string(4 - t.role.size(), ' ') : "") + " " + t.commit.substr(0, 8) + " " + t.subject +
         " (ref " + t.ref + "), " + bench + ", built with: " + t.build;
}

void to_json(nlohmann::json& j, const TestedCommit& t) {
  j = {{"role", t.role},       {"name", t.name},   {"repo", t.repo},   {"ref", t.ref}, {"commit", t.commit},
       {"subject", t.subject}, {"build", t.build}, {"bench", t.bench}, {"nps", t.nps}};
  if (t.message_bench) j["message_bench"] = *t.message_bench;
}

void from_json(const nlohmann::json& j, TestedCommit& t) {
  const std::pair<const char*, std::string*> texts[] = {{"role", &t.role},  {"name", &t.name},     {"repo", &t.repo},
                                                        {"ref", &t.ref},    {"commit", &t.commit}, {"subject", &t.subject},
                                                        {"build", &t.build}};
  for (const auto& [key, field] : texts) j.at(key).get_to(*field);
  j.at("bench").get_to(t.bench);
  j.at("nps").get_to(t.nps);
  if (j.contains("message_bench")) t.message_bench = j.at("message_bench").get<std::uint64_t>();
}

}  // namespace harness
