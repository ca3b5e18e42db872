// The run a tuner command works on: new, or the newest unfinished one of its kind and
// configuration with --resume, running again; claimed by this process.
#include "driver/run_lookup.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "process/process_identity.h"

namespace {

std::unique_ptr<tuner::TunerDatabase> empty_lookup_database(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "tuner_run_lookup/";
  std::filesystem::create_directories(dir);
  std::filesystem::remove(dir + name);
  return tuner::TunerDatabase::open(dir + name).value();
}

std::string status_of(tuner::TunerDatabase& db, std::int64_t run) { return db.run(run).value()->status_text(); }

TEST(RunLookup, AResumedRunIsTheNewestUnfinishedOneOfItsConfigurationAndRunsAgain) {
  auto db = empty_lookup_database("resume.sqlite");
  const std::int64_t older = db->create_run(harness::RunKind::TUNER_LOOP, "{\"a\": 1}").value();
  const std::int64_t stopped = db->create_run(harness::RunKind::TUNER_LOOP, "{\"a\": 1}").value();
  const std::int64_t other = db->create_run(harness::RunKind::TUNER_LOOP, "{\"a\": 2}").value();
  ASSERT_TRUE(db->update_run(stopped, harness::RunStatus::STOPPED, "interrupted\n"));
  ASSERT_TRUE(db->update_run(other, harness::RunStatus::STOPPED, "interrupted\n"));

  EXPECT_EQ(tuner::find_or_create_run(*db, harness::RunKind::TUNER_LOOP, "{\"a\": 1}", true).value(), stopped);
  EXPECT_EQ(status_of(*db, stopped), "running");
  EXPECT_EQ(db->run(stopped).value()->summary, "");
  EXPECT_EQ(status_of(*db, other), "stopped") << "another configuration's run is left as it was";
  EXPECT_EQ(status_of(*db, older), "running");
}

TEST(RunLookup, AFinishedRunIsNotResumedAndWithoutResumeARunIsNew) {
  auto db = empty_lookup_database("finished.sqlite");
  const std::int64_t done = db->create_run(harness::RunKind::TUNER_NNUE, "{}").value();
  ASSERT_TRUE(db->update_run(done, harness::RunStatus::FINISHED, "done\n"));
  auto resumed = tuner::find_or_create_run(*db, harness::RunKind::TUNER_NNUE, "{}", true);
  ASSERT_FALSE(resumed);
  EXPECT_NE(resumed.error().find("--resume: no unfinished tuner-nnue run with this configuration"), std::string::npos)
      << resumed.error();
  EXPECT_EQ(status_of(*db, done), "finished");
  const std::int64_t fresh = tuner::find_or_create_run(*db, harness::RunKind::TUNER_NNUE, "{}", false).value();
  EXPECT_NE(fresh, done);
  EXPECT_EQ(status_of(*db, fresh), "running");
}

// A run held by a process that has ended (here one that never ran on this host's clock) is
// taken over by a resume; the resuming process holds it then.
TEST(RunLookup, AResumeTakesOverTheClaimOfAProcessThatEnded) {
  auto db = empty_lookup_database("claims.sqlite");
  const std::int64_t run = db->create_run(harness::RunKind::TUNER_NNUE, "{}").value();
  ASSERT_TRUE(db->update_run(run, harness::RunStatus::STOPPED, "interrupted\n"));
  harness::ProcessIdentity gone = harness::this_process();
  gone.start = "no-boot/0";  // the pid's start differs: another process, since ended
  ASSERT_FALSE(db->claim_run(run, gone, [](const harness::ProcessIdentity&) { return false; }).value());
  EXPECT_EQ(tuner::find_or_create_run(*db, harness::RunKind::TUNER_NNUE, "{}", true).value(), run);
  auto holder = db->claim_run(run, gone, harness::is_running);
  ASSERT_TRUE(holder.value()) << "this process holds it now";
  EXPECT_EQ(holder.value()->process, harness::this_process());
}

}  // namespace
