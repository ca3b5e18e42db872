#include "storage/database.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>

namespace {

std::string fresh_db(const std::string& name) {
  std::string path = ::testing::TempDir() + name + ".sqlite";
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

TEST(Database, StoresTunerRowsAndValidationsEvenWhenTheEloIsNotFinite) {
  auto db = harness::Database::open(fresh_db("tuner_rows")).value();
  std::int64_t run = db->create_run("tuner-pbil", "{}").value();
  db->save_generation(run, {0, 0.9, 0.1, 0.2, "[0.5]", "state"}, {{0, "1", "{}", 0.1, 0}, {1, "0", "{}", 0.3, 0}}).value();
  ASSERT_EQ(db->individuals(run, 0).value().size(), 2u);
  EXPECT_EQ(db->individuals(run, 0).value()[1].fitness, 0.3);
  // Two validation games both won: the Elo and its error are infinite.
  const double inf = std::numeric_limits<double>::infinity();
  db->save_validation(run, {1, run, inf, inf}).value();
  db->save_validation(run, {2, run, 12.5, 30.25}).value();
  auto v = db->validations(run).value();
  ASSERT_EQ(v.size(), 2u);
  EXPECT_TRUE(std::isnan(v[0].elo));
  EXPECT_TRUE(std::isinf(v[0].elo_error));
  EXPECT_EQ(v[1].elo, 12.5);
  EXPECT_EQ(v[1].elo_error, 30.25);
}

}  // namespace
