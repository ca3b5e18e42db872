// The harness and the tuner on a real Slurm: a one-node cluster that tests/harness/cluster/slurm_up.sh
// starts before these tests (CTest fixture "slurm") and slurm_down.sh stops after them. Games
// are node-limited, so a match plays the same games sharded or not and can be compared exactly.
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "process/command.h"
#include "storage/database.h"
#include "storage/tuner_database.h"
#include "support/git_repo.h"
#include "support/harness_cli.h"
#include "support/lineage_text.h"
#include "support/stored_runs.h"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> node_match(const std::string& command, const std::string& db, int games, const std::string& opponent,
                                    const std::vector<std::string>& extra) {
  std::vector<std::string> args;
  if (command == "cluster")
    args = {"cluster", "match"};
  else
    args = {"match", "--concurrency", "2"};
  for (const std::string& a :
       {std::string("--engine"), project_engine("dev"), std::string("--engine"), project_engine(opponent), std::string("--nodes"),
        std::string("4000"), std::string("--games"), std::to_string(games), std::string("--db"), db})
    args.push_back(a);
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

int shard_games(const std::string& path) {
  auto db = harness::Database::open_readonly(path);
  if (!db) return 0;
  try {
    int n = 0;
    for (const harness::RunRow& run : (*db)->runs().value()) n += int((*db)->game_results(run.id).value().size());
    return n;
  } catch (const std::exception&) {
    return 0;
  }
}

std::string squeue_job(const std::string& id) {
  auto r = harness::run_command("squeue", {"-h", "-r", "-j", id, "-o", "%i %T"}, std::chrono::seconds(60));
  return r ? r->out : "squeue failed: " + r.error();
}

TEST(Cluster, AMatchInTwoAndFourShardsThroughSlurmIsTheUnshardedMatch) {
  const std::string full = temp_db("cluster_full");
  HarnessRun local = run_harness(node_match("match", full, 16, "v0.12", {}));
  ASSERT_EQ(local.exit_code, 0) << local.out;
  for (int shards : {2, 4}) {
    const std::string db = temp_db("cluster_" + std::to_string(shards));
    HarnessRun r = run_harness(node_match("cluster", db, 16, "v0.12", {"--shards", std::to_string(shards), "--poll-ms", "200"}),
                               std::chrono::seconds(600));
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Submitted job "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("16 of 16 games"), std::string::npos) << r.out;
    EXPECT_EQ(game_rows(db, 1), game_rows(full, 1)) << shards << " shards";
    EXPECT_EQ(statistics(r.out), statistics(local.out)) << r.out;
    auto stored = harness::Database::open_existing(db);
    ASSERT_TRUE(stored);
    EXPECT_EQ((*stored)->run(1).value()->status_text(), "finished");
    auto job = (*stored)->cluster_job(1).value();
    ASSERT_TRUE(job);
    EXPECT_EQ(job->shards, shards);
    for (int k = 1; k <= shards; ++k) EXPECT_EQ(shard_games(job->dir + "/shard-" + std::to_string(k) + ".sqlite"), 16 / shards);
  }
}

// Engines a registry names by repository and ref are built on the controller (its cache is
// beside the database, on the filesystem the node shares) and their commits kept with the run.
TEST(Cluster, CommitsFromARegistryOfRepoAndRefPlayOnSlurm) {
  const std::string db = temp_db("cluster_commits");
  const std::string work = fs::path(db).parent_path().string();
  GitRepo repo(work + "/repo");
  repo.commit({{"engine.sh", wrapper(std::string(ENGINE_PATH) + " --version v0.12")},
               {"build.sh", "cp engine.sh \"$1\" && chmod +x \"$1\"\n"}},
              "base: v0.12");
  repo.commit({{"engine.sh", wrapper(std::string(ENGINE_PATH) + " --version dev")}}, "dev: a stronger search");
  std::ofstream(work + "/engines.json") << R"({"engines": [
    {"name": "new", "repo": "repo", "ref": "HEAD", "build": "sh build.sh {out}", "bench": "bench 5"},
    {"name": "old", "repo": "repo", "ref": "HEAD~1", "build": "sh build.sh {out}", "bench": "bench 5"}]})";
  HarnessRun r = run_harness({"cluster", "match", "new", "old", "--registry", work + "/engines.json", "--nodes", "2000",
                              "--games", "8", "--shards", "2", "--poll-ms", "200", "--db", db},
                             std::chrono::seconds(600));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("8 of 8 games"), std::string::npos) << r.out;
  HarnessRun shown = run_harness({"show", "1", "--db", db});
  EXPECT_NE(shown.out.find("new  " + repo.sha("HEAD").substr(0, 8) + " dev: a stronger search (ref HEAD)"), std::string::npos)
      << shown.out;
  EXPECT_NE(shown.out.find("old  " + repo.sha("HEAD~1").substr(0, 8) + " base: v0.12 (ref HEAD~1)"), std::string::npos)
      << shown.out;
}

TEST(Cluster, AnSprtDecisionOnTheCombinedPairsCancelsTheRemainingTasks) {
  const std::string db = temp_db("cluster_sprt");
  HarnessRun r = run_harness(node_match("cluster", db, 400, "v0.1",
                                        {"--shards", "4", "--poll-ms", "200", "--sprt", "elo0=0 elo1=60 alpha=0.05 beta=0.05"}),
                             std::chrono::seconds(600));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("SPRT: H1 was accepted after "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cancelling the remaining tasks"), std::string::npos) << r.out;
  auto stored = harness::Database::open_existing(db);
  ASSERT_TRUE(stored);
  auto job = (*stored)->cluster_job(1).value();
  ASSERT_TRUE(job && job->decided);
  const auto games = (*stored)->game_results(1).value();
  EXPECT_LT(games.size(), 400u);
  // Exactly the games the decision counted; games finished after it stay in their shards.
  ASSERT_EQ(games.size(), job->counted.size());
  for (std::size_t i = 0; i < games.size(); ++i) EXPECT_EQ(games[i].first, job->counted[i]);
  int in_shards = 0;
  for (int k = 1; k <= 4; ++k) in_shards += shard_games(job->dir + "/shard-" + std::to_string(k) + ".sqlite");
  EXPECT_GE(in_shards, int(games.size()));
  EXPECT_EQ((*stored)->run(1).value()->status_text(), "finished");
  EXPECT_NE((*stored)->run(1).value()->summary.find("SPRT: H1 was accepted"), std::string::npos);
  for (const std::string& id : job->job_ids) EXPECT_EQ(squeue_job(id), "") << "job " << id << " still has tasks";
}

TEST(Cluster, AKilledTasksFinishedGamesCountAndResumePlaysOnlyTheRest) {
  const std::string full = temp_db("cluster_kill_full");
  HarnessRun local = run_harness(node_match("match", full, 40, "v0.12", {}));
  ASSERT_EQ(local.exit_code, 0) << local.out;

  const std::string db = temp_db("cluster_kill");
  auto p = start_harness(node_match("cluster", db, 40, "v0.12", {"--shards", "2", "--poll-ms", "200"}),
                         ::testing::TempDir() + "cluster_kill.err");
  // Wait until the second task has stored a few games, then cancel it as a node failure would.
  std::string job_id, dir;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  while (std::chrono::steady_clock::now() < deadline) {
    if (job_id.empty())
      if (auto d = harness::Database::open_readonly(db)) try {
          if (auto job = (*d)->cluster_job(1).value(); job && !job->job_ids.empty()) job_id = job->job_ids[0], dir = job->dir;
        } catch (const std::exception&) {
        }
    if (!job_id.empty() && shard_games(dir + "/shard-2.sqlite") >= 2) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_FALSE(job_id.empty());
  auto cancelled = harness::run_command("scancel", {job_id + "_2"}, std::chrono::seconds(60));
  ASSERT_TRUE(cancelled && cancelled->exit_code == 0);
  std::string out, line;
  while (p->read_line(line, std::chrono::seconds(300)) == harness::ReadStatus::LINE) out += line + "\n";
  const int exit_code = p->stop(std::chrono::milliseconds(5000));
  std::ifstream err(::testing::TempDir() + "cluster_kill.err");
  out += std::string(std::istreambuf_iterator<char>(err), {});
  ASSERT_EQ(exit_code, 2) << out;
  EXPECT_NE(out.find("games are missing"), std::string::npos) << out;
  EXPECT_NE(out.find("harness cluster resume 1"), std::string::npos) << out;
  const std::size_t kept = game_rows(db, 1).size();
  EXPECT_GE(kept, 20u + 2u) << "shard 1's games and the cancelled shard's finished ones count";
  EXPECT_LT(kept, 40u);

  HarnessRun resumed = run_harness({"cluster", "resume", "1", "--db", db, "--poll-ms", "200"}, std::chrono::seconds(600));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out;
  EXPECT_NE(resumed.out.find("1 of 2 shards (array 2)"), std::string::npos) << resumed.out;
  EXPECT_EQ(game_rows(db, 1), game_rows(full, 1));
  EXPECT_EQ(statistics(resumed.out), statistics(local.out));
}

// A run killed after sbatch answered and before the job's id was stored (simulated: the stored
// ids are cleared after the kill) finds its job again by its name on resume and watches it; a
// second array would play the shards again at once.
TEST(Cluster, AJobSubmittedButNotRecordedIsWatchedNotSubmittedAgain) {
  const std::string db = temp_db("cluster_unrecorded");
  auto p = start_harness(node_match("cluster", db, 40, "v0.12", {"--shards", "2", "--poll-ms", "200"}),
                         ::testing::TempDir() + "cluster_unrecorded.err");
  harness::ClusterJobRow job;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  while (job.job_ids.empty() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (auto d = harness::Database::open_readonly(db)) try {
        if (auto stored = (*d)->cluster_job(1).value()) job = *stored;
      } catch (const std::exception&) {
      }
  }
  ASSERT_FALSE(job.job_ids.empty());
  ::kill(p->pid(), SIGKILL);
  (void)p->stop(std::chrono::milliseconds(2000));
  const std::string submitted = job.job_ids.front();
  job.job_ids.clear();
  ASSERT_TRUE(harness::Database::open(db).value()->save_cluster_job(job));

  HarnessRun resumed = run_harness({"cluster", "resume", "1", "--db", db, "--poll-ms", "200"}, std::chrono::seconds(600));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out;
  EXPECT_NE(resumed.out.find("Watching job " + submitted), std::string::npos) << resumed.out;
  EXPECT_EQ(resumed.out.find("Submitted job"), std::string::npos) << resumed.out;
  EXPECT_EQ(game_rows(db, 1).size(), 40u);
}

// A tuner configuration whose game fitness runs on the cluster.
std::string cluster_tuner_workspace(const std::string& name, int games_per_individual = 2) {
  std::string dir = ::testing::TempDir() + "cluster_tuner_" + name + "/";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir + "openings.epd") << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n"
                                      << "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"d4\";\n";
  std::ofstream(dir + "eval.json") << R"({
    "name": "cluster",
    "parameters": [{"name": "bishop_pair_mg", "min": 0, "max": 60, "step": 4}],
    "fitness": {"type": "games", "engine": "name=dev cmd=)"
                                   << ENGINE_PATH << R"( arg=--version arg=dev option.Hash=4",
                "openings": "openings.epd", "tc": "0.3+0.01", "games_per_individual": )"
                                   << games_per_individual << R"(,
                "cluster": {"shards": 2, "dir": "jobs"}},
    "pbil": {"population": 2, "generations": 2, "seed": 1},
    "validation": {"games": 0}})";
  return dir;
}

HarnessRun run_tuner_on_cluster(const std::vector<std::string>& args) {
  auto p = harness::ChildProcess::start({TUNER_PATH, args, "", ::testing::TempDir() + "cluster_tuner.err"});
  if (!p) throw std::runtime_error(p.error());
  HarnessRun r;
  std::string line;
  while ((*p)->read_line(line, std::chrono::seconds(600)) == harness::ReadStatus::LINE) r.out += line + "\n";
  r.exit_code = (*p)->stop(std::chrono::milliseconds(5000));
  std::ifstream e(::testing::TempDir() + "cluster_tuner.err");
  r.out += std::string(std::istreambuf_iterator<char>(e), {});
  return r;
}

TEST(Cluster, ATunersGenerationsArePlayedAsJobArrays) {
  const std::string dir = cluster_tuner_workspace("pbil");
  HarnessRun r =
      run_tuner_on_cluster({"pbil", "--config", dir + "eval.json", "--db", dir + "t.sqlite", "--out", dir + "best.json"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("generation 2/2"), std::string::npos) << r.out;
  auto db = tuner::TunerDatabase::open_existing(dir + "t.sqlite").value();
  std::int64_t tuner_run = 0;
  for (const harness::RunRow& run : db->runs().value())
    if (run.kind_text() == "tuner-pbil") tuner_run = run.id;
  ASSERT_NE(tuner_run, 0);
  ASSERT_EQ(db->generations(tuner_run).value().size(), 2u);
  for (int gen = 0; gen < 2; ++gen) {
    const std::int64_t match_run = db->individuals(tuner_run, gen).value().at(0).match_run;
    auto job = db->cluster_job(match_run).value();
    ASSERT_TRUE(job) << "generation " << gen + 1 << " was not played on the cluster";
    EXPECT_EQ(job->shards, 2);
    EXPECT_EQ(fs::path(job->dir).parent_path(), fs::path(dir + "jobs"));
    EXPECT_EQ(db->games(match_run).value().size(), 4u);
    EXPECT_EQ(db->run(match_run).value()->status_text(), "finished");
  }
}

TEST(Cluster, ATunerKilledWhileItsArrayRunsGoesOnWithTheSameRunOnResume) {
  const std::string dir = cluster_tuner_workspace("killed", 6);
  const std::string db_path = dir + "t.sqlite";
  auto p = harness::ChildProcess::start({TUNER_PATH,
                                         {"pbil", "--config", dir + "eval.json", "--db", db_path, "--out", dir + "best.json"},
                                         "",
                                         ::testing::TempDir() + "killed_tuner.err"});
  ASSERT_TRUE(p) << p.error();
  // Kill the tuner as soon as the first generation's array is submitted.
  std::int64_t generation_run = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  while (!generation_run && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    auto db = harness::Database::open_readonly(db_path);
    if (!db) continue;
    try {
      for (const harness::RunRow& run : (*db)->runs().value())
        if (auto job = (*db)->cluster_job(run.id).value(); job && !job->job_ids.empty()) generation_run = run.id;
    } catch (const std::exception&) {
    }
  }
  ASSERT_NE(generation_run, 0);
  ::kill((*p)->pid(), SIGKILL);
  (*p)->stop(std::chrono::milliseconds(2000));

  HarnessRun resumed =
      run_tuner_on_cluster({"pbil", "--config", dir + "eval.json", "--db", db_path, "--resume", "--out", dir + "best.json"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out;
  auto db = tuner::TunerDatabase::open_existing(db_path).value();
  std::int64_t tuner_run = 0;
  int match_runs = 0;
  for (const harness::RunRow& run : db->runs().value()) {
    if (run.kind_text() == "tuner-pbil") tuner_run = run.id;
    if (run.kind_text() == "tournament" || run.kind_text() == "match") ++match_runs;
  }
  ASSERT_EQ(db->generations(tuner_run).value().size(), 2u);
  // The first generation's games are the run the killed tuner had submitted, played once.
  EXPECT_EQ(db->individuals(tuner_run, 0).value().at(0).match_run, generation_run);
  EXPECT_EQ(match_runs, 2) << "one harness run per generation, none played twice";
  EXPECT_EQ(db->games(generation_run).value().size(), 12u);
}

// tuner loop with --cluster: each self-play and gate a job array, each training one job, and the
// same lineage as the loop run here (node-limited games, the same networks byte for byte).
std::string loop_lineage(const std::string& dir, const std::string& db) {
  return lineage_without_times(run_tuner_on_cluster({"show", "1", "--db", db}).out, dir);
}

// A loop killed after its training job was submitted and before the job was recorded
// (simulated: the step's row is removed after the kill) watches that job on resume: two jobs
// would train the same run at once.
TEST(Cluster, ALoopsTrainingJobSubmittedButNotRecordedIsWatchedNotSubmittedAgain) {
  const std::string dir = ::testing::TempDir() + "cluster_loop_unrecorded/";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir + "loop.json") << R"({"name": "tiny", "engine": "name=dev cmd=)" << ENGINE_PATH
                                   << R"( arg=--version arg=dev option.Hash=16", "generations": 1,
 "datagen": {"games": 8, "nodes": 400, "random_plies": 8, "seed": 7, "concurrency": 2, "maxmoves": 60},
 "training": {"hidden": 256, "batch_size": 4096, "batches_per_superbatch": 4, "superbatches": 40, "wdl": 0.2,
              "validation_fraction": 0.05, "threads": 1, "lr": {"schedule": "constant", "start": 0.001}},
 "gate": {"tc": "nodes=600", "games": 2, "concurrency": 2}})";
  const std::vector<std::string> args{"loop",      "--config",    dir + "loop.json", "--db", dir + "t.sqlite",
                                      "--dir",     dir + "files", "--cluster",       "2",    "--cluster-dir",
                                      dir + "jobs"};
  auto p = harness::ChildProcess::start({TUNER_PATH, args, "", dir + "first.err"});
  ASSERT_TRUE(p) << p.error();
  std::string job;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  while (job.empty() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    auto db = tuner::TunerDatabase::open_readonly(dir + "t.sqlite");
    if (!db) continue;
    auto steps = (*db)->loop_steps(1);
    if (steps)
      for (const tuner::LoopStepRow& step : *steps)
        if (step.step == "train") job = nlohmann::json::parse(step.detail).value("job", "");
  }
  ASSERT_FALSE(job.empty()) << "the training job was recorded";
  ::kill((*p)->pid(), SIGKILL);
  (void)(*p)->stop(std::chrono::milliseconds(2000));
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open((dir + "t.sqlite").c_str(), &raw), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(raw, "DELETE FROM loop_steps WHERE step = 'train'", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(raw);
  }
  std::vector<std::string> resume = args;
  resume.push_back("--resume");
  const HarnessRun r = run_tuner_on_cluster(resume);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Training as Slurm job " + job), std::string::npos) << r.out;
  int logs = 0;
  for (const auto& file : fs::directory_iterator(dir + "files/gen1/slurm"))
    logs += file.path().filename().string().rfind("train-", 0) == 0;
  EXPECT_EQ(logs, 1) << "one training job";
}

TEST(Cluster, ALoopOnSlurmHasTheLineageOfTheLoopRunHere) {
  std::string lineages[2];
  for (int on_cluster = 0; on_cluster < 2; ++on_cluster) {
    const std::string dir = ::testing::TempDir() + "cluster_loop_" + std::to_string(on_cluster) + "/";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir + "loop.json") << R"({"name": "tiny", "engine": "name=dev cmd=)" << ENGINE_PATH
                                     << R"( arg=--version arg=dev option.Hash=16", "generations": 2, "data_window": 2,
 "datagen": {"games": 8, "nodes": 400, "random_plies": 8, "seed": 7, "concurrency": 2, "maxmoves": 60},
 "training": {"hidden": 16, "batch_size": 128, "batches_per_superbatch": 2, "superbatches": 3, "wdl": 0.2,
              "validation_fraction": 0.05, "threads": 1, "lr": {"schedule": "constant", "start": 0.001}},
 "gate": {"tc": "nodes=600", "games": 4, "sprt": "elo0=0 elo1=10", "concurrency": 2}})";
    std::vector<std::string> args{"loop", "--config", dir + "loop.json", "--db", dir + "t.sqlite", "--dir", dir + "files"};
    if (on_cluster) args.insert(args.end(), {"--cluster", "2", "--cluster-dir", dir + "jobs"});
    const HarnessRun r = run_tuner_on_cluster(args);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    lineages[on_cluster] = loop_lineage(dir, dir + "t.sqlite");
    if (!on_cluster) continue;
    EXPECT_NE(r.out.find("Training as Slurm job"), std::string::npos) << r.out;
    auto db = tuner::TunerDatabase::open_existing(dir + "t.sqlite").value();
    for (const tuner::LoopStepRow& step : db->loop_steps(1).value()) {
      if (step.step != "datagen" && step.step != "gate") continue;
      auto job = db->cluster_job(step.run_id).value();
      ASSERT_TRUE(job) << step.step << " of generation " << step.generation << " was not played on the cluster";
      EXPECT_EQ(job->shards, 2);
    }
    EXPECT_TRUE(fs::exists(dir + "files/gen1/slurm/train.sh"));
  }
  EXPECT_EQ(lineages[1], lineages[0]);
}

}  // namespace
