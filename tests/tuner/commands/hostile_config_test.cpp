// The tuner says only what happened: a configuration that would make it claim otherwise (a
// weight listed twice, a start outside its range, a count past its bound) is refused by its key,
// and a result that cannot be written leaves the earlier file as it was.
#include <gtest/gtest.h>
#include <sys/mount.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/tuner_cli.h"

using namespace std::chrono_literals;

namespace {

// A folder with the first 200 labeled positions and `config` as config.json.
std::string hostile_workspace(const std::string& name, const std::string& config) {
  return tuner_workspace("tuner_hostile_" + name, config, 200);
}

std::string config_with(const std::string& parameters, const std::string& method = R"("spsa": {"iterations": 2, "seed": 1})") {
  return R"({"name": "hostile", "parameters": [)" + parameters + "], " + method +
         R"(, "fitness": {"type": "texel", "positions": "positions.epd"}, "validation": {"games": 0}})";
}

TEST(HostileTunerConfig, AWeightListedTwiceIsRefusedByName) {
  const std::string dir = hostile_workspace(
      "twice", config_with(R"({"name": "tempo_mg", "min": 0, "max": 50}, {"name": "tempo_mg", "min": 0, "max": 40})"));
  const TunerRun r = run_tuner({"spsa", "--config", "config.json", "--db", "t.sqlite"}, dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("config.json: parameters[1]: 'tempo_mg' is listed twice"), std::string::npos) << r.out;
  // A table and one of its own elements are the same weight twice.
  const std::string table = hostile_workspace(
      "table_twice", config_with(R"({"name": "pst_knight_mg", "min": -100, "max": 100}, {"name": "pst_knight_mg[27]"})"));
  const TunerRun t = run_tuner({"spsa", "--config", "config.json", "--db", "t.sqlite"}, table);
  EXPECT_EQ(t.exit_code, 2) << t.out;
  EXPECT_NE(t.out.find("parameters[1]: 'pst_knight_mg[27]' is listed twice"), std::string::npos) << t.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "t.sqlite")) << "refused before a run is recorded";
}

// Before, the start (dev's tempo_mg, 12) was clamped into [36, 50] silently, and the run said
// "equal to the start ... nothing moved" of weights that had moved to 36.
TEST(HostileTunerConfig, AStartOutsideItsRangeIsRefusedByName) {
  const std::string dir = hostile_workspace("start_outside", config_with(R"({"name": "tempo_mg", "min": 36, "max": 50})"));
  const TunerRun r = run_tuner({"spsa", "--config", "config.json", "--db", "t.sqlite", "--out", "out.json"}, dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("config.json: parameters: 'tempo_mg' starts at 12 (dev's weights), outside its range [36, 50]"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("nothing moved"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "out.json"));
}

TEST(HostileTunerConfig, CountsPastTheirBoundsAreRefusedByName) {
  const std::string dir = hostile_workspace(
      "population", config_with(R"({"name": "tempo_mg", "min": 0, "max": 50})", R"("pbil": {"population": 100000000})"));
  const TunerRun r = run_tuner({"pbil", "--config", "config.json", "--db", "t.sqlite"}, dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("pbil: 'population' must be from 2 to 10000, got 100000000"), std::string::npos) << r.out;
  const std::string spsa = hostile_workspace(
      "iterations", config_with(R"({"name": "tempo_mg", "min": 0, "max": 50})", R"("spsa": {"iterations": 2000000000})"));
  const TunerRun s = run_tuner({"spsa", "--config", "config.json", "--db", "t.sqlite"}, spsa);
  EXPECT_EQ(s.exit_code, 2) << s.out;
  EXPECT_NE(s.out.find("spsa: 'iterations' must be from 1 to 10000000, got 2000000000"), std::string::npos) << s.out;
}

// --out onto a full file system: the run says so and exits non-zero, and the weights written
// there before stay whole (before: a 4 KB fragment replaced them).
TEST(HostileTunerConfig, ResultsThatCannotBeWrittenLeaveTheEarlierFileWhole) {
  const std::string dir = hostile_workspace("full_disk", config_with(R"({"name": "tempo_mg", "min": 0, "max": 50})"));
  const std::string full = dir + "full";
  std::filesystem::create_directories(full);
  if (::mount("tmpfs", full.c_str(), "tmpfs", 0, "size=64k") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here (" << std::strerror(errno) << "): the test needs root";
  const std::string earlier = std::string(PROJECT_DIR) + "/configs/weights/dev.json";
  std::filesystem::copy_file(earlier, full + "/weights.json");
  {
    std::ofstream filler(full + "/filler", std::ios::binary);
    const std::string block(4096, 'x');
    while (filler.write(block.data(), std::streamsize(block.size()))) filler.flush();
  }
  const TunerRun r = run_tuner({"spsa", "--config", "config.json", "--db", "t.sqlite", "--out", full + "/weights.json"}, dir);
  const std::string kept = testing_support::file_bytes(full + "/weights.json");
  const bool part_left = std::filesystem::exists(full + "/weights.json.part");
  ::umount2(full.c_str(), MNT_DETACH);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(full + "/weights.json: cannot write (No space left on device)"), std::string::npos) << r.out;
  EXPECT_EQ(kept, testing_support::file_bytes(earlier)) << "the earlier weights are whole";
  EXPECT_FALSE(part_left) << "no fragment is left";
}

}  // namespace
