// One tuning run from its configuration file, in process: stopped after two generations as
// asked, resumed to its end, its result written beside the database and the run's rows stored.
#include "driver/tuning_run.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "storage/tuner_database.h"
#include "tuner/space/material_config.h"

namespace {

TEST(TuningRun, StopsWhenAskedResumesAndWritesItsResult) {
  const std::string dir = ::testing::TempDir() + "tuning_run/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "p.epd") << std::ifstream(small_labeled_file()).rdbuf();
  std::ofstream(dir + "eval.json") << MATERIAL_CONFIG;
  tuner::TuningRequest request;
  request.config = dir + "eval.json";
  request.db = dir + "t.sqlite";
  request.stop_after = 2;
  request.no_validation = true;  // no validation match: the configuration's default would play one
  const tuner::TuningMethod& pbil = *tuner::find_tuning_method("pbil");
  std::ostringstream first;
  auto stopped = tuner::run_tuning(request, pbil, first);
  ASSERT_TRUE(stopped) << stopped.error();
  EXPECT_EQ(*stopped, tuner::TuningEnd::DONE);
  EXPECT_NE(first.str().find("Tuner run 1 (pbil)"), std::string::npos) << first.str();
  auto db = tuner::TunerDatabase::open_existing(request.db).value();
  EXPECT_EQ(db->run(1).value()->status_text(), "stopped");
  EXPECT_EQ(db->generations(1).value().size(), 2u);

  request.stop_after = -1;
  request.resume = true;
  std::ostringstream second;
  auto finished = tuner::run_tuning(request, pbil, second);
  ASSERT_TRUE(finished) << finished.error();
  EXPECT_NE(second.str().find("Tuner run 1 (pbil)"), std::string::npos) << "the same run goes on: " << second.str();
  EXPECT_EQ(db->run(1).value()->status_text(), "finished");
  EXPECT_EQ(db->generations(1).value().size(), 5u);
  const std::string result = dir + "tuned/test-run1.json";
  EXPECT_NE(second.str().find("weights written to " + result), std::string::npos) << second.str();
  EXPECT_TRUE(std::filesystem::exists(result));
  EXPECT_EQ(db->result(1).value()->path, result);
}

TEST(TuningRun, AConfigurationThatCannotRunIsAnErrorBeforeAnythingIsRecorded) {
  const std::string dir = ::testing::TempDir() + "tuning_run_bad/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "eval.json") << MATERIAL_CONFIG;  // its positions file p.epd is missing
  tuner::TuningRequest request{dir + "eval.json", "", dir + "t.sqlite"};
  request.no_validation = true;  // the error must be the positions', not the validation engine's
  std::ostringstream out;
  auto run = tuner::run_tuning(request, *tuner::find_tuning_method("pbil"), out);
  ASSERT_FALSE(run);
  EXPECT_NE(run.error().find("p.epd"), std::string::npos) << run.error();
  EXPECT_FALSE(std::filesystem::exists(request.db)) << "nothing is recorded for a configuration that cannot run";
}

}  // namespace
