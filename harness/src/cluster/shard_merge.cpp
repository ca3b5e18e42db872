#include "shard_merge.h"

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "match/run_tally.h"
#include "stats/sprt.h"

namespace harness {

namespace {

// The first top-level setting in which two configurations differ, for the error message.
std::string first_difference(const MatchConfig& a, const MatchConfig& b) {
  const nlohmann::json ja = nlohmann::json::parse(merge_key(a)), jb = nlohmann::json::parse(merge_key(b));
  for (auto it = ja.begin(); it != ja.end(); ++it)
    if (!jb.contains(it.key()) || jb.at(it.key()) != it.value()) return it.key();
  for (auto it = jb.begin(); it != jb.end(); ++it)
    if (!ja.contains(it.key())) return it.key();
  return "?";
}

}  // namespace

std::string merge_key(const MatchConfig& config) {
  MatchConfig c = config.unsharded();
  c.concurrency = 1;
  return c.to_json();
}

chess::Result<std::vector<ShardRun>> read_shard_runs(const std::string& path) {
  auto db = Database::open_readonly(path);
  if (!db) return chess::Error{db.error()};
  std::vector<ShardRun> out;
  try {
    for (const RunRow& run : (*db)->runs()) {
      if (run.kind != "match" && run.kind != "tournament") continue;
      auto config = MatchConfig::from_json(run.config);
      if (!config || !config->shard.active()) continue;
      out.push_back({path, run.id, *config, (*db)->run_engines(run.id), (*db)->game_count(run.id)});
    }
  } catch (const std::exception& e) {
    return chess::Error{path + ": unreadable (" + e.what() + ")"};
  }
  if (out.empty()) return chess::Error{path + ": holds no shard run (one played by 'harness match --shard K/N')"};
  return out;
}

chess::Result<MergeResult> merge_shards(Database& out, const std::vector<std::string>& shard_paths, const MergeOptions& options) {
  MergeResult result;
  std::vector<ShardRun> shards;
  for (const std::string& path : shard_paths) {
    auto runs = read_shard_runs(path);
    if (!runs) {
      // A corrupt or half-written file still gives what it can in the import below; a file
      // that does not open at all is reported and left out.
      result.problems.push_back(runs.error() + "; left out (its pairs are played again on resume)");
      continue;
    }
    shards.insert(shards.end(), runs->begin(), runs->end());
  }
  if (shards.empty() && !options.expected) return chess::Error{"no shard could be read: nothing to merge"};

  // Everything is checked before anything is written.
  const MatchConfig base = options.expected ? options.expected->unsharded() : shards.front().config.unsharded();
  const std::string key = merge_key(base);
  const std::string base_name =
      options.expected ? "the run" : shards.front().path + " (run " + std::to_string(shards.front().run_id) + ")";
  std::map<std::string, std::pair<std::string, std::string>> checksums;  // engine -> checksum, where seen
  for (const ShardRun& s : shards) {
    if (merge_key(s.config) != key)
      return chess::Error{s.path + " (run " + std::to_string(s.run_id) + ", shard " + s.config.shard.describe() +
                          ") is a shard of a different run than " + base_name + ": they differ in '" +
                          first_difference(s.config, base) + "'"};
    for (const auto& [name, checksum] : s.engines) {
      auto [it, fresh] = checksums.emplace(name, std::make_pair(checksum, s.path));
      if (!fresh && it->second.first != checksum)
        return chess::Error{"engine '" + name + "' is a different binary in " + s.path + " (checksum " + checksum + ") than in " +
                            it->second.second + " (checksum " + it->second.first + "): shards must play the same engines"};
    }
  }

  try {
    result.run_id = options.into_run;
    if (!result.run_id) {
      for (const RunRow& run : out.runs()) {
        auto c = MatchConfig::from_json(run.config);
        if (c && !c->shard.active() && merge_key(*c) == key) result.run_id = run.id;
      }
    }
    if (result.run_id) {
      for (const auto& [name, checksum] : out.run_engines(result.run_id)) {
        auto it = checksums.find(name);
        if (it != checksums.end() && it->second.first != checksum)
          return chess::Error{"engine '" + name + "' is a different binary in " + it->second.second + " than in run " +
                              std::to_string(result.run_id) + " of " + out.path()};
      }
    } else {
      result.run_id = out.create_run(base.kind == TournamentKind::MATCH ? "match" : "tournament", base.to_json());
    }
    for (const ShardRun& s : shards) {
      auto count = out.import_games(s.path, s.run_id, result.run_id, options.only);
      if (!count) {
        result.problems.push_back(count.error());
        continue;
      }
      ++result.shards;
      result.copied += count->copied;
      result.present += count->present;
      result.unreadable += count->unreadable;
      if (count->unreadable)
        result.problems.push_back(s.path + ": " + std::to_string(count->unreadable) +
                                  " games could not be read; its readable games were merged");
    }
    RunTally tally(base);
    for (const auto& [index, game_result] : out.game_results(result.run_id)) {
      tally.add(index, game_result);
      ++result.games;
    }
    result.total = int(make_schedule(base).size());
    result.summary = tally.summary();
    const bool decided = options.only != nullptr;
    if (decided && base.kind == TournamentKind::MATCH && base.sprt) {
      const SprtDecision d = sprt_decision(sprt_llr(tally.match_tally(), *base.sprt), *base.sprt);
      if (d != SprtDecision::CONTINUE)
        result.summary += std::string(d == SprtDecision::ACCEPT_H1 ? "SPRT: H1 was accepted" : "SPRT: H0 was accepted") +
                          " on the " + std::to_string(options.only->size()) + " games finished when it decided\n";
    }
    out.update_run(result.run_id, decided || result.games == result.total ? "finished" : "stopped", result.summary);
  } catch (const std::exception& e) {
    return chess::Error{out.path() + ": " + e.what()};
  }
  return result;
}

}  // namespace harness
