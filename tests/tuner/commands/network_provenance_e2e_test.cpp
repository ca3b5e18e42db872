// tuner nnue through its binary, on the inputs that used to pass unchecked: a resume on data that
// changed since its run began (refused, naming the file), a second process resuming a run that
// is being trained (refused, naming the process), a FIFO or a folder as data (refused at once),
// --stop-after values that wrote unfinished networks over --out, a data file listed twice, and
// a range printed as 1.04858e+06.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "network_training/file_checksum.h"
#include "process/child_process.h"
#include "storage/tuner_database.h"
#include "support/files.h"
#include "support/material_positions.h"
#include "support/training_workspace.h"
#include "support/tuner_cli.h"

namespace {

namespace fs = std::filesystem;

std::string pinned_workspace(const std::string& name, const std::string& config = testing_support::SMALL_TRAINING_CONFIG) {
  return testing_support::training_workspace("pinned", name, config);
}

TunerRun pinned_train(const std::string& dir, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"nnue", "--config", "config.json", "--db", "t.sqlite", "--out", "net.nnue"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_tuner(args, dir);
}

void pinned_write(const std::string& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

std::unique_ptr<tuner::TunerDatabase> pinned_db(const std::string& dir) {
  return tuner::TunerDatabase::open_readonly(dir + "t.sqlite").value();
}

// The data cut in half (at a line, so that it still reads) or one byte changed: the resume is
// refused naming the file, and nothing more is trained or written; put back, it resumes.
TEST(TunerNnueProvenance, AResumeOnDataThatChangedIsRefusedNamingTheFile) {
  const std::string dir = pinned_workspace("changed");
  ASSERT_EQ(pinned_train(dir, {"--stop-after", "1"}).exit_code, 0);
  const std::string data = testing_support::file_bytes(dir + "positions.txt");
  const std::string checkpoint = testing_support::file_bytes(dir + "net.checkpoints/superbatch-1.bin");
  std::string one_byte = data;
  const std::size_t draw = one_byte.find("| 0.5\n");
  ASSERT_NE(draw, std::string::npos);
  one_byte[draw + 4] = '0';  // a draw becomes a loss: the same size, still a valid line
  for (const std::string& changed : {data.substr(0, data.find('\n', data.size() / 2) + 1), one_byte}) {
    pinned_write(dir + "positions.txt", changed);
    const TunerRun r = pinned_train(dir, {"--resume"});
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("positions.txt: not the data run 1 began with (now " + std::to_string(changed.size()) + " bytes"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("superbatch 2/4"), std::string::npos) << r.out;
    EXPECT_EQ(pinned_db(dir)->generations(1)->size(), 1u);
    EXPECT_EQ(pinned_db(dir)->run(1).value()->status_text(), "stopped");
    EXPECT_EQ(testing_support::file_bytes(dir + "net.checkpoints/superbatch-1.bin"), checkpoint);
    EXPECT_FALSE(fs::exists(dir + "net.nnue"));
  }
  pinned_write(dir + "positions.txt", data);
  const TunerRun resumed = pinned_train(dir, {"--resume"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out;
  const nlohmann::json manifest = nlohmann::json::parse(testing_support::file_bytes(dir + "net.json"));
  ASSERT_EQ(manifest["data"].size(), 1u);
  EXPECT_EQ(manifest["data"][0]["sha256"], tuner::sha256_hex(data));
  EXPECT_EQ(manifest["data"][0]["bytes"], data.size());
}

// While one process trains run 1, a second --resume is refused naming it, with nothing stored;
// once the first has ended, its claim is taken over.
TEST(TunerNnueClaims, ASecondResumeWhileARunIsTrainedIsRefusedByName) {
  std::string config = testing_support::SMALL_TRAINING_CONFIG;
  const std::string planned = R"("batches_per_superbatch": 20, "superbatches": 4)";
  config.replace(config.find(planned), planned.size(), R"("batches_per_superbatch": 100, "superbatches": 1000)");
  const std::string dir = pinned_workspace("claimed", config);
  auto first = harness::ChildProcess::start(
      {TUNER_PATH, {"nnue", "--config", "config.json", "--db", "t.sqlite", "--out", "net.nnue"}, dir, dir + "first.txt"});
  ASSERT_TRUE(first) << first.error();
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while ((*first)->read_line(line, deadline) == harness::ReadStatus::LINE && line.rfind("superbatch 1/", 0) != 0) {
  }
  ASSERT_EQ(line.rfind("superbatch 1/1000", 0), 0u) << line;
  const TunerRun second = pinned_train(dir, {"--resume"});
  EXPECT_EQ(second.exit_code, 2) << second.out;
  EXPECT_NE(second.out.find("run 1 is being trained by process " + std::to_string((*first)->pid()) + " on "), std::string::npos)
      << second.out;
  EXPECT_EQ(second.out.find("UNIQUE"), std::string::npos) << second.out;
  EXPECT_EQ(second.out.find("Resuming"), std::string::npos) << second.out;
  EXPECT_EQ(pinned_db(dir)->run(1).value()->status_text(), "running");
  ::kill((*first)->pid(), SIGINT);  // the first stops after its superbatch
  while ((*first)->read_line(line, std::chrono::steady_clock::now() + std::chrono::seconds(60)) == harness::ReadStatus::LINE) {
  }
  EXPECT_EQ((*first)->stop(std::chrono::milliseconds(30000)), 130);
  const auto stored = *pinned_db(dir)->generations(1);
  ASSERT_LT(stored.size(), 1000u);
  for (std::size_t i = 0; i < stored.size(); ++i) EXPECT_EQ(stored[i].generation, int(i)) << "each superbatch stored once";
  const TunerRun third = pinned_train(dir, {"--resume", "--stop-after", "1"});
  EXPECT_EQ(third.exit_code, 0) << third.out;
  EXPECT_NE(third.out.find("Resuming tuner run 1 at step " + std::to_string(stored.size() + 1)), std::string::npos) << third.out;
}

// A FIFO with no writer as data is refused at once (it blocked open() before), and a folder is
// named as a folder (it was "no labeled positions"); no run is stored.
TEST(TunerNnueProvenance, AFifoOrAFolderAsDataIsRefusedAtOnce) {
  const std::string dir = pinned_workspace("fifo");
  ASSERT_EQ(::mkfifo((dir + "fifo.txt").c_str(), 0600), 0);
  fs::create_directories(dir + "folder.txt");
  const std::vector<std::pair<std::string, std::string>> refused{{"fifo.txt", "a FIFO"}, {"folder.txt", "a directory"}};
  for (const auto& [name, kind] : refused) {
    std::ofstream(dir + "config.json") << R"({"hidden": 32, "data": [{"path": ")" + name + R"("}]})";
    auto p = harness::ChildProcess::start(
        {TUNER_PATH, {"nnue", "--config", "config.json", "--db", "t.sqlite", "--out", "net.nnue"}, dir, dir + "stderr.txt"});
    ASSERT_TRUE(p) << p.error();
    const auto began = std::chrono::steady_clock::now();
    std::string line;
    while ((*p)->read_line(line, began + std::chrono::seconds(10)) == harness::ReadStatus::LINE) {
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    const int status = (*p)->stop(std::chrono::milliseconds(100));
    EXPECT_LT(seconds, 5.0) << name << " blocked the tuner";
    EXPECT_EQ(status, 2) << name;
    const std::string err = testing_support::file_bytes(dir + "stderr.txt");
    EXPECT_NE(err.find(name + ": is " + kind + ", not a regular file"), std::string::npos) << err;
    EXPECT_EQ(err.find("no labeled positions"), std::string::npos) << err;
    EXPECT_TRUE(pinned_db(dir)->runs()->empty()) << name;
  }
}

// --stop-after -1 is refused (it meant "no stop"); --stop-after 0 and a stop before the last
// superbatch leave a good network at --out byte for byte, and the stopped run resumes.
TEST(TunerNnueStopAfter, AnUnfinishedTrainingWritesNoNetworkOverOut) {
  const std::string dir = pinned_workspace("stop_after");
  TunerRun r = pinned_train(dir, {"--stop-after", "-1"});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--stop-after: a number of superbatches from 0, got '-1'"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir + "t.sqlite"));
  ASSERT_EQ(pinned_train(dir).exit_code, 0);
  const std::vector<std::string> outputs{"net.nnue", "net.raw.bin", "net.json"};
  std::vector<std::string> good;
  for (const std::string& f : outputs) good.push_back(testing_support::file_bytes(dir + f));
  for (const char* stop : {"0", "2"}) {
    r = pinned_train(dir, {"--stop-after", stop});
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find(std::string("stopped after superbatch ") + stop + " of 4"), std::string::npos) << r.out;
    for (std::size_t i = 0; i < outputs.size(); ++i)
      EXPECT_EQ(testing_support::file_bytes(dir + outputs[i]), good[i]) << outputs[i] << " --stop-after " << stop;
  }
  auto db = pinned_db(dir);
  EXPECT_EQ(db->run(2).value()->status_text(), "stopped");
  EXPECT_TRUE(db->generations(2)->empty());
  EXPECT_EQ(db->run(3).value()->status_text(), "stopped");
  EXPECT_EQ(db->generations(3)->size(), 2u);
  EXPECT_TRUE(fs::exists(dir + "net.checkpoints/superbatch-2.bin"));
  r = pinned_train(dir, {"--resume"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Resuming tuner run 3 at step 3"), std::string::npos) << r.out;
  EXPECT_EQ(nlohmann::json::parse(testing_support::file_bytes(dir + "net.json"))["tuner_run"], 3);
  EXPECT_EQ(testing_support::file_bytes(dir + "net.nnue"), good[0]) << "the same configuration and seed: the same network";
}

// A data file listed twice (however spelt) is refused naming it, and a range is printed in all
// its digits; nothing is stored.
TEST(TunerNnueProvenance, AFileListedTwiceAndARangeArePlain) {
  const std::string dir = pinned_workspace("twice");
  std::ofstream(dir + "config.json") << R"({"data": [{"path": "positions.txt"}, {"path": "./positions.txt"}]})";
  TunerRun r = pinned_train(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("config.json: data[1]: \"./positions.txt\" is the file of data[0] again"), std::string::npos) << r.out;
  std::ofstream(dir + "config.json") << R"({"data": [{"path": "positions.txt"}], "batch_size": 0})";
  r = pinned_train(dir);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("'batch_size' must be from 1 to 1048576, got 0"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir + "t.sqlite"));
}

}  // namespace
