// Labeled files traced in blocks: quiet positions kept, a held-out share taken, a bad line named.
#include "data/position_tracing.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

TEST(PositionTracing, ReadsAFileInBlocksAndNamesTheLineOfABadOne) {
  const std::string dir = ::testing::TempDir() + "tuner_tracing/";
  std::filesystem::create_directories(dir);
  {
    std::ofstream out(dir + "many.epd");
    for (int i = 0; i < 70000; ++i)  // more than one block
      out << (i % 2 ? "4k3/8/8/8/8/8/8/R3K3 w - - c9 \"1-0\";\n" : "4k3/8/8/8/8/8/3q4/3QK3 w - - [0.5]\n");
  }
  auto sets = tuner::trace_labeled_file(dir + "many.epd", {.holdout = 0.2, .threads = 2}, eval::dev_params());
  ASSERT_TRUE(sets) << sets.error();
  EXPECT_EQ(sets->read, 70000u);
  EXPECT_EQ(sets->not_quiet, 35000u);  // the hanging queens
  EXPECT_EQ(sets->tuning.size() + sets->heldout.size(), 35000u);
  EXPECT_EQ(sets->heldout.size(), 7000u);  // every fifth block of 100
  for (std::size_t i = 0; i < sets->tuning.size(); i += 997) EXPECT_EQ(sets->tuning.result(i), 1.0);
  EXPECT_GT(sets->tuning.bytes(), sets->tuning.size() * 4);

  std::ofstream(dir + "bad.epd") << "4k3/8/8/8/8/8/8/R3K3 w - - c9 \"1-0\";\n4k3/8/8/8/8/8/8/R3K3 w - - c9 \"2-0\";\n";
  auto bad = tuner::trace_labeled_file(dir + "bad.epd", {.threads = 2}, eval::dev_params());
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("bad.epd:2"), std::string::npos) << bad.error();
  EXPECT_NE(bad.error().find("no result label"), std::string::npos) << bad.error();
  std::ofstream(dir + "empty.epd") << "\n";
  EXPECT_NE(tuner::trace_labeled_file(dir + "empty.epd", {}, eval::dev_params()).error().find("no labeled positions"),
            std::string::npos);
}

}  // namespace
