// read_samples holds the kept positions in memory within a budget: data that would need more is
// refused with how much it took, before the machine runs out; data within it reads whole.
#include "network_training/training_samples.h"

#include <gtest/gtest.h>

#include "support/material_positions.h"

namespace {

TEST(TrainingSamples, DataBeyondTheMemoryBudgetIsRefusedWithHowMuchItTook) {
  const std::string path = ::testing::TempDir() + "samples_budget.txt";
  const int written = testing_support::write_material_positions(path, 60, 5);
  ASSERT_GT(written, 3000);
  const tuner::SampleFilter everything{0, 32000, false, false};
  std::vector<tuner::TrainingSample> all;
  auto whole = tuner::read_samples({{path, formats::PositionFormat::TEXT}}, everything, true, all);
  ASSERT_TRUE(whole) << whole.error();
  EXPECT_EQ(all.size(), std::size_t(written));

  const std::uint64_t budget = 2000 * sizeof(tuner::TrainingSample);
  std::vector<tuner::TrainingSample> some;
  auto refused = tuner::read_samples({{path, formats::PositionFormat::TEXT}}, everything, true, some, budget);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find(path + ": the training data does not fit in memory: "), std::string::npos) << refused.error();
  EXPECT_NE(refused.error().find("positions kept so far"), std::string::npos) << refused.error();
  EXPECT_LE(some.capacity() * sizeof(tuner::TrainingSample), budget) << "the buffer stayed within the budget";
}

TEST(TrainingSamples, TheDefaultBudgetIsAShareOfTheMachinesAvailableMemory) {
  EXPECT_GT(tuner::default_memory_budget(), 100'000'000u) << "this machine has more than 125 MB available";
}

}  // namespace
