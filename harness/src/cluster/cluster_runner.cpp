#include "cluster_runner.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <thread>

#include "process/stop_request.h"
#include "settings/key_values.h"
#include "shard_merge.h"
#include "slurm.h"
#include "stats/sprt.h"
#include "text/words.h"

namespace harness {

namespace fs = std::filesystem;

namespace {

// Size and modification time of a database and its WAL: changes whenever a game is stored.
long long stamp(const std::string& path) {
  long long total = 0;
  for (const char* suffix : {"", "-wal"}) {
    std::error_code ec;
    auto size = fs::file_size(path + suffix, ec);
    if (ec) continue;
    auto time = fs::last_write_time(path + suffix, ec);
    total += (long long)(size)*31 + (ec ? 0 : (long long)(time.time_since_epoch().count() % 1000000007));
  }
  return total;
}

}  // namespace

ClusterRunner::ClusterRunner(MatchConfig config, Database& db, std::int64_t run_id, ClusterSettings settings)
    : config_(std::move(config)), db_(db), run_id_(run_id), settings_(std::move(settings)), schedule_(config_), tally_(config_) {}

std::string ClusterRunner::shard_path(int k) const {
  return (fs::path(job_.dir) / ("shard-" + std::to_string(k) + ".sqlite")).string();
}

chess::Result<bool> ClusterRunner::write_job_files() const {
  std::error_code ec;
  fs::create_directories(fs::path(job_.dir) / "logs", ec);
  if (ec) return chess::Error{job_.dir + ": cannot create the cluster folder: " + ec.message()};
  const std::string config_path = (fs::path(job_.dir) / "config.json").string();
  std::ofstream(config_path) << config_.to_json() << "\n";
  std::ofstream script(fs::path(job_.dir) / "job.sh");
  script << "#!/bin/bash\n"
         << "# One shard of run " << run_id_ << " of " << db_.path() << " per array task (written by harness cluster).\n"
         << "#SBATCH --job-name=" << job_name("run", job_.dir) << "\n"
         << "#SBATCH --output=" << (fs::path(job_.dir) / "logs" / "shard-%a.log").string() << "\n"
         << "#SBATCH --cpus-per-task=" << std::max(1, config_.concurrency) << "\n";
  if (!settings_.partition.empty()) script << "#SBATCH --partition=" << settings_.partition << "\n";
  for (const std::string& arg : settings_.sbatch_args) script << "#SBATCH " << arg << "\n";
  script << "exec " << shell_quoted(settings_.harness_path) << " cluster task " << shell_quoted(config_path)
         << " \"${SLURM_ARRAY_TASK_ID}/" << job_.shards << "\" --db " << shell_quoted(job_.dir)
         << "\"/shard-${SLURM_ARRAY_TASK_ID}.sqlite\"\n";
  if (!script) return chess::Error{job_.dir + ": cannot write the job script"};
  return true;
}

std::vector<int> ClusterRunner::shards_with_missing_games() const {
  std::vector<int> missing;
  for (int k = 1; k <= job_.shards; ++k) {
    const std::size_t wanted = std::size_t(schedule_.shard_size(Shard{k - 1, job_.shards}));
    if (wanted == 0) continue;
    std::size_t have = 0;
    auto runs = read_shard_runs(shard_path(k), job_.shards == 1);
    if (runs)
      for (const ShardRun& r : *runs) have = std::max(have, std::size_t(r.games));
    if (have < wanted) missing.push_back(k);
  }
  return missing;
}

bool ClusterRunner::read_shard(Database& shard) {
  auto runs = shard.runs();
  if (!runs) return false;
  for (const RunRow& run : *runs) {
    auto c = MatchConfig::from_json(run.config);
    if (!c || merge_key(*c) != merge_key(config_)) continue;
    auto games = shard.game_results(run.id);
    if (!games) return false;
    for (const auto& [index, result] : *games)
      if (results_.emplace(index, result).second) {
        tally_.add(index, result);
        shard_added_ = true;
      }
  }
  return true;
}

bool ClusterRunner::read_shards() {
  shard_added_ = false;
  for (int k = 1; k <= job_.shards; ++k) {
    const std::string path = shard_path(k);
    const long long now = stamp(path);
    if (now == 0 || shard_stamps_[path] == now) continue;
    auto db = Database::open_readonly(path);
    if (!db) continue;                                // not written yet, or being created
    if (read_shard(**db)) shard_stamps_[path] = now;  // else being written: read again at the next poll
  }
  return shard_added_;
}

chess::Result<bool> ClusterRunner::watch(std::ostream& out) {
  using namespace std::chrono;
  const int total = schedule_.size();
  const bool tty = isatty(STDOUT_FILENO);
  const bool sprt = config_.kind == TournamentKind::MATCH && config_.sprt;
  int failures = 0;
  StopRequest seen = StopRequest::NONE;
  while (true) {
    if (read_shards()) {
      const std::string line = "Run " + std::to_string(run_id_) + ": " + tally_.progress(total);
      tty ? out << "\r\033[K" << line << std::flush : out << line << "\n" << std::flush;
    }
    if (sprt && !job_.decided) {
      const SprtDecision d = sprt_decision(sprt_llr(tally_.match_tally(), *config_.sprt), *config_.sprt);
      if (d != SprtDecision::CONTINUE) {
        job_.decided = true;
        job_.counted.clear();
        for (const auto& entry : results_) job_.counted.push_back(entry.first);
        CHESS_RETURN_IF_ERROR(db_.save_cluster_job(job_));
        if (tty) out << "\n";
        out << (d == SprtDecision::ACCEPT_H1 ? "SPRT: H1 was accepted" : "SPRT: H0 was accepted") << " after "
            << plural(long(job_.counted.size()), "game") << ": cancelling the remaining tasks" << std::endl;
        CHESS_RETURN_IF_ERROR(cancel_jobs(job_.job_ids));
      }
    }
    if (stop_requested() != seen) {
      seen = stop_requested();
      interrupted_ = true;
      if (tty) out << "\n";
      if (seen == StopRequest::ABORT) {
        out << "Stopping at once: the tasks are cancelled, the finished games are merged" << std::endl;
        (void)cancel_jobs(job_.job_ids);
        return true;
      }
      out << "Stopping: cancelling the tasks and merging their finished games (interrupt again to stop waiting)" << std::endl;
      CHESS_RETURN_IF_ERROR(cancel_jobs(job_.job_ids));
    }
    auto active = active_tasks(job_.job_ids);
    if (!active) {
      if (++failures * settings_.poll_ms > 120000) return chess::Error{"Slurm stopped answering: " + active.error()};
    } else {
      failures = 0;
      if (active->empty()) {
        read_shards();
        if (tty) out << "\n";
        return true;
      }
    }
    std::this_thread::sleep_for(milliseconds(settings_.poll_ms));
  }
}

MatchStatus ClusterRunner::merge(std::ostream& out) {
  std::vector<std::string> paths;
  for (int k = 1; k <= job_.shards; ++k)
    if (fs::exists(shard_path(k))) paths.push_back(shard_path(k));
  MergeOptions options;
  options.into_run = run_id_;
  options.expected = config_;
  options.one_shard = job_.shards == 1;
  if (job_.decided) options.only = &job_.counted;
  auto merged = merge_shards(db_, paths, options);
  if (!merged) return {MatchStatus::FAILED, merged.error()};
  for (const std::string& p : merged->problems) out << "Warning: " << p << "\n";
  tally_ = RunTally(config_);
  auto games = db_.game_results(run_id_);
  if (!games) return {MatchStatus::FAILED, games.error()};
  for (const auto& [index, result] : *games) tally_.add(index, result);
  out << merged->summary;
  out << "Merged " << paths.size() << " shard databases into run " << run_id_ << " of " << db_.path() << ": " << merged->games
      << " of " << merged->total << " games" << std::endl;
  if (interrupted_) {
    out << "Interrupted: resume with: harness cluster resume " << run_id_ << " --db " << db_.path() << std::endl;
    return {MatchStatus::INTERRUPTED, ""};
  }
  if (!job_.decided && merged->games < merged->total)
    return {MatchStatus::FAILED, std::to_string(merged->total - merged->games) + " games are missing (tasks failed or were " +
                                     "killed; their logs are in " + job_.dir + "/logs): continue with 'harness cluster resume " +
                                     std::to_string(run_id_) + " --db " + db_.path() + "'"};
  return {};
}

MatchStatus ClusterRunner::run(std::ostream& out) {
  auto failed = [](std::string error) { return MatchStatus{MatchStatus::FAILED, std::move(error)}; };
  auto stored = db_.cluster_job(run_id_);
  if (!stored) return failed(stored.error());
  job_ = *stored ? **stored : ClusterJobRow{run_id_, settings_.dir, settings_.shards, {}, false, {}};
  if (!*stored)
    if (auto saved = db_.save_cluster_job(job_); !saved) return failed(saved.error());
  if (job_.decided) return merge(out);
  return submit_and_watch(out);
}

MatchStatus ClusterRunner::submit_and_watch(std::ostream& out) {
  auto failed = [](std::string error) { return MatchStatus{MatchStatus::FAILED, std::move(error)}; };
  {
    auto active = active_tasks(job_.job_ids);
    if (!active) return failed(active.error());
    // A job submitted by a session killed before it recorded the job: watched, not submitted again.
    auto unrecorded = active->empty() ? active_jobs_named(job_name("run", job_.dir)) : std::vector<std::string>{};
    if (!unrecorded) return failed(unrecorded.error());
    const std::size_t recorded = job_.job_ids.size();
    for (const std::string& id : *unrecorded)
      if (std::find(job_.job_ids.begin(), job_.job_ids.end(), id) == job_.job_ids.end()) job_.job_ids.push_back(id);
    if (job_.job_ids.size() > recorded) {
      if (auto saved = db_.save_cluster_job(job_); !saved) return failed(saved.error());
      active = active_tasks(job_.job_ids);
      if (!active) return failed(active.error());
    }
    if (active->empty()) {
      const std::vector<int> missing = shards_with_missing_games();
      if (missing.empty()) return merge(out);
      if (auto written = write_job_files(); !written) return failed(written.error());
      auto id = submit_array((fs::path(job_.dir) / "job.sh").string(), missing);
      if (!id) return failed(id.error());
      job_.job_ids.push_back(*id);
      if (auto saved = db_.save_cluster_job(job_); !saved) return failed(saved.error());
      out << "Submitted job " << *id << ": " << missing.size() << " of " << job_.shards << " shards (array "
          << array_spec(missing) << "), folder " << job_.dir << std::endl;
    } else {
      out << "Watching job " << job_.job_ids.back() << ": " << plural(long(active->size()), "task") << " still pending or running"
          << std::endl;
    }
    if (auto watched = watch(out); !watched) return failed(watched.error());
    return merge(out);
  }
}

}  // namespace harness
