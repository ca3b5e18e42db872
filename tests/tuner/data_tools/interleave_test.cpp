// tuner data interleave: every stretch of the output holds the files in proportion to their
// sizes, each file's records in their order, the same for the same seed; games move whole, and
// long and short games fill each half of the output in proportion to their files; files of
// different formats are refused.
#include "data_tools/interleave.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "tuner/data_tools/trainer_data_files.h"

namespace interleave_test {

using data_tools_testing::board_number;

struct Interleaved {
  std::string bytes;
  std::vector<std::uint64_t> taken;
};

Interleaved interleaved(const std::vector<std::string>& paths, formats::PositionFormat format, std::uint64_t seed) {
  std::vector<std::unique_ptr<tuner::PositionStream>> inputs;
  for (const std::string& path : paths) {
    auto in = tuner::PositionStream::open(path, format);
    EXPECT_TRUE(in) << in.error();
    if (!in) return {};
    inputs.push_back(std::move(in).value());
  }
  std::ostringstream out;
  tuner::RecordWriter writer(format, out);
  auto taken = tuner::interleave_records(inputs, seed, writer);
  EXPECT_TRUE(taken) << taken.error();
  writer.finish();
  return {out.str(), taken ? *taken : std::vector<std::uint64_t>{}};
}

TEST(Interleave, EveryStretchHoldsTheFilesInProportionToTheirSizes) {
  // 3,000 boards numbered from 0 and 1,000 numbered from 10,000.
  const std::string big = testing_support::write_temp_file("big.bf", data_tools_testing::numbered_boards(3000, 0));
  const std::string small = testing_support::write_temp_file("small.bf", data_tools_testing::numbered_boards(1000, 10000));
  const Interleaved mixed = interleaved({big, small}, formats::PositionFormat::BULLETFORMAT, 42);
  EXPECT_EQ(mixed.taken, (std::vector<std::uint64_t>{3000, 1000}));
  ASSERT_EQ(mixed.bytes.size(), 4000u * 32);
  int next_big = 0, next_small = 10000;
  for (std::size_t quarter = 0; quarter < 4; ++quarter) {
    int from_big = 0;
    for (std::size_t k = 0; k < 1000; ++k) {
      const int number = board_number(mixed.bytes.substr(32 * (1000 * quarter + k), 32));
      if (number < 10000) {
        EXPECT_EQ(number, next_big++) << "the big file's boards keep their order";
        ++from_big;
      } else {
        EXPECT_EQ(number, next_small++) << "the small file's boards keep their order";
      }
    }
    EXPECT_NEAR(from_big, 750, 70) << "quarter " << quarter;
  }
  EXPECT_EQ(interleaved({big, small}, formats::PositionFormat::BULLETFORMAT, 42).bytes, mixed.bytes);
  EXPECT_NE(interleaved({big, small}, formats::PositionFormat::BULLETFORMAT, 43).bytes, mixed.bytes);
}

TEST(Interleave, GamesMoveWhole) {
  const std::string dir = data_tools_testing::fresh_folder("interleave_games");
  std::vector<std::string> paths;
  std::uint64_t positions = 0;
  for (int games : {10, 20, 30}) {
    const auto file =
        data_tools_testing::write_random_games(dir + std::to_string(games) + ".viri", "viriformat", games, 25, std::uint32_t(games));
    paths.push_back(file.path);
    positions += file.positions;
  }
  const Interleaved mixed = interleaved(paths, formats::PositionFormat::VIRIFORMAT, 7);
  EXPECT_EQ(mixed.taken, (std::vector<std::uint64_t>{10, 20, 30}));
  const std::string out = testing_support::write_temp_file("mixed.viri", mixed.bytes);
  EXPECT_EQ(data_tools_testing::records_of(out, formats::PositionFormat::VIRIFORMAT).size(), 60u);
  EXPECT_EQ(data_tools_testing::positions_of(out, formats::PositionFormat::VIRIFORMAT).size(), positions);
}

// A file of long games and one of short games, of about the same size: the first half of the
// output's bytes holds about the long games' share of them, not more (a draw by the bytes left
// would take the long games first).
TEST(Interleave, LongAndShortGamesFillEachHalfInProportionToTheirFiles) {
  const std::string dir = data_tools_testing::fresh_folder("interleave_lengths");
  const auto long_games = data_tools_testing::write_random_games(dir + "long.viri", "viriformat", 30, 120, 3);
  const auto short_games = data_tools_testing::write_random_games(dir + "short.viri", "viriformat", 120, 30, 4);
  const Interleaved mixed = interleaved({long_games.path, short_games.path}, formats::PositionFormat::VIRIFORMAT, 7);
  const std::string out = testing_support::write_temp_file("lengths.viri", mixed.bytes);
  const double long_share =
      double(std::filesystem::file_size(long_games.path)) / double(std::filesystem::file_size(long_games.path) + std::filesystem::file_size(short_games.path));
  const std::vector<std::string> long_records = data_tools_testing::records_of(long_games.path, formats::PositionFormat::VIRIFORMAT);
  const std::set<std::string> from_long(long_records.begin(), long_records.end());
  std::size_t bytes = 0, long_bytes = 0;
  for (const std::string& game : data_tools_testing::records_of(out, formats::PositionFormat::VIRIFORMAT)) {
    if (bytes >= mixed.bytes.size() / 2) break;
    bytes += game.size();
    if (from_long.contains(game)) long_bytes += game.size();
  }
  EXPECT_NEAR(double(long_bytes) / double(bytes), long_share, 0.15) << "the long games' share of the first half";
}

TEST(Interleave, FilesOfDifferentFormatsAreRefused) {
  const std::string dir = data_tools_testing::fresh_folder("interleave_formats");
  const auto bullet = data_tools_testing::write_random_games(dir + "a.bf", "bulletformat", 2, 10, 1);
  const auto marlin = data_tools_testing::write_random_games(dir + "b.marlin", "marlinformat", 2, 10, 1);
  std::vector<std::unique_ptr<tuner::PositionStream>> inputs;
  inputs.push_back(tuner::PositionStream::open(bullet.path, formats::PositionFormat::BULLETFORMAT).value());
  inputs.push_back(tuner::PositionStream::open(marlin.path, formats::PositionFormat::MARLINFORMAT).value());
  std::ostringstream out;
  tuner::RecordWriter writer(formats::PositionFormat::BULLETFORMAT, out);
  auto taken = tuner::interleave_records(inputs, 1, writer);
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error(), "interleave writes one format: " + bullet.path + " is bulletformat, " + marlin.path + " is marlinformat");
}

}  // namespace interleave_test
