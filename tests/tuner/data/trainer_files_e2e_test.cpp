// The tuner reads the trainers' binary formats: a datagen run's every scored position, written
// by harness positions as text, EPD, marlinformat, bulletformat, viriformat and binpack, gives
// the tuner the same positions, the same K and the same errors, start and tuned, from each
// (bulletformat, which keeps neither castling rights nor en passant, nearly so).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <tuple>

#include "network_training/training_samples.h"
#include "process/child_process.h"

using namespace std::chrono_literals;

namespace {

std::string run_program(const std::string& program, const std::vector<std::string>& args, const std::string& dir, int& status) {
  auto p = harness::ChildProcess::start({program, args, dir, dir + "/stderr.txt"});
  if (!p) throw std::runtime_error(p.error());
  std::string out, line;
  const auto deadline = std::chrono::steady_clock::now() + 600s;
  while ((*p)->read_line(line, deadline) == harness::ReadStatus::LINE) out += line + "\n";
  status = (*p)->stop(5000ms);
  std::ifstream err(dir + "/stderr.txt");
  return out + std::string(std::istreambuf_iterator<char>(err), {});
}

TEST(TrainerFiles, EveryFormatGivesTheTunerTheSamePositionsAndErrors) {
  const std::string dir = ::testing::TempDir() + "tuner_trainer_files";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  int status = -1;
  const std::string made =
      run_program(HARNESS_PATH,
                  {"datagen", "--engine", std::string("name=dev cmd=") + ENGINE_PATH + " arg=--version arg=dev", "--nodes",
                   "1500", "--games", "8", "--random-plies", "6", "--concurrency", "2", "--db", "d.sqlite"},
                  dir, status);
  ASSERT_EQ(status, 0) << made;
  std::map<std::string, std::string> summary;  // format -> the tuner's lines that must agree
  for (const std::string format : {"text", "epd", "marlinformat", "bulletformat", "viriformat", "binpack"}) {
    const std::string file = "p." + format;
    const std::string exported = run_program(
        HARNESS_PATH,
        {"positions", "1", "--db", "d.sqlite", "-o", file, "--format", format, "--keep", "checks,tactical,mates", "--no-dedup"},
        dir, status);
    ASSERT_EQ(status, 0) << exported;
    const std::string read_as = format == "epd" ? "text" : format;
    std::ofstream(dir + "/" + format + ".json")
        << R"({"parameters": [{"name": "piece_value_mg", "min": 0, "max": 1500}, {"name": "piece_value_eg", "min": 0, "max": 1500}],
              "gradient": {"epochs": 20, "learning_rate": 2, "record_every": 5},
              "fitness": {"type": "texel", "positions": ")"
        << file << R"(", "positions_format": ")" << read_as << R"(", "threads": 2}, "validation": {"games": 0}})";
    const std::string tuned = run_program(
        TUNER_PATH, {"gradient", "--config", format + ".json", "--db", format + ".sqlite", "--out", format + "-w.json"}, dir,
        status);
    ASSERT_EQ(status, 0) << tuned;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(tuned, m, std::regex(R"(Positions: (\d+) read from .*, (\d+) kept)"))) << tuned;
    std::smatch k;
    ASSERT_TRUE(std::regex_search(tuned, k, std::regex(R"(K = ([0-9.]+), start error ([0-9.]+))"))) << tuned;
    std::smatch best;
    ASSERT_TRUE(std::regex_search(tuned, best, std::regex(R"(best error ([0-9.]+) \(start error ([0-9.]+)\))"))) << tuned;
    summary[format] =
        m[1].str() + " read, " + m[2].str() + " kept, K " + k[1].str() + ", start " + k[2].str() + ", best " + best[1].str();
  }
  EXPECT_GT(std::stoi(summary["text"]), 300) << summary["text"];
  for (const auto& [format, text] : summary) {
    if (format != "bulletformat") {
      EXPECT_EQ(text, summary["text"]) << format;
    }
  }
  // bulletformat's board has no castling rights and no en-passant square: a position whose
  // quiescence search took an en-passant capture can be quiet without it. The same positions
  // are read; the kept ones may differ by a few.
  const int read = std::stoi(summary["text"]), bullet = std::stoi(summary["bulletformat"]);
  EXPECT_EQ(bullet, read) << summary["bulletformat"];
  const int kept = std::stoi(summary["text"].substr(summary["text"].find("read, ") + 6));
  const int bullet_kept = std::stoi(summary["bulletformat"].substr(summary["bulletformat"].find("read, ") + 6));
  EXPECT_LE(std::abs(bullet_kept - kept), read / 200 + 1) << summary["bulletformat"] << " against " << summary["text"];
}

}  // namespace

namespace {

// A sample as a comparable value: its features in order, its result and score.
std::tuple<std::vector<std::uint16_t>, float, float> sample_key(const tuner::TrainingSample& s) {
  std::vector<std::uint16_t> features(s.features.begin(), s.features.begin() + s.count);
  std::sort(features.begin(), features.end());
  return {features, s.result, s.score};
}

// The network trainer reads every format into the same samples: the side to move's features,
// result and score (bulletformat too: its board is the side to move's, and features are too).
TEST(TrainerFiles, EveryFormatGivesTheNetworkTrainerTheSameSamples) {
  const std::string dir = ::testing::TempDir() + "network_trainer_files";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  int status = -1;
  const std::string made =
      run_program(HARNESS_PATH,
                  {"datagen", "--engine", std::string("name=dev cmd=") + ENGINE_PATH + " arg=--version arg=dev", "--nodes",
                   "1000", "--games", "6", "--random-plies", "6", "--concurrency", "2", "--db", "d.sqlite"},
                  dir, status);
  ASSERT_EQ(status, 0) << made;
  std::map<std::string, std::multiset<std::tuple<std::vector<std::uint16_t>, float, float>>> samples;
  for (const std::string format : {"text", "marlinformat", "bulletformat", "viriformat", "binpack"}) {
    const std::string exported = run_program(HARNESS_PATH,
                                             {"positions", "1", "--db", "d.sqlite", "-o", "s." + format, "--format", format,
                                              "--keep", "checks,tactical,mates", "--no-dedup"},
                                             dir, status);
    ASSERT_EQ(status, 0) << exported;
    tuner::SampleFilter everything;
    everything.skip_in_check = everything.skip_capture = false;
    std::vector<tuner::TrainingSample> read;
    auto counts =
        tuner::read_samples({{dir + "/s." + format, formats::parse_position_format(format).value()}}, everything, true, read);
    ASSERT_TRUE(counts.ok()) << counts.error();
    for (const tuner::TrainingSample& s : read) samples[format].insert(sample_key(s));
  }
  EXPECT_GT(samples["text"].size(), 200u);
  for (const auto& [format, set] : samples) EXPECT_TRUE(set == samples["text"]) << format << ": " << set.size() << " samples";
  // Where the format keeps the move, the capture filter leaves out the positions whose move takes.
  tuner::SampleFilter quiet;
  std::vector<tuner::TrainingSample> all, without_captures;
  ASSERT_TRUE(
      tuner::read_samples({{dir + "/s.viriformat", formats::PositionFormat::VIRIFORMAT}}, {0, 32000, false, false}, true, all)
          .ok());
  quiet.skip_in_check = false;
  ASSERT_TRUE(
      tuner::read_samples({{dir + "/s.viriformat", formats::PositionFormat::VIRIFORMAT}}, quiet, true, without_captures).ok());
  EXPECT_LT(without_captures.size(), all.size());
  EXPECT_GT(without_captures.size(), all.size() / 2);
}

}  // namespace
