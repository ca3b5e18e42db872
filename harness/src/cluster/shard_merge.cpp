#include "shard_merge.h"

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "run/run_tally.h"
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

chess::Result<std::vector<ShardRun>> read_shard_runs(const std::string& path, bool one_shard) {
  auto db = Database::open_readonly(path);
  CHESS_RETURN_IF_ERROR(db);
  auto runs = (*db)->runs();
  if (!runs) return chess::Error{path + ": unreadable (" + runs.error() + ")"};
  std::vector<ShardRun> out;
  for (const RunRow& run : *runs) {
    if (!plays_games(run.kind)) continue;
    auto config = MatchConfig::from_json(run.config);
    if (!config || (!config->shard.active() && !one_shard)) continue;
    auto engines = (*db)->run_engines(run.id);
    auto games = (*db)->game_count(run.id);
    if (!engines || !games) return chess::Error{path + ": unreadable (" + (engines ? games.error() : engines.error()) + ")"};
    out.push_back({path, run.id, *config, *engines, *games});
  }
  if (out.empty()) return chess::Error{path + ": holds no shard run (one played by 'harness match --shard K/N')"};
  return out;
}

namespace {

using Checksums = std::map<std::string, std::pair<std::string, std::string>>;  // engine -> checksum, where seen

// Every shard that reads; a file that does not open at all is reported and left out (a corrupt
// or half-written one still gives what it can in the import).
std::vector<ShardRun> readable_shards(const std::vector<std::string>& paths, bool one_shard, MergeResult& result) {
  std::vector<ShardRun> shards;
  for (const std::string& path : paths) {
    auto runs = read_shard_runs(path, one_shard);
    if (!runs) {
      result.problems.push_back(runs.error() + "; left out (its pairs are played again on resume)");
      continue;
    }
    shards.insert(shards.end(), runs->begin(), runs->end());
  }
  return shards;
}

// The shards are of one run and play the same binaries.
chess::Result<Checksums> check_shards(const std::vector<ShardRun>& shards, const MatchConfig& base,
                                      const std::string& base_name) {
  const std::string key = merge_key(base);
  Checksums checksums;
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
  return checksums;
}

// The output's run to merge into: the one asked for, or the unsharded run of this
// configuration, or a new one.
chess::Result<std::int64_t> target_run(Database& out, const MergeOptions& options, const MatchConfig& base,
                                       const Checksums& checksums) {
  std::int64_t run_id = options.into_run;
  if (!run_id) {
    auto runs = out.runs();
    CHESS_RETURN_IF_ERROR(runs);
    for (const RunRow& run : *runs) {
      auto c = MatchConfig::from_json(run.config);
      if (c && !c->shard.active() && merge_key(*c) == merge_key(base)) run_id = run.id;
    }
  }
  if (!run_id) return out.create_run(base.run_kind(), base.to_json());
  auto engines = out.run_engines(run_id);
  CHESS_RETURN_IF_ERROR(engines);
  for (const auto& [name, checksum] : *engines) {
    auto it = checksums.find(name);
    if (it != checksums.end() && it->second.first != checksum)
      return chess::Error{"engine '" + name + "' is a different binary in " + it->second.second + " than in run " +
                          std::to_string(run_id) + " of " + out.path()};
  }
  return run_id;
}

void import_shards(Database& out, const std::vector<ShardRun>& shards, const MergeOptions& options, MergeResult& result) {
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
}

// The merged run's results block, stored with its status.
chess::Result<bool> summarize(Database& out, const MatchConfig& base, const MergeOptions& options, MergeResult& result) {
  auto games = out.game_results(result.run_id);
  CHESS_RETURN_IF_ERROR(games);
  RunTally tally(base);
  for (const auto& [index, game_result] : *games) {
    tally.add(index, game_result);
    ++result.games;
  }
  result.total = Schedule(base).size();
  result.summary = tally.summary();
  const bool decided = options.only != nullptr;
  if (decided && base.kind == TournamentKind::MATCH && base.sprt) {
    const SprtDecision d = sprt_decision(sprt_llr(tally.match_tally(), *base.sprt), *base.sprt);
    if (d != SprtDecision::CONTINUE)
      result.summary += std::string(d == SprtDecision::ACCEPT_H1 ? "SPRT: H1 was accepted" : "SPRT: H0 was accepted") +
                        " on the " + std::to_string(options.only->size()) + " games finished when it decided\n";
  }
  return out.update_run(result.run_id, decided || result.games == result.total ? RunStatus::FINISHED : RunStatus::STOPPED,
                        result.summary);
}

}  // namespace

chess::Result<MergeResult> merge_shards(Database& out, const std::vector<std::string>& shard_paths, const MergeOptions& options) {
  MergeResult result;
  const std::vector<ShardRun> shards = readable_shards(shard_paths, options.one_shard, result);
  if (shards.empty() && !options.expected) return chess::Error{"no shard could be read: nothing to merge"};
  // Everything is checked before anything is written.
  const MatchConfig base = options.expected ? options.expected->unsharded() : shards.front().config.unsharded();
  const std::string base_name =
      options.expected ? "the run" : shards.front().path + " (run " + std::to_string(shards.front().run_id) + ")";
  auto checksums = check_shards(shards, base, base_name);
  CHESS_RETURN_IF_ERROR(checksums);
  auto run_id = target_run(out, options, base, *checksums);
  CHESS_RETURN_IF_ERROR(run_id);
  result.run_id = *run_id;
  import_shards(out, shards, options, result);
  CHESS_RETURN_IF_ERROR(summarize(out, base, options, result));
  return result;
}

}  // namespace harness
