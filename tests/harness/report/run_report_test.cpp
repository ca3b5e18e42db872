#include "report/run_report.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "run/match_config.h"

namespace {

TEST(RunReport, AnEmptyRunAndARunOfAnotherKindGetOneClearMessage) {
  const std::string path = ::testing::TempDir() + "report_empty.sqlite";
  std::filesystem::remove(path);
  auto db = harness::Database::open(path).value();
  harness::MatchConfig c;
  c.engines = {harness::EngineConfig::named("a", "/bin/true"), harness::EngineConfig::named("b", "/bin/true")};
  const std::int64_t empty = db->create_run("match", c.to_json()).value();
  const std::int64_t tuner = db->create_run("tuner-pbil", "{}").value();
  auto r = harness::run_report(*db, {empty});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("run 1 has no finished games yet: nothing to report"), std::string::npos) << r.error();
  r = harness::run_report(*db, {tuner});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("run 2 is a tuner-pbil run"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("see 'tuner report'"), std::string::npos) << r.error();
  r = harness::run_report(*db, {9});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("no run 9 in "), std::string::npos) << r.error();
}

}  // namespace
