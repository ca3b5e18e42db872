#include "builds/git_engines.h"

#include <algorithm>
#include <filesystem>
#include <utility>

namespace harness {

std::string build_cache_beside(const std::string& db_path) {
  return (std::filesystem::absolute(db_path).parent_path() / "builds").lexically_normal().string();
}

chess::Result<std::vector<TestedCommit>> build_git_engines(std::vector<EngineConfig>& engines, const EngineBuilds& builds,
                                                           BenchCheck check, std::ostream& progress) {
  std::vector<TestedCommit> tested;
  std::vector<std::pair<GitSource, std::string>> built;  // an engine that plays itself is built once
  for (EngineConfig& e : engines) {
    if (!e.source || !e.command.empty()) continue;
    auto same = std::find_if(built.begin(), built.end(), [&](const auto& b) { return b.first == *e.source; });
    if (same != built.end()) {
      e.command = same->second;
      continue;
    }
    TestSettings s;
    s.repo = e.source->repo;
    s.build = e.source->build;
    s.bench = BenchCommand::from_words(e.source->bench);
    s.ignore_bench = check == BenchCheck::RECORD_ONLY;
    auto prepared = prepare_tested_engine(e.name, e.source->ref, s, builds, progress);
    CHESS_RETURN_IF_ERROR(prepared);
    e.command = prepared->built.binary;
    built.emplace_back(*e.source, e.command);
    TestedCommit record = prepared->record();
    record.name = e.name;
    tested.push_back(std::move(record));
  }
  return tested;
}

}  // namespace harness
