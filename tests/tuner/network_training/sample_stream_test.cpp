// The stream of training data read from disk a window at a time (sample_stream.h), below the
// training run: files of records of different sizes interleaved in proportion to their bytes in
// every stretch of a pass; the filters kept as in memory, in every format (bulletformat's fixed
// records too); the validation only of held-out records; an exception in the reading thread an
// error of the window.
#include "network_training/sample_stream.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "network_training/window_reader.h"
#include "support/material_positions.h"
#include "tuner/data_tools/trainer_data_files.h"

namespace sample_stream_test {

const std::atomic<bool> NEVER_STOP{false};

// Each record's bytes (up to the next record, or the file's end), in order.
std::vector<std::uint64_t> record_bytes(const tuner::SampleFile& file) {
  std::vector<std::uint64_t> offsets, sizes;
  auto in = tuner::PositionStream::open(file.path, file.format);
  EXPECT_TRUE(in.ok()) << in.error();
  if (!in.ok()) return sizes;
  for (;;) {
    auto record = (*in)->next();
    EXPECT_TRUE(record.ok()) << record.error();
    if (!record.ok() || !*record) break;
    offsets.push_back((*record)->offset);
  }
  for (std::size_t i = 0; i < offsets.size(); ++i)
    sizes.push_back((i + 1 < offsets.size() ? offsets[i + 1] : (*in)->file_bytes()) - offsets[i]);
  return sizes;
}

// The stream of `files` with `settings`, opened.
tuner::SampleStream opened(const std::vector<tuner::SampleFile>& files, const tuner::StreamSettings& settings) {
  auto stream = tuner::SampleStream::open(files, settings);
  EXPECT_TRUE(stream.ok()) << stream.error();
  return std::move(stream).value();
}

// Text lines (some 70 bytes) and viriformat games of 120 plies (some 516 bytes), about 3 MiB of
// each: each half of a pass, by bytes, holds each file in its share of the data's bytes. Were a
// draw one record, the games would drain faster and make up some 80% of the first half.
TEST(SampleStream, EachHalfOfAPassHoldsTheFilesInProportionToTheirBytes) {
  const std::string dir = data_tools_testing::fresh_folder("sample_stream_interleave");
  testing_support::write_material_positions(dir + "material.txt", 700, 31);
  const auto text_bytes = std::filesystem::file_size(dir + "material.txt");
  data_tools_testing::write_random_games(dir + "games.viri", "viriformat", int(text_bytes / 516), 120, 32);
  const std::vector<tuner::SampleFile> files = {{dir + "material.txt", formats::PositionFormat::TEXT},
                                                {dir + "games.viri", formats::PositionFormat::VIRIFORMAT}};
  std::vector<std::vector<std::uint64_t>> sizes;
  std::uint64_t total = 0;
  for (const auto& f : files) {
    sizes.push_back(record_bytes(f));
    total += std::filesystem::file_size(f.path);
  }
  ASSERT_GT(total, std::uint64_t(4) << 20);
  tuner::StreamSettings settings;
  settings.seed = 5;
  tuner::SampleStream stream = opened(files, settings);
  std::vector<std::pair<std::size_t, std::uint64_t>> order;  // the first pass's records, as read
  stream.on_training_record = [&](std::size_t file, std::uint64_t record, std::uint64_t pass) {
    if (pass == 0) order.emplace_back(file, record);
  };
  std::vector<tuner::TrainingSample> window;
  for (tuner::WindowStart start = stream.first_window(); start.pass == 0;) {
    auto next = stream.fill_window(start, 1 << 16, window, NEVER_STOP);
    ASSERT_TRUE(next.ok()) << next.error();
    start = std::move(next).value();
  }
  ASSERT_EQ(order.size(), sizes[0].size() + sizes[1].size()) << "every record once";
  double half[2][2] = {{0, 0}, {0, 0}};  // bytes by half of the pass and file
  std::uint64_t read = 0;
  for (const auto& [file, record] : order) {
    const std::uint64_t bytes = sizes[file][record - 1];
    half[2 * read < total ? 0 : 1][file] += double(bytes);
    read += bytes;
  }
  for (int h = 0; h < 2; ++h)
    for (std::size_t f = 0; f < files.size(); ++f) {
      const double share = half[h][f] / (half[h][0] + half[h][1]);
      const double bytes_share = double(std::filesystem::file_size(files[f].path)) / double(total);
      EXPECT_NEAR(share, bytes_share, 0.2) << "half " << h << ", " << files[f].path;
    }
}

// Material positions as text, and games as bulletformat, viriformat and binpack (moves kept:
// captures to filter), in a folder of the test's own.
std::vector<tuner::SampleFile> four_formats(const std::string& name) {
  const std::string dir = data_tools_testing::fresh_folder("sample_stream_" + name);
  testing_support::write_material_positions(dir + "material.txt", 20, 41);
  data_tools_testing::write_random_games(dir + "games.bullet", "bulletformat", 20, 60, 42);
  data_tools_testing::write_random_games(dir + "games.viri", "viriformat", 20, 60, 43);
  data_tools_testing::write_random_games(dir + "games.binpack", "binpack", 20, 60, 44);
  return {{dir + "material.txt", formats::PositionFormat::TEXT},
          {dir + "games.bullet", formats::PositionFormat::BULLETFORMAT},
          {dir + "games.viri", formats::PositionFormat::VIRIFORMAT},
          {dir + "games.binpack", formats::PositionFormat::BINPACK}};
}

// A pass streamed keeps the positions the reading in memory keeps, N: a window of N from the
// first one's start ends inside the first pass (a pass that kept fewer would go on into the
// next), and a window of N + 1 goes on into the second pass (one that kept more would not).
void expect_a_pass_keeps_what_memory_keeps(const std::vector<tuner::SampleFile>& files, const tuner::SampleFilter& filter) {
  tuner::StreamSettings settings;
  settings.filter = filter;
  settings.shuffle = false;
  std::vector<tuner::TrainingSample> in_memory;
  auto counts = tuner::read_samples(files, filter, false, in_memory);
  ASSERT_TRUE(counts.ok()) << counts.error();
  ASSERT_GT(counts->kept, 100u);
  tuner::SampleStream stream = opened(files, settings);
  std::vector<tuner::TrainingSample> window;
  for (const std::size_t extra : {0u, 1u}) {
    auto next = stream.fill_window(stream.first_window(), counts->kept + extra, window, NEVER_STOP);
    ASSERT_TRUE(next.ok()) << next.error();
    EXPECT_EQ(window.size(), counts->kept + extra);
    EXPECT_EQ(next->pass, extra) << "a window of " << window.size() << " positions, the reading in memory keeping "
                                 << counts->kept;
  }
}

// Every filter on (bulletformat's boards, which carry no move number, all fall to min_ply), and
// the default filter (bulletformat's boards kept, read as fixed-size records).
TEST(SampleStream, APassKeepsThePositionsTheReadingInMemoryKeeps) {
  const auto files = four_formats("filters");
  const tuner::SampleFilter every{8, 400, true, true};  // min_ply, max_score, skip_in_check, skip_capture
  std::vector<tuner::TrainingSample> unfiltered, filtered;
  ASSERT_TRUE(tuner::read_samples(files, {0, 32000, false, false}, false, unfiltered).ok());
  ASSERT_TRUE(tuner::read_samples(files, every, false, filtered).ok());
  ASSERT_LT(filtered.size(), unfiltered.size() * 3 / 4) << "the filters drop a good share";
  expect_a_pass_keeps_what_memory_keeps(files, every);
  expect_a_pass_keeps_what_memory_keeps(files, {});
  std::vector<tuner::TrainingSample> boards;
  ASSERT_TRUE(tuner::read_samples({files[1]}, {}, false, boards).ok());
  EXPECT_GT(boards.size(), 500u) << "the default filter keeps bulletformat's boards";
}

// A start inside one of bulletformat's 32-byte records, or numbering its record wrongly, is no
// point of the file: refused naming the field.
TEST(SampleStream, AStartInsideABulletformatRecordIsRefused) {
  const auto files = four_formats("bullet_start");
  tuner::SampleStream stream = opened(files, {});
  tuner::WindowStart start = stream.first_window();
  start.files[1] = {64, 2, 0, 0};
  EXPECT_TRUE(stream.check_start(start, "c.bin").ok()) << "record 3 begins at byte 64";
  for (const tuner::StreamPoint& point : {tuner::StreamPoint{65, 2, 0, 0}, tuner::StreamPoint{64, 1, 0, 0}}) {
    start.files[1] = point;
    auto checked = stream.check_start(start, "c.bin");
    ASSERT_FALSE(checked.ok()) << point.offset << ", " << point.number;
    EXPECT_NE(checked.error().find("c.bin: the checkpoint's field 'files[1].offset' is " + std::to_string(point.offset) +
                                   ", not the start of record"),
              std::string::npos)
        << checked.error();
  }
}

using SampleKey = std::tuple<std::array<std::uint16_t, 32>, std::uint8_t, float, float>;
SampleKey key_of(const tuner::TrainingSample& s) { return {s.features, s.count, s.result, s.score}; }

// The validation takes 150 positions: each is a kept position of a held-out record its reading
// reached, none of another record. With `most` 0 nothing is held out.
TEST(SampleStream, ValidationSamplesComeOnlyFromHeldOutRecords) {
  const auto files = four_formats("validation");
  tuner::StreamSettings settings;
  settings.seed = 7;
  settings.validation_fraction = 0.3;
  tuner::SampleStream stream = opened(files, settings);
  auto held = stream.read_held_out(150);
  ASSERT_TRUE(held.ok()) << held.error();
  ASSERT_EQ(held->samples.size(), 150u);
  std::map<SampleKey, int> held_out, trained;  // each record's kept samples, by where they belong
  for (std::size_t f = 0; f < files.size(); ++f) {
    auto in = tuner::PositionStream::open(files[f].path, files[f].format);
    ASSERT_TRUE(in.ok()) << in.error();
    bool out = false;
    const tuner::PositionStream::Take take = [&](tuner::LabeledPosition&& p) {
      if (!tuner::filter_keeps(settings.filter, p)) return;
      ++(out ? held_out : trained)[key_of(tuner::to_sample(p.position, p.result, p.score.value_or(0)))];
    };
    for (std::uint64_t number = 1;; ++number) {
      out = number <= held->through[f] && tuner::held_out_record(settings.seed, f, number, settings.validation_fraction);
      auto record = (*in)->next(take);
      ASSERT_TRUE(record.ok()) << record.error();
      if (!*record) break;
    }
  }
  std::size_t only_in_training = 0;  // samples of no held-out record: the validation must have none
  for (const tuner::TrainingSample& s : held->samples) {
    const auto it = held_out.find(key_of(s));
    if (it == held_out.end() || it->second == 0) {
      ++only_in_training;
      continue;
    }
    --it->second;
  }
  EXPECT_EQ(only_in_training, 0u);
  ASSERT_GT(trained.size(), 300u) << "most records are trained on: a validation taken from them would show";
  auto none = opened(files, settings).read_held_out(0);
  ASSERT_TRUE(none.ok()) << none.error();
  EXPECT_TRUE(none->samples.empty());
  EXPECT_EQ(none->through, std::vector<std::uint64_t>(files.size(), 0)) << "nothing held out";
}

// An exception thrown while the reader's thread reads a window is that window's error, and the
// trainer waiting for it wakes: the process goes on.
TEST(SampleStream, AnExceptionInTheReadingThreadIsTheWindowsError) {
  const auto files = four_formats("exception");
  tuner::SampleStream stream = opened(files, {});
  stream.on_training_record = [](std::size_t, std::uint64_t record, std::uint64_t) {
    if (record == 30) throw std::runtime_error("a test's exception");
  };
  tuner::WindowReader reader(stream, 448, stream.first_window());
  auto advanced = reader.advance();
  for (int i = 0; i < 20 && advanced.ok(); ++i) advanced = reader.advance();
  ASSERT_FALSE(advanced.ok());
  EXPECT_NE(advanced.error().find("reading the data's next window: a test's exception"), std::string::npos) << advanced.error();
  EXPECT_FALSE(reader.advance().ok()) << "and every call after it";
}

}  // namespace sample_stream_test
