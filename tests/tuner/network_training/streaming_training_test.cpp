// Training on data larger than the shuffle buffer, streamed from disk a window at a time: the
// same seed gives the same network and another seed another; a run resumed from a checkpoint
// (one whose window begins inside a game too) equals the uninterrupted one byte for byte; a
// forged partly taken record is an error, not a loop; every training record is read once a pass
// and a held-out one (of those the validation's reading reached) never; a corrupt record read
// beside the training stops the run with an error naming the file and the byte; memory holds
// two windows, together within the buffer; and data the buffer holds whole train the network of
// the reading in memory.
#include "network_training/sample_stream.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "network_training/training_run.h"
#include "support/material_training.h"
#include "tuner/data_tools/trainer_data_files.h"

namespace streaming_training_test {

constexpr std::size_t BUFFER = 1000;  // samples, two windows of 500: the data hold some thousands, so they stream

// Material positions as text, and games as viriformat and binpack (records of many positions, so
// that windows end inside a record), in a folder of the test's own.
std::vector<tuner::SampleFile> streamed_files(const std::string& name) {
  const std::string dir = data_tools_testing::fresh_folder("streaming_" + name);
  testing_support::write_material_positions(dir + "material.txt", 30, 11);
  data_tools_testing::write_random_games(dir + "games.viri", "viriformat", 20, 60, 12);
  data_tools_testing::write_random_games(dir + "games.binpack", "binpack", 20, 60, 13);
  return {{dir + "material.txt", formats::PositionFormat::TEXT},
          {dir + "games.viri", formats::PositionFormat::VIRIFORMAT},
          {dir + "games.binpack", formats::PositionFormat::BINPACK}};
}

// Batches of 64, windows of 448 (7 batches, within half the buffer), superbatches of 10 batches:
// they cross windows.
tuner::TrainingConfig streamed_config(const std::vector<tuner::SampleFile>& files) {
  tuner::TrainingConfig c = testing_support::material_training_config(nnue::simple_architecture(32), files.front().path);
  c.data = files;
  c.batch_size = 64;
  c.batches_per_superbatch = 10;
  c.superbatches = 8;
  c.buffer_samples = BUFFER;
  return c;
}

tuner::TrainingRun streamed_run(const tuner::TrainingConfig& config) {
  tuner::TrainingRun run = testing_support::prepared_training_run(config);
  EXPECT_TRUE(run.streaming()) << "the data are larger than the buffer";
  return run;
}

std::string trained_bytes(const tuner::TrainingConfig& config, int superbatches) {
  tuner::TrainingRun run = streamed_run(config);
  for (int s = 0; s < superbatches; ++s) EXPECT_EQ(run.run_superbatch().error, "");
  return run.network().raw_bytes();
}

// Resumes a run from the checkpoint `bytes` (taken after superbatch `stopped`), trains it to the
// end and expects it to equal the uninterrupted run `whole` byte for byte.
void expect_resumed_run_equals(const tuner::TrainingConfig& config, const std::string& bytes, int stopped,
                               const tuner::TrainingRun& whole) {
  auto checkpoint = tuner::Checkpoint::from_bytes(bytes, "checkpoint", config.arch);
  ASSERT_TRUE(checkpoint.ok()) << checkpoint.error();
  tuner::TrainingRun second = streamed_run(config);
  auto restored = second.restore(std::move(checkpoint).value(), "checkpoint");
  ASSERT_TRUE(restored.ok()) << restored.error();
  for (int s = stopped; s < config.superbatches; ++s) ASSERT_EQ(second.run_superbatch().error, "");
  EXPECT_EQ(second.network().raw_bytes(), whole.network().raw_bytes()) << "stopped after superbatch " << stopped;
  EXPECT_EQ(second.checkpoint().bytes(), whole.checkpoint().bytes()) << "stopped after superbatch " << stopped;
}

TEST(StreamingTraining, TheSameSeedGivesTheSameNetworkAndAnotherSeedAnother) {
  auto config = streamed_config(streamed_files("seeds"));
  const std::string a = trained_bytes(config, 3);
  EXPECT_EQ(a, trained_bytes(config, 3));
  config.seed = 2;
  EXPECT_NE(a, trained_bytes(config, 3));
}

TEST(StreamingTraining, TheDataLineSaysItStreamsTheFilesThroughTheBuffer) {
  const auto config = streamed_config(streamed_files("data_line"));
  std::ostringstream report;
  auto run = tuner::TrainingRun::prepare(config, report);
  ASSERT_TRUE(run.ok()) << run.error();
  EXPECT_NE(report.str().find("Data: streaming 3 files (" + config.data[0].path + ", "), std::string::npos) << report.str();
  EXPECT_NE(report.str().find("through a shuffle buffer of 2 windows of 448 positions"), std::string::npos) << report.str();
}

// Stopped after superbatch 1 (inside a window) and after superbatch 7 (70 batches: ten windows
// used up exactly), then resumed from the checkpoint's bytes.
TEST(StreamingTraining, AResumedRunEqualsTheUninterruptedOneByteForByte) {
  const auto config = streamed_config(streamed_files("resume"));
  tuner::TrainingRun whole = streamed_run(config);
  for (int s = 0; s < config.superbatches; ++s) ASSERT_EQ(whole.run_superbatch().error, "");
  for (int stopped : {1, 7}) {
    tuner::TrainingRun first = streamed_run(config);
    for (int s = 0; s < stopped; ++s) ASSERT_EQ(first.run_superbatch().error, "");
    const std::string bytes = first.checkpoint().bytes();
    ASSERT_EQ(bytes.substr(0, 8), "WBNNCK02");
    ASSERT_NO_FATAL_FAILURE(expect_resumed_run_equals(config, bytes, stopped, whole));
  }
}

void put_field(std::string& bytes, std::size_t at, std::uint64_t value) {
  for (int b = 0; b < 8; ++b) bytes[at + std::size_t(b)] = char((value >> (8 * b)) & 0xFF);
}

TEST(StreamingTraining, ACheckpointsWindowOutOfRangeIsRefusedNamingTheFileAndTheField) {
  const auto config = streamed_config(streamed_files("fields"));
  tuner::TrainingRun run = streamed_run(config);
  ASSERT_EQ(run.run_superbatch().error, "");
  const std::string good = run.checkpoint().bytes();
  // After the magic and the superbatch: pass, window, offset, partial file, partial taken, run
  // file, run bytes, files.
  auto refused = [&](std::size_t field, std::uint64_t value) -> std::string {
    std::string bytes = good;
    put_field(bytes, 16 + 8 * field, value);
    auto checkpoint = tuner::Checkpoint::from_bytes(bytes, "run/superbatch-1.bin", config.arch);
    if (!checkpoint.ok()) return checkpoint.error();
    auto restored = run.restore(std::move(checkpoint).value(), "run/superbatch-1.bin");
    return restored.ok() ? "" : restored.error();
  };
  const std::string prefix = "run/superbatch-1.bin: the checkpoint's field ";
  EXPECT_NE(refused(1, 11).find(prefix + "'window' is 11"), std::string::npos) << refused(1, 11);
  EXPECT_NE(refused(2, 65).find(prefix + "'offset' is 65"), std::string::npos) << refused(2, 65);
  EXPECT_NE(refused(3, 3).find(prefix + "'partial_file' is 3"), std::string::npos) << refused(3, 3);
  EXPECT_NE(refused(5, 3).find(prefix + "'run_file' is 3"), std::string::npos) << refused(5, 3);
  EXPECT_NE(refused(6, 1u << 17).find(prefix + "'run_bytes' is 131072"), std::string::npos) << refused(6, 1u << 17);
  EXPECT_NE(refused(7, 1u << 30).find(prefix + "'files' is 1073741824"), std::string::npos) << refused(7, 1u << 30);
  std::string past_end = good;
  put_field(past_end, 80, 1u << 30);  // the first file's offset
  auto checkpoint = tuner::Checkpoint::from_bytes(past_end, "run/superbatch-1.bin", config.arch);
  ASSERT_TRUE(checkpoint.ok()) << checkpoint.error();
  auto restored = run.restore(std::move(checkpoint).value(), "run/superbatch-1.bin");
  ASSERT_FALSE(restored.ok());
  EXPECT_NE(restored.error().find(prefix + "'files[0].offset' is 1073741824, past the end of " + config.data[0].path),
            std::string::npos)
      << restored.error();
  EXPECT_EQ(refused(0, 0), "") << "the fields a run can reach are taken";
}

// A checkpoint naming a partly taken record (the viriformat file's first game) of which the
// window before took more positions than it keeps, each field within its bounds: reading the
// window is an error naming the file and the byte, not a loop.
TEST(StreamingTraining, APartlyTakenRecordKeepingFewerPositionsIsAnErrorNotALoop) {
  const auto config = streamed_config(streamed_files("partial_forged"));
  tuner::TrainingRun run = streamed_run(config);
  std::string bytes = run.checkpoint().bytes();  // superbatch 0: every file at its start
  put_field(bytes, 16 + 8 * 3, 1);               // partial_file: the viriformat file
  put_field(bytes, 16 + 8 * 4, 10000);           // partial_taken: more than a game of 60 plies keeps
  auto checkpoint = tuner::Checkpoint::from_bytes(bytes, "forged.bin", config.arch);
  ASSERT_TRUE(checkpoint.ok()) << checkpoint.error();
  ASSERT_EQ(checkpoint->window->start.partial_file, 1u);
  auto restored = run.restore(std::move(checkpoint).value(), "forged.bin");
  ASSERT_TRUE(restored.ok()) << restored.error();
  const std::string error = run.run_superbatch().error;
  EXPECT_NE(error.find(config.data[1].path + ": byte 0: the record there keeps "), std::string::npos) << error;
  EXPECT_NE(error.find("fewer than the 10000 the window before took of it"), std::string::npos) << error;
}

// Stopped after the first superbatch whose checkpoint's window begins inside a game (its first
// positions taken by the window before), the resumed run equals the uninterrupted one byte for
// byte.
TEST(StreamingTraining, AResumeInsideAPartlyTakenGameEqualsTheUninterruptedRun) {
  const auto config = streamed_config(streamed_files("resume_partial"));
  tuner::TrainingRun whole = streamed_run(config);
  std::string stopped_bytes;
  int stopped = 0;
  for (int s = 1; s <= config.superbatches; ++s) {
    ASSERT_EQ(whole.run_superbatch().error, "");
    if (stopped > 0 || s == config.superbatches) continue;
    const std::string bytes = whole.checkpoint().bytes();
    auto checkpoint = tuner::Checkpoint::from_bytes(bytes, "checkpoint", config.arch);
    ASSERT_TRUE(checkpoint.ok()) << checkpoint.error();
    if (checkpoint->window->start.partial_file == tuner::NO_PARTIAL_RECORD) continue;
    stopped = s;
    stopped_bytes = bytes;
  }
  ASSERT_GT(stopped, 0) << "no checkpoint's window began inside a game";
  ASSERT_NO_FATAL_FAILURE(expect_resumed_run_equals(config, stopped_bytes, stopped, whole));
}

// The validation takes 100 positions, fewer than the held-out records hold: those its reading
// reached are never trained on, those past it are, as every other record, once a pass.
TEST(StreamingTraining, EveryTrainingRecordIsReadOnceAPassAndAHeldOutOneNever) {
  const auto files = streamed_files("passes");
  tuner::StreamSettings settings;
  settings.seed = 3;
  settings.validation_fraction = 0.2;
  auto stream = tuner::SampleStream::open(files, settings);
  ASSERT_TRUE(stream.ok()) << stream.error();
  auto validation = stream.value().read_held_out(100);
  ASSERT_TRUE(validation.ok()) << validation.error();
  EXPECT_EQ(validation->samples.size(), 100u);
  ASSERT_EQ(validation->through.size(), files.size());
  std::map<std::uint64_t, std::map<std::pair<std::size_t, std::uint64_t>, int>> seen;  // by pass: each record's reads
  stream.value().on_training_record = [&](std::size_t file, std::uint64_t record, std::uint64_t pass) {
    ++seen[pass][{file, record}];
  };
  std::vector<tuner::TrainingSample> window;
  const std::atomic<bool> never{false};
  tuner::WindowStart start = stream.value().first_window();
  while (start.pass < 2) {
    auto next = stream.value().fill_window(start, 448, window, never);
    ASSERT_TRUE(next.ok()) << next.error();
    ASSERT_EQ(window.size(), 448u);
    start = std::move(next).value();
  }
  std::set<std::pair<std::size_t, std::uint64_t>> training, held;
  std::size_t held_past_validation = 0;  // held out by the hash, but past what the validation read
  for (std::size_t f = 0; f < files.size(); ++f) {
    auto in = tuner::PositionStream::open(files[f].path, files[f].format);
    ASSERT_TRUE(in.ok()) << in.error();
    for (;;) {
      auto record = (*in)->next();
      ASSERT_TRUE(record.ok()) << record.error();
      if (!*record) break;
      const std::uint64_t number = (*record)->number;
      const bool hashed = tuner::held_out_record(settings.seed, f, number, settings.validation_fraction);
      const bool out = hashed && number <= validation->through[f];
      held_past_validation += hashed && !out ? 1 : 0;
      (out ? held : training).insert({f, number});
    }
  }
  ASSERT_FALSE(held.empty());
  ASSERT_GT(held_past_validation, 10u) << "the validation stops before the held-out records end";
  for (std::uint64_t pass : {0u, 1u}) {
    std::set<std::pair<std::size_t, std::uint64_t>> read;
    for (const auto& [record, times] : seen[pass]) {
      EXPECT_EQ(times, 1) << "pass " << pass << ": file " << record.first << ", record " << record.second;
      read.insert(record);
    }
    EXPECT_EQ(read, training) << "pass " << pass;
  }
}

TEST(StreamingTraining, ACorruptRecordReadBesideTrainingStopsTheRunNamingTheFileAndTheByte) {
  const std::string dir = data_tools_testing::fresh_folder("streaming_corrupt");
  const std::string path = dir + "material.txt";
  testing_support::write_material_positions(path, 40, 21);
  std::vector<std::string> lines;
  {
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  ASSERT_GT(lines.size(), 2000u);
  std::uint64_t byte = 0;
  for (std::size_t i = 0; i < 1800; ++i) byte += lines[i].size() + 1;
  lines[1800] = "not a position | 10 | 0.5";  // past what the buffer holds: the reader finds it, not prepare
  {
    std::ofstream out(path);
    for (const std::string& line : lines) out << line << "\n";
  }
  auto config = streamed_config({{path, formats::PositionFormat::TEXT}});
  config.validation_fraction = 0;
  config.superbatches = 10;
  tuner::TrainingRun run = streamed_run(config);
  std::string error;
  for (int s = 0; s < config.superbatches && error.empty(); ++s) error = run.run_superbatch().error;
  EXPECT_NE(error.find(path + ": record 1801 (line 1801, byte " + std::to_string(byte) + ")"), std::string::npos) << error;
  EXPECT_EQ(run.run_superbatch().error, error) << "the run cannot go on past it";
}

TEST(StreamingTraining, MemoryHoldsTwoWindowsWithinTheBufferAndNoMore) {
  const auto config = streamed_config(streamed_files("memory"));
  tuner::TrainingRun run = streamed_run(config);
  EXPECT_EQ(run.training_size(), 448u) << "half the buffer in whole batches";
  EXPECT_LE(run.validation_size(), std::size_t(0.1 * 448));
  for (int s = 0; s < 3; ++s) ASSERT_EQ(run.run_superbatch().error, "");
  EXPECT_EQ(run.window_samples_held(), 2 * run.training_size());
  EXPECT_LE(run.window_samples_held(), BUFFER) << "the two windows together within the buffer";
}

// A buffer that holds every position the filters keep, and not one more, trains the network the
// reading in memory trains, byte for byte; one position fewer and the data stream.
TEST(StreamingTraining, DataThatFitInTheBufferTrainTheNetworkOfTheReadingInMemory) {
  auto config = streamed_config(streamed_files("fits"));
  config.buffer_samples = 0;  // 'buffer_mib' 256
  tuner::TrainingRun in_memory = testing_support::prepared_training_run(config);
  EXPECT_FALSE(in_memory.streaming());
  EXPECT_EQ(in_memory.checkpoint().bytes().substr(0, 8), "WBNNCK01");
  const std::size_t kept = in_memory.training_size() + in_memory.validation_size();
  ASSERT_GT(kept, 2 * BUFFER) << "the data stream through the tests' buffer";
  config.buffer_samples = kept;
  tuner::TrainingRun exact = testing_support::prepared_training_run(config);
  EXPECT_FALSE(exact.streaming());
  ASSERT_EQ(in_memory.run_superbatch().error, "");
  ASSERT_EQ(exact.run_superbatch().error, "");
  EXPECT_EQ(exact.network().raw_bytes(), in_memory.network().raw_bytes());
  config.buffer_samples = kept - 1;
  EXPECT_TRUE(testing_support::prepared_training_run(config).streaming());
}

TEST(StreamingTraining, BufferMibIsReadAndCheckedNamingTheKey) {
  const std::string data = R"("data": [{"path": "a.txt"}])";
  auto good = tuner::parse_training_config("{" + data + R"(, "buffer_mib": 64})", "c.json");
  ASSERT_TRUE(good.ok()) << good.error();
  EXPECT_EQ(good->buffer_mib, 64);
  EXPECT_EQ(tuner::buffer_capacity(*good), std::size_t(64) * 1048576 / sizeof(tuner::TrainingSample));
  auto zero = tuner::parse_training_config("{" + data + R"(, "buffer_mib": 0})", "c.json");
  ASSERT_FALSE(zero.ok());
  EXPECT_NE(zero.error().find("buffer_mib"), std::string::npos) << zero.error();
}

}  // namespace streaming_training_test
