// A tuner run stored before the tuner's state was renamed (schema 13: PBIL's 'probabilities'
// column holding SPSA's theta) resumes after the migration, with the real tuner binary, and ends
// where one uninterrupted run of the same configuration ends.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "storage/tuner_database.h"
#include "support/tuner_cli.h"

using namespace std::chrono_literals;

namespace {

// The configuration the fixture's run was stored with, byte for byte (a resume finds its run by it).
const char* CONFIG = R"({
  "name": "before-migration",
  "parameters": [ {"name": "bishop_pair_mg", "min": 0, "max": 100},
                  {"name": "tempo_mg", "min": -50, "max": 50} ],
  "spsa": {"iterations": 12, "seed": 5, "c_end_fraction": 0.05},
  "fitness": {"type": "texel", "positions": "positions.epd"},
  "validation": {"games": 0}
}
)";

// The fixture was stored on another machine, whose libm and instruction set may round the last
// bit of a texel error differently: real numbers that crossed machines agree to this fraction.
constexpr double CROSS_MACHINE_TOLERANCE = 1e-9;

void expect_near_relative(double a, double b, const std::string& what) {
  EXPECT_NEAR(a, b, CROSS_MACHINE_TOLERANCE * std::max(1.0, std::abs(b))) << what;
}

void expect_same_theta(const nlohmann::json& a, const nlohmann::json& b) {
  ASSERT_TRUE(a.is_array() && b.is_array() && a.size() == b.size()) << a << " " << b;
  for (std::size_t i = 0; i < a.size(); ++i) expect_near_relative(a[i].get<double>(), b[i].get<double>(), "theta " + std::to_string(i));
}

// Two stored SPSA states: theta and the scale within the tolerance, the step count and the
// random generator's state exactly ("saved": n, theta, k, scale, the generator).
void expect_same_state(const std::string& stored, const std::string& expected) {
  const nlohmann::json a = nlohmann::json::parse(stored), b = nlohmann::json::parse(expected);
  expect_same_theta(a["theta"], b["theta"]);
  std::istringstream sa(a["saved"].get<std::string>()), sb(b["saved"].get<std::string>());
  std::size_t na = 0, nb = 0;
  ASSERT_TRUE(sa >> na && sb >> nb);
  ASSERT_EQ(na, nb);
  for (std::size_t i = 0; i <= na + 1; ++i) {  // theta, then k (exact) and the scale
    double x = 0, y = 0;
    ASSERT_TRUE(sa >> x && sb >> y);
    if (i == na)
      EXPECT_EQ(x, y) << "step count";
    else
      expect_near_relative(x, y, i < na ? "saved theta" : "scale");
  }
  std::string rest_a, rest_b;
  std::getline(sa, rest_a);
  std::getline(sb, rest_b);
  EXPECT_EQ(rest_a, rest_b) << "the random generator";
}

// The folder of the fixture's run: its configuration, its positions (the first 400 of the
// project's labeled set) and its database as the old tuner left it.
std::string migration_workspace() {
  const std::string dir = tuner_workspace("tuner_state_migration", CONFIG, 400);
  sqlite3* raw = nullptr;
  EXPECT_EQ(sqlite3_open((dir + "old.sqlite").c_str(), &raw), SQLITE_OK);
  char* message = nullptr;
  const std::string dump = testing_support::file_bytes(std::string(PROJECT_DIR) + "/tests/tuner/fixtures/spsa_run_schema13.sql");
  EXPECT_EQ(sqlite3_exec(raw, dump.c_str(), nullptr, nullptr, &message), SQLITE_OK) << (message ? message : "");
  sqlite3_close(raw);
  return dir;
}

TEST(StoredStateMigration, AnSpsaRunStoredBeforeTheMigrationResumesAfterIt) {
  const std::string dir = migration_workspace();
  const TunerRun resumed =
      run_tuner({"spsa", "--config", "config.json", "--db", "old.sqlite", "--out", "resumed.json", "--resume"}, dir);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out;
  EXPECT_NE(resumed.out.find("Resuming tuner run 1 at step 6"), std::string::npos) << resumed.out;
  const TunerRun whole = run_tuner({"spsa", "--config", "config.json", "--db", "whole.sqlite", "--out", "whole.json"}, dir);
  ASSERT_EQ(whole.exit_code, 0) << whole.out;

  auto old_db = tuner::TunerDatabase::open_existing(dir + "old.sqlite").value();
  auto whole_db = tuner::TunerDatabase::open_existing(dir + "whole.sqlite").value();
  const auto steps = old_db->generations(1).value(), expected = whole_db->generations(1).value();
  ASSERT_EQ(steps.size(), 12u);
  ASSERT_EQ(expected.size(), 12u);
  // The five old steps now hold their theta under its own name.
  const nlohmann::json migrated = nlohmann::json::parse(steps[4].state);
  expect_same_theta(migrated["theta"], nlohmann::json::parse(expected[4].state)["theta"]);
  // Resumed, the run ends in the same state with the same weights as the run that never stopped.
  expect_same_state(steps.back().state, expected.back().state);
  EXPECT_EQ(testing_support::file_bytes(dir + "resumed.json"), testing_support::file_bytes(dir + "whole.json"));
  EXPECT_EQ(old_db->run(1).value()->status_text(), "finished");
}

}  // namespace
