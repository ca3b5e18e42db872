// A run's status has one word in the runs table, read back by one parser; a word no status has
// is refused by name.
#include "record/run_status.h"

#include <gtest/gtest.h>

namespace {

using harness::RunStatus;

TEST(RunStatus, EveryStatusWordReadsBackAsItself) {
  for (int s = 0; s < harness::RUN_STATUSES; ++s) {
    const RunStatus status = RunStatus(s);
    auto back = harness::parse_run_status(harness::run_status_name(status));
    ASSERT_TRUE(back) << harness::run_status_name(status) << ": " << back.error();
    EXPECT_EQ(*back, status);
    for (int other = 0; other < s; ++other)
      EXPECT_STRNE(harness::run_status_name(status), harness::run_status_name(RunStatus(other)));
  }
}

// The words every database has held: they must never change.
TEST(RunStatus, TheStoredWordsAreTheOnesDatabasesHold) {
  EXPECT_STREQ(harness::run_status_name(RunStatus::RUNNING), "running");
  EXPECT_STREQ(harness::run_status_name(RunStatus::FINISHED), "finished");
  EXPECT_STREQ(harness::run_status_name(RunStatus::STOPPED), "stopped");
  EXPECT_STREQ(harness::run_status_name(RunStatus::FAILED), "failed");
}

TEST(RunStatus, AnUnknownWordIsRefusedByName) {
  for (const std::string word : {"paused", "Finished", "interrupted", "", "unknown"}) {
    auto status = harness::parse_run_status(word);
    ASSERT_FALSE(status) << word;
    EXPECT_NE(status.error().find("'" + word + "'"), std::string::npos) << status.error();
  }
}

}  // namespace
