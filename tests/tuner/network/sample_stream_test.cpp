// The stream of training data read from disk a window at a time (sample_stream.h), below the
// training run: files of records of different sizes interleaved in proportion to their bytes in
// every stretch of a pass.
#include "network/sample_stream.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

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
  const std::vector<tuner::SampleFile> files = {{dir + "material.txt", tuner::PositionsFormat::TEXT},
                                                {dir + "games.viri", tuner::PositionsFormat::VIRIFORMAT}};
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

}  // namespace sample_stream_test
