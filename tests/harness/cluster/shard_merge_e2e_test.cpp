// Shards end to end: `harness match --shard K/N` into databases of their own, `harness merge`
// into one run, compared game by game with the same match played unsharded. The project's
// engine under a node limit plays the same games every time, so the comparison is exact.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "storage/database.h"
#include "support/harness_cli.h"
#include "support/refusing_slurm.h"
#include "support/stored_runs.h"

namespace {

std::vector<std::string> node_match(const std::string& db, int games, const std::string& extra = "") {
  std::vector<std::string> args = {"match",
                                   "--engine",
                                   project_engine("dev"),
                                   "--engine",
                                   project_engine("v0.12"),
                                   "--nodes",
                                   "3000",
                                   "--games",
                                   std::to_string(games),
                                   "--db",
                                   db,
                                   "--concurrency",
                                   "2"};
  if (!extra.empty()) args.push_back(extra);
  return args;
}

class ShardMerge : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    full_db_ = new std::string(temp_db("shard_full"));
    HarnessRun full = run_harness(node_match(*full_db_, 12));
    ASSERT_EQ(full.exit_code, 0) << full.out;
    full_stats_ = new std::string(statistics(full.out));
  }
  static std::string shard_db(const std::string& name, int k, int n) {
    std::string db = temp_db(name + "_" + std::to_string(k) + "of" + std::to_string(n));
    HarnessRun r = run_harness(node_match(db, 12, "--shard=" + std::to_string(k) + "/" + std::to_string(n)));
    EXPECT_EQ(r.exit_code, 0) << r.out;
    return db;
  }
  static std::string* full_db_;
  static std::string* full_stats_;
};
std::string* ShardMerge::full_db_ = nullptr;
std::string* ShardMerge::full_stats_ = nullptr;

TEST_F(ShardMerge, ThreeShardsMergedAreTheUnshardedRunGameByGame) {
  std::vector<std::string> args = {"merge", temp_db("merged3")};
  for (int k = 1; k <= 3; ++k) args.push_back(shard_db("s", k, 3));
  HarnessRun merged = run_harness(args);
  ASSERT_EQ(merged.exit_code, 0) << merged.out;
  EXPECT_NE(merged.out.find("12 games added, 0 already there; the run holds 12 of 12 games"), std::string::npos) << merged.out;
  EXPECT_EQ(game_rows(args[1], 1), game_rows(*full_db_, 1));
  EXPECT_EQ(statistics(merged.out), *full_stats_);
  auto db = harness::Database::open_existing(args[1]);
  EXPECT_EQ((*db)->run(1).value()->status_text(), "finished");

  // Merging again, in another order, adds nothing.
  std::vector<std::string> again = {"merge", args[1], args[4], args[2], args[3]};
  HarnessRun second = run_harness(again);
  ASSERT_EQ(second.exit_code, 0) << second.out;
  EXPECT_NE(second.out.find("0 games added, 12 already there; the run holds 12 of 12 games"), std::string::npos) << second.out;
  EXPECT_EQ(game_rows(args[1], 1), game_rows(*full_db_, 1));
  EXPECT_EQ((*harness::Database::open_existing(args[1]))->runs().value().size(), 1u);
}

TEST_F(ShardMerge, AMissingShardLeavesARunThatResumesToTheSameGames) {
  const std::string out = temp_db("merged_partial");
  HarnessRun merged = run_harness({"merge", out, shard_db("p", 2, 2)});
  ASSERT_EQ(merged.exit_code, 0) << merged.out;
  EXPECT_NE(merged.out.find("the run holds 6 of 12 games"), std::string::npos) << merged.out;
  EXPECT_EQ((*harness::Database::open_existing(out))->run(1).value()->status_text(), "stopped");
  HarnessRun resumed = run_harness({"resume", "1", "--db", out});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out;
  EXPECT_EQ(game_rows(out, 1), game_rows(*full_db_, 1));
}

TEST_F(ShardMerge, ACorruptShardIsReportedAndTheOthersAreMerged) {
  const std::string good = shard_db("c", 1, 2);
  const std::string corrupt = temp_db("corrupt_shard");
  std::ofstream(corrupt) << std::string(5000, 'x');
  const std::string out = temp_db("merged_corrupt");
  HarnessRun merged = run_harness({"merge", out, good, corrupt});
  ASSERT_EQ(merged.exit_code, 0) << merged.out;
  EXPECT_NE(merged.out.find(corrupt + ": "), std::string::npos) << merged.out;
  EXPECT_NE(merged.out.find("left out"), std::string::npos) << merged.out;
  EXPECT_NE(merged.out.find("the run holds 6 of 12 games"), std::string::npos) << merged.out;
}

TEST_F(ShardMerge, AHalfWrittenShardGivesItsFinishedGames) {
  // A shard killed in the middle of its run: its stored games are finished ones, and count.
  const std::string db = temp_db("killed_shard");
  auto p = start_harness(node_match(db, 40, "--shard=1/2"), ::testing::TempDir() + "killed_shard.err");
  std::string line;
  for (int seen = 0; seen < 3 && p->read_line(line, std::chrono::seconds(120)) == harness::ReadStatus::LINE;)
    if (line.rfind("Game ", 0) == 0) ++seen;
  ::kill(-p->pid(), SIGKILL);
  ::kill(p->pid(), SIGKILL);
  p->stop(std::chrono::milliseconds(2000));
  const std::size_t stored = games_in(db).size();
  ASSERT_GE(stored, 3u);
  const std::string out = temp_db("merged_killed");
  HarnessRun merged = run_harness({"merge", out, db});
  ASSERT_EQ(merged.exit_code, 0) << merged.out;
  EXPECT_EQ(games_in(out).size(), stored);
}

// A self-play run keeps its games' moves packed in the game rows: a merge carries them, so the
// merged run exports the positions the unsharded run does (before, it exported none).
TEST(ShardMergeOfDatagen, AMergedSelfPlayRunExportsTheSamePositions) {
  // Each game's random opening is drawn from its number and the seed: the shards draw the
  // unsharded run's openings, with no book between them.
  auto datagen = [](const std::string& db, const std::string& shard) {
    std::vector<std::string> args = {"datagen", "--engine", project_engine("dev"), "--nodes", "400", "--games", "8", "--seed",
                                     "3", "--maxmoves", "60", "--db", db, "--concurrency", "2", "--random-plies", "6"};
    if (!shard.empty()) args.push_back("--shard=" + shard);
    const HarnessRun r = run_harness(args);
    EXPECT_EQ(r.exit_code, 0) << r.out;
  };
  auto positions = [](const std::string& db) {
    const std::string out = db + ".txt";
    const HarnessRun r = run_harness({"positions", "1", "--db", db, "--format", "text", "-o", out});
    EXPECT_EQ(r.exit_code, 0) << r.out;
    std::ifstream in(out);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  const std::string full = temp_db("datagen_full");
  datagen(full, "");
  std::vector<std::string> merge = {"merge", temp_db("datagen_merged")};
  for (const char* shard : {"1/2", "2/2"}) {
    merge.push_back(temp_db(std::string("datagen_shard") + shard[0]));
    datagen(merge.back(), shard);
  }
  const HarnessRun merged = run_harness(merge);
  ASSERT_EQ(merged.exit_code, 0) << merged.out;
  const std::string expected = positions(full);
  EXPECT_GT(std::count(expected.begin(), expected.end(), '\n'), 50);
  EXPECT_EQ(positions(merge[1]), expected);
}

TEST(ShardMergeRefusals, ShardsOfDifferentRunsAreRefusedBeforeAnythingIsWritten) {
  auto shard = [](const std::string& name, const std::string& opponent, const std::string& k) {
    std::string db = temp_db(name);
    HarnessRun r = run_harness({"match", "--engine", project_engine("dev"), "--engine", project_engine(opponent), "--nodes",
                                "1000", "--games", "4", "--db", db, "--shard", k});
    EXPECT_EQ(r.exit_code, 0) << r.out;
    return db;
  };
  const std::string a = shard("diff_a", "v0.12", "1/2"), b = shard("diff_b", "v0.2", "2/2");
  const std::string out = temp_db("merged_diff");
  HarnessRun merged = run_harness({"merge", out, a, b});
  EXPECT_EQ(merged.exit_code, 2) << merged.out;
  EXPECT_NE(merged.out.find("is a shard of a different run"), std::string::npos) << merged.out;
  EXPECT_NE(merged.out.find("they differ in 'engines'"), std::string::npos) << merged.out;
  auto db = harness::Database::open_existing(out);
  EXPECT_TRUE(!db || (*db)->runs().value().empty());

  HarnessRun unsharded = run_harness({"merge", out, temp_db("plain")});
  EXPECT_EQ(unsharded.exit_code, 2) << unsharded.out;
}

TEST(ShardMergeRefusals, ShardsPlayedByDifferentEngineBinariesAreRefused) {
  // The same configuration, but the engine file changed between the two shards (rebuilt).
  const std::string binary = ::testing::TempDir() + "engine_copy";
  std::filesystem::copy_file(ENGINE_PATH, binary, std::filesystem::copy_options::overwrite_existing);
  auto shard = [&](const std::string& k) {
    std::string db = temp_db("binary_" + k.substr(0, 1));
    HarnessRun r = run_harness({"match", "--engine", "name=copy cmd=" + binary + " arg=--version arg=dev", "--engine",
                                project_engine("v0.12"), "--nodes", "1000", "--games", "4", "--db", db, "--shard", k});
    EXPECT_EQ(r.exit_code, 0) << r.out;
    return db;
  };
  const std::string a = shard("1/2");
  std::ofstream(binary, std::ios::app) << "rebuilt";
  const std::string b = shard("2/2");
  const std::string out = temp_db("merged_binaries");
  HarnessRun merged = run_harness({"merge", out, a, b});
  EXPECT_EQ(merged.exit_code, 2) << merged.out;
  EXPECT_NE(merged.out.find("engine 'copy' is a different binary"), std::string::npos) << merged.out;
  auto db = harness::Database::open_existing(out);
  EXPECT_TRUE(!db || (*db)->runs().value().empty());
}

TEST(ShardMergeRefusals, BadShardSpecsAreRefused) {
  for (const char* spec : {"3/2", "0/0", "1/", "x"}) {
    const std::string db = temp_db("badspec");
    HarnessRun r = run_harness({"match", "--engine", project_engine("dev"), "--engine", project_engine("v0.12"), "--nodes",
                                "1000", "--games", "4", "--db", db, "--shard", spec});
    EXPECT_EQ(r.exit_code, 2) << spec << ": " << r.out;
    EXPECT_NE(r.out.find("shard '" + std::string(spec) + "'"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(db)) << "nothing is recorded";
  }
}

TEST(ClusterRefusals, ASlurmThatDoesNotAnswerIsReportedBeforeAnythingIsRecorded) {
  const std::string db = temp_db("no_slurm");
  // A cluster whose controller is not running (on a port nothing listens on).
  const std::string conf = ::testing::TempDir() + "down-slurm.conf";
  std::ofstream(conf) << "ClusterName=down\nSlurmctldHost=localhost\nSlurmctldPort=9\nAuthType=auth/none\n"
                      << "NodeName=localhost CPUs=1 State=UNKNOWN\nPartitionName=p Nodes=localhost Default=YES\n";
  ::setenv("SLURM_CONF", conf.c_str(), 1);
  HarnessRun r = run_harness({"cluster", "match", "--engine", project_engine("dev"), "--engine", project_engine("v0.12"),
                              "--nodes", "1000", "--games", "4", "--db", db, "--shards", "2"});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("Slurm"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(db)) << "nothing is recorded";

  const std::string old_path = ::getenv("PATH");
  ::setenv("PATH", "/nonexistent", 1);
  HarnessRun missing = run_harness({"cluster", "match", "--engine", project_engine("dev"), "--engine", project_engine("v0.12"),
                                    "--nodes", "1000", "--games", "4", "--db", db, "--shards", "2"});
  ::setenv("PATH", old_path.c_str(), 1);
  EXPECT_EQ(missing.exit_code, 2) << missing.out;
  EXPECT_NE(missing.out.find("Slurm is not installed here"), std::string::npos) << missing.out;
  EXPECT_FALSE(std::filesystem::exists(db));
}

TEST(ClusterRefusals, ShardsMustBeWholePairs) {
  const std::string db = temp_db("too_many_shards");
  HarnessRun r = run_harness({"cluster", "match", "--engine", project_engine("dev"), "--engine", project_engine("v0.12"),
                              "--nodes", "1000", "--games", "4", "--db", db, "--shards", "3"});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("more than the run's 2 game pairs"), std::string::npos) << r.out;
  HarnessRun zero = run_harness({"cluster", "match", "--engine", project_engine("dev"), "--engine", project_engine("v0.12"),
                                 "--games", "4", "--db", db, "--shards", "0"});
  EXPECT_EQ(zero.exit_code, 2) << zero.out;
  EXPECT_FALSE(std::filesystem::exists(db));
}

// A cluster run that fails (its job refused) is marked failed, as harness match marks a run that
// fails; before, it stayed "running" for ever. No Slurm is needed: the refusal is the test's.
TEST(ClusterRefusals, AClusterRunThatFailsIsMarkedFailed) {
  const std::string db = temp_db("refused_job");
  const std::string old_path = ::getenv("PATH");
  ::setenv("PATH", (testing_support::refusing_slurm_bin() + ":" + old_path).c_str(), 1);
  HarnessRun r = run_harness({"cluster", "match", "--engine", project_engine("dev"), "--engine", project_engine("v0.12"),
                              "--nodes", "1000", "--games", "4", "--db", db, "--shards", "2", "--dir",
                              ::testing::TempDir() + "refused_job_cluster"});
  ::setenv("PATH", old_path.c_str(), 1);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("sbatch refused the job (exit 1): sbatch: error: Batch job submission failed"), std::string::npos) << r.out;
  const std::vector<harness::RunRow> runs = harness::Database::open(db).value()->runs().value();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].status_text(), "failed");
  EXPECT_NE(runs[0].summary.find("sbatch refused the job"), std::string::npos) << runs[0].summary;
}

}  // namespace
