// tuner nnue through its binary: a network trained on the workbench's text positions, loaded by
// the engine and read independently; a stopped run resumed gives the same bytes as a whole one;
// data sixteen times the shuffle buffer train within the buffer's memory, by the process's peak.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/bounded_read.h"
#include "network_training/file_checksum.h"
#include "network_training/sample_stream.h"
#include "network_training/training_samples.h"
#include "process/command.h"
#include "support/browser.h"
#include "support/material_positions.h"
#include "support/test_networks.h"
#include "support/training_workspace.h"
#include "support/tuner_cli.h"
#include "tuner/data_tools/trainer_data_files.h"

namespace {

namespace fs = std::filesystem;

std::string network_workspace(const std::string& name, const std::string& config = testing_support::SMALL_TRAINING_CONFIG) {
  return testing_support::training_workspace("network", name, config);
}

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TunerRun train(const std::string& dir, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"nnue", "--config", "config.json", "--db", "t.sqlite", "--out", "net.nnue"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_tuner(args, dir);
}

TEST(TunerNnue, TrainsANetworkTheEngineAndAnIndependentReaderLoad) {
  const std::string dir = network_workspace("trains");
  const TunerRun r = train(dir);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("superbatch 4/4"), std::string::npos) << r.out;
  const std::string bytes = bytes_of(dir + "net.nnue");
  ASSERT_EQ(bytes.size(), testing_support::reference_file_bytes(32));
  const auto ref = testing_support::read_reference_network(bytes, 32);
  const chess::Position pos = chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1").value();
  auto engine = harness::run_command(ENGINE_PATH, {"--net", dir + "net.nnue", "eval", pos.fen()}, std::chrono::seconds(60));
  ASSERT_TRUE(engine.ok()) << engine.error();
  const std::string out = engine->out;
  EXPECT_NE(out.find("Evaluation: " + std::to_string(testing_support::reference_evaluation(ref, pos)) + "\n"), std::string::npos)
      << out;
  EXPECT_GT(testing_support::reference_evaluation(ref, pos), 100) << "a queen up: material is learnt";
  // The manifest names the data and the files with their checksums.
  const nlohmann::json manifest = nlohmann::json::parse(bytes_of(dir + "net.json"));
  EXPECT_EQ(manifest["arch"], "(768->32)x2->1");
  EXPECT_EQ(manifest["quantised"]["sha256"], tuner::sha256_hex(bytes));
  EXPECT_EQ(manifest["raw"]["sha256"], tuner::sha256_hex(bytes_of(dir + "net.raw.bin")));
  EXPECT_EQ(manifest["data"][0]["sha256"], tuner::sha256_hex(bytes_of(dir + "positions.txt")));
  EXPECT_EQ(manifest["losses"].size(), 4u);
  EXPECT_EQ(bytes_of(dir + "net.raw.bin").size(), 4u * (771u * 32u + 1u));
  const TunerRun show = run_tuner({"show", "1", "--db", "t.sqlite"}, dir);
  EXPECT_EQ(show.exit_code, 0) << show.out;
  EXPECT_NE(show.out.find("superbatch 4: loss "), std::string::npos) << show.out;
  // The report page draws the losses, the learning rate and the speed, with no script error.
  const TunerRun report = run_tuner({"report", "1", "--db", "t.sqlite", "-o", "report.html"}, dir);
  ASSERT_EQ(report.exit_code, 0) << report.out;
  const std::string body = body_tag("file://" + dir + "report.html");
  EXPECT_NE(body.find("data-plots=\"3\""), std::string::npos) << body;
  EXPECT_NE(body.find("data-errors=\"0\""), std::string::npos) << body;
  screenshot("file://" + dir + "report.html", "network-report");
}

TEST(TunerNnue, AStoppedRunResumesToTheSameBytes) {
  const std::string whole = network_workspace("whole");
  ASSERT_EQ(train(whole).exit_code, 0);
  const std::string parts = network_workspace("parts");
  const TunerRun first = train(parts, {"--stop-after", "1", "--events", "events.jsonl"});
  ASSERT_EQ(first.exit_code, 0) << first.out;
  EXPECT_EQ(first.out.find("superbatch 2/4"), std::string::npos) << first.out;
  const TunerRun second = train(parts, {"--resume", "--stop-after", "2", "--events", "events.jsonl"});
  ASSERT_EQ(second.exit_code, 0) << second.out;
  EXPECT_NE(second.out.find("Resuming tuner run 1 at step 2"), std::string::npos) << second.out;
  const TunerRun third = train(parts, {"--resume", "--events", "events.jsonl"});
  ASSERT_EQ(third.exit_code, 0) << third.out;
  // A tuner_step event per stored superbatch, across the resumes, with its losses.
  std::ifstream events(parts + "events.jsonl");
  int step = 0;
  for (std::string line; std::getline(events, line);) {
    const nlohmann::json e = nlohmann::json::parse(line);
    EXPECT_EQ(e["event"], "tuner_step") << line;
    EXPECT_EQ(e["method"], "nnue") << line;
    EXPECT_EQ(e["step"], ++step) << line;
    EXPECT_EQ(e["of"], 4) << line;
    EXPECT_GT(e["detail"]["train_loss"].get<double>(), 0) << line;
    EXPECT_EQ(e["fitness"], e["detail"]["validation_loss"]) << line;
  }
  EXPECT_EQ(step, 4);
  EXPECT_EQ(bytes_of(parts + "net.nnue"), bytes_of(whole + "net.nnue"));
  EXPECT_EQ(bytes_of(parts + "net.raw.bin"), bytes_of(whole + "net.raw.bin"));
  // Only the last checkpoint is kept.
  EXPECT_TRUE(fs::exists(parts + "net.checkpoints/superbatch-4.bin"));
  EXPECT_FALSE(fs::exists(parts + "net.checkpoints/superbatch-3.bin"));
}

TEST(TunerNnue, ACheckpointThatChangedIsRefusedByName) {
  const std::string dir = network_workspace("tampered");
  ASSERT_EQ(train(dir, {"--stop-after", "1"}).exit_code, 0);
  std::ofstream(dir + "net.checkpoints/superbatch-1.bin", std::ios::binary | std::ios::app) << "x";
  const TunerRun r = train(dir, {"--resume"});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("superbatch-1.bin: the checkpoint's checksum is not the one stored with its superbatch"), std::string::npos)
      << r.out;
}

// The manifest of --out config.nnue would be config.json: refused before anything runs, and the
// configuration is left as it was (before, the manifest replaced it).
TEST(TunerNnue, AnOutputThatWouldReplaceAnInputIsRefused) {
  const std::string dir = network_workspace("replace");
  const TunerRun r = run_tuner({"nnue", "--config", "config.json", "--db", "t.sqlite", "--out", "config.nnue"}, dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("config.json: is also read by this command"), std::string::npos) << r.out;
  EXPECT_EQ(bytes_of(dir + "config.json"), testing_support::SMALL_TRAINING_CONFIG);
  EXPECT_FALSE(fs::exists(dir + "t.sqlite"));
}

TEST(TunerNnue, BadConfigurationsAndDataAreNamed) {
  const std::string dir = network_workspace("bad", R"({"data": [{"path": "positions.txt"}], "hiden": 32})");
  TunerRun r = train(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("config.json: unknown key 'hiden' (did you mean 'hidden'?)"), std::string::npos) << r.out;
  std::ofstream(dir + "config.json") << R"({"data": [{"path": "missing.txt"}]})";
  r = train(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("missing.txt"), std::string::npos) << r.out;
  std::ofstream(dir + "config.json") << R"({"data": [{"path": "positions.txt"}]})";
  std::ofstream(dir + "positions.txt", std::ios::app) << "not a position | 12 | 1.0\n";
  r = train(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("positions.txt:"), std::string::npos) << r.out;
}

// A configuration of the material network on one bulletformat file, with a shuffle buffer of
// 1 MiB: batches of 1,024, 64 a superbatch, so that 10 superbatches make about one pass over
// 640,000 positions.
std::string streaming_config(const std::string& data) {
  return R"({"name": "streamed", "hidden": 32, "data": [{"path": ")" + data + R"(", "format": "bulletformat"}],
    "validation_fraction": 0.01, "batch_size": 1024, "batches_per_superbatch": 64, "superbatches": 10, "wdl": 0.5,
    "lr": {"schedule": "cosine", "start": 0.001, "final": 0.0001}, "threads": 1, "seed": 3, "buffer_mib": 1})";
}

// The peak resident memory of a run on a file sixteen times the buffer stays within that of the
// same run on a small file (the process, its network and optimiser) plus what the streaming may
// hold: the buffer, the validation's share of a window and each file's read-ahead with its
// largest record (tuner::stream_memory_bytes). The same positions held in memory would need more
// than twice that.
TEST(TunerNnue, DataSixteenTimesTheBufferTrainWithinTheBuffersMemory) {
  const std::string dir = data_tools_testing::fresh_folder("network_streamed_memory");
  const auto big = data_tools_testing::write_random_games(dir + "big.bf", "bulletformat", 8000, 80, 21);
  data_tools_testing::write_random_games(dir + "small.bf", "bulletformat", 100, 80, 22);
  const std::uint64_t buffer = chess::MIB;
  ASSERT_GE(fs::file_size(dir + "big.bf"), 16 * buffer);
  std::ofstream(dir + "small-config.json") << streaming_config("small.bf");
  std::ofstream(dir + "big-config.json") << streaming_config("big.bf");
  const TunerRun small_run = run_tuner({"nnue", "--config", "small-config.json", "--out", "small.nnue"}, dir);
  ASSERT_EQ(small_run.exit_code, 0) << small_run.out;
  const TunerRun big_run = run_tuner({"nnue", "--config", "big-config.json", "--out", "big.nnue"}, dir);
  ASSERT_EQ(big_run.exit_code, 0) << big_run.out;
  EXPECT_NE(big_run.out.find("Data: streaming 1 file"), std::string::npos) << big_run.out;
  EXPECT_NE(big_run.out.find("superbatch 10/10"), std::string::npos) << big_run.out;
  const std::uint64_t validation = buffer / 100;  // 'validation_fraction' 0.01 of a window, itself within the buffer
  const std::uint64_t streaming_kib =
      (buffer + validation + tuner::stream_memory_bytes({{dir + "big.bf", formats::PositionFormat::BULLETFORMAT}})) / 1024;
  const std::uint64_t held_kib = big.positions * sizeof(tuner::TrainingSample) / 1024;
  ASSERT_GT(held_kib, 2 * streaming_kib) << "the data held in memory would pass the bound";
  // A child's peak counts from its fork, which copies this process: the tuner's own must be above it.
  rusage self{};
  ::getrusage(RUSAGE_SELF, &self);
  EXPECT_GT(small_run.peak_kib, self.ru_maxrss) << "the small run's peak is the tuner's, not this test's";
  EXPECT_LE(std::uint64_t(big_run.peak_kib), std::uint64_t(small_run.peak_kib) + streaming_kib)
      << "KiB at the peak; the small run's " << small_run.peak_kib << ", the streaming's allowance " << streaming_kib;
}

}  // namespace
