// The one door into a run: a run is found by its configuration whatever its concurrency, and a
// run that fails is marked failed whether it was played here or as Slurm shards.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "engines/engine_config.h"
#include "launch/run_door.h"
#include "support/engine_specs.h"
#include "support/harness_cli.h"
#include "support/refusing_slurm.h"

namespace {

harness::MatchConfig two_engines(int concurrency) {
  harness::MatchConfig c;
  c.engines = {harness::parse_engine_spec(testing_support::versioned_engine("dev", "dev")).value(),
               harness::parse_engine_spec(testing_support::versioned_engine("old", "v0.12")).value()};
  c.games = 2;
  c.settings.tc = harness::TimeControl::fixed_nodes(500);
  c.concurrency = concurrency;
  c.random_plies = 4;  // openings of four random plies each: no book to write
  c.seed = 1;
  return c;
}

TEST(RunDoor, ARunIsFoundByItsConfigurationWhateverItsConcurrency) {
  auto db = harness::Database::open(temp_db("door_find")).value();
  const harness::MatchConfig config = two_engines(1);
  const std::int64_t first = harness::create_run(*db, config).value();
  harness::MatchConfig other = two_engines(1);
  other.games = 4;
  const std::int64_t different = harness::create_run(*db, other).value();
  EXPECT_EQ(harness::find_run(*db, two_engines(2), harness::StoredRuns::UNFINISHED).value(), first);
  ASSERT_TRUE(db->update_run(first, harness::RunStatus::FINISHED, "").value());
  EXPECT_EQ(harness::find_run(*db, config, harness::StoredRuns::UNFINISHED).value(), 0);
  EXPECT_EQ(harness::find_run(*db, config, harness::StoredRuns::ANY).value(), first);
  EXPECT_EQ(harness::find_run(*db, other, harness::StoredRuns::UNFINISHED).value(), different);
}

// The games' PGN cannot be written (its folder was removed after the run was prepared): the run
// fails after its first game is stored, and the door marks it failed with the reason.
TEST(RunDoor, ARunThatFailsHereIsMarkedFailed) {
  const std::string path = temp_db("door_fails_here");
  auto db = harness::Database::open(path).value();
  harness::MatchConfig config = two_engines(1);
  const std::string folder = ::testing::TempDir() + "door_pgn_folder/";
  std::filesystem::create_directories(folder);
  config.pgn_path = folder + "games.pgn";
  auto inputs = harness::prepare_run(config);
  ASSERT_TRUE(inputs) << inputs.error();
  std::filesystem::remove_all(folder);
  const std::int64_t run = harness::create_run(*db, config).value();
  std::ostringstream out;
  const harness::PlayedRun played = harness::play_run(config, std::move(*inputs), *db, run, harness::RunPlay{}, out);
  ASSERT_EQ(played.status.kind, harness::MatchStatus::FAILED) << out.str();
  const harness::RunRow row = db->run(run).value().value();
  EXPECT_EQ(row.status, harness::RunStatus::FAILED);
  EXPECT_NE(row.summary.find("cannot write the game's PGN"), std::string::npos) << row.summary;
  // The games stored (the first, and one already in progress when the run stopped) are counted.
  const int stored = int(db->games(run).value().size());
  EXPECT_GE(stored, 1);
  EXPECT_EQ(played.match.games(), stored);
}

// The same through the cluster backend: its job refused, the run is marked failed alike.
TEST(RunDoor, ARunThatFailsOnTheClusterIsMarkedFailed) {
  auto db = harness::Database::open(temp_db("door_fails_on_cluster")).value();
  const harness::MatchConfig config = two_engines(1);
  const std::int64_t run = harness::create_run(*db, config).value();
  harness::RunPlay how;
  how.cluster = harness::ClusterSettings{::testing::TempDir() + "door_cluster", 1, "", {}, HARNESS_PATH, 50};
  const std::string old_path = ::getenv("PATH");
  ::setenv("PATH", (testing_support::refusing_slurm_bin() + ":" + old_path).c_str(), 1);
  std::ostringstream out;
  const harness::PlayedRun played = harness::play_run(config, harness::RunInputs{}, *db, run, how, out);
  ::setenv("PATH", old_path.c_str(), 1);
  ASSERT_EQ(played.status.kind, harness::MatchStatus::FAILED) << out.str();
  const harness::RunRow row = db->run(run).value().value();
  EXPECT_EQ(row.status, harness::RunStatus::FAILED);
  EXPECT_NE(row.summary.find("sbatch refused the job"), std::string::npos) << row.summary;
}

}  // namespace
