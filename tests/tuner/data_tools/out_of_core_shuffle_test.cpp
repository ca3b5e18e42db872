// tuner data shuffle: the output holds the input's records in another order, the same for the
// same seed, in memory or out of core through temporary files (scattered again when a part
// still does not fit), games and chains whole; the temporary files are gone at the end and
// after an error.
#include "data_tools/out_of_core_shuffle.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "tuner/data_tools/trainer_data_files.h"

namespace out_of_core_shuffle_test {

using data_tools_testing::files_starting;
using data_tools_testing::records_of;

struct Shuffled {
  std::string path;
  tuner::ShuffleSummary summary;
};

// `in` shuffled into `dir`/`out` with the seed and a budget of `memory` bytes.
Shuffled shuffled(const std::string& in, formats::PositionFormat format, const std::string& dir, const std::string& out,
                  std::uint64_t seed, std::size_t memory) {
  auto stream = tuner::PositionStream::open(in, format);
  EXPECT_TRUE(stream) << stream.error();
  if (!stream) return {};
  std::ofstream file(dir + out, std::ios::binary);
  tuner::RecordWriter writer(format, file);
  auto summary = tuner::shuffle_records(**stream, {seed, memory, tuner::shuffle_temporary_prefix(dir + out)}, writer);
  EXPECT_TRUE(summary) << summary.error();
  writer.finish();
  return {dir + out, summary ? *summary : tuner::ShuffleSummary{}};
}

std::vector<std::string> sorted(std::vector<std::string> records) {
  std::sort(records.begin(), records.end());
  return records;
}

TEST(OutOfCoreShuffle, InMemoryTheOutputIsAPermutationDrawnFromTheSeed) {
  const std::string dir = data_tools_testing::fresh_folder("shuffle_in_memory");
  const std::string in = testing_support::write_temp_file("boards.bf", data_tools_testing::numbered_boards(600, 0));
  const auto input = records_of(in, formats::PositionFormat::BULLETFORMAT);
  const Shuffled once = shuffled(in, formats::PositionFormat::BULLETFORMAT, dir, "once.bf", 1, std::size_t(256) << 20);
  EXPECT_EQ(once.summary.records, 600u);
  EXPECT_EQ(once.summary.temporary_files, 0u);
  const auto output = records_of(once.path, formats::PositionFormat::BULLETFORMAT);
  EXPECT_EQ(sorted(output), sorted(input));
  EXPECT_NE(output, input);
  const Shuffled again = shuffled(in, formats::PositionFormat::BULLETFORMAT, dir, "again.bf", 1, std::size_t(256) << 20);
  EXPECT_EQ(testing_support::file_bytes(again.path), testing_support::file_bytes(once.path));
  const Shuffled other = shuffled(in, formats::PositionFormat::BULLETFORMAT, dir, "other.bf", 2, std::size_t(256) << 20);
  EXPECT_NE(testing_support::file_bytes(other.path), testing_support::file_bytes(once.path));
}

TEST(OutOfCoreShuffle, AFileLargerThanTheBudgetIsShuffledThroughTemporaryFiles) {
  const std::string dir = data_tools_testing::fresh_folder("shuffle_out_of_core");
  const std::string in = testing_support::write_temp_file("many.bf", data_tools_testing::numbered_boards(3000, -1500));
  const auto input = records_of(in, formats::PositionFormat::BULLETFORMAT);
  // 96,000 bytes through 2 KiB; and through 100 bytes, where the parts are scattered again.
  for (const std::size_t memory : {std::size_t(2048), std::size_t(100)}) {
    const std::string name = "out-" + std::to_string(memory) + ".bf";
    const Shuffled once = shuffled(in, formats::PositionFormat::BULLETFORMAT, dir, name, 9, memory);
    EXPECT_EQ(once.summary.records, 3000u) << memory;
    EXPECT_GT(once.summary.temporary_files, 2u) << memory;
    const auto output = records_of(once.path, formats::PositionFormat::BULLETFORMAT);
    EXPECT_EQ(sorted(output), sorted(input)) << memory;
    EXPECT_NE(output, input) << memory;
    const Shuffled again = shuffled(in, formats::PositionFormat::BULLETFORMAT, dir, "again-" + name, 9, memory);
    EXPECT_EQ(testing_support::file_bytes(again.path), testing_support::file_bytes(once.path)) << memory;
    EXPECT_TRUE(files_starting(dir, name + ".shuffle-").empty()) << memory;
    if (memory == 100) {
      EXPECT_GT(once.summary.temporary_files, 256u) << "the parts of a 100-byte budget are scattered again";
    }
  }
}

TEST(OutOfCoreShuffle, GamesChainsAndLinesMoveWhole) {
  const std::string dir = data_tools_testing::fresh_folder("shuffle_games");
  for (const char* name : {"viriformat", "binpack", "text"}) {
    const formats::PositionFormat format = formats::parse_position_format(name).value();
    const auto file = data_tools_testing::write_random_games(dir + "games." + name, name, 40, 30, 13);
    const auto input = records_of(file.path, format);
    const Shuffled out = shuffled(file.path, format, dir, std::string("shuffled.") + name, 5, 1024);
    EXPECT_GT(out.summary.temporary_files, 0u) << name;
    const auto output = records_of(out.path, format);
    EXPECT_EQ(sorted(output), sorted(input)) << name;
    EXPECT_NE(output, input) << name;
    auto positions = data_tools_testing::positions_of(out.path, format), before = data_tools_testing::positions_of(file.path, format);
    EXPECT_EQ(positions.size(), file.positions) << name;
    std::sort(positions.begin(), positions.end());
    std::sort(before.begin(), before.end());
    EXPECT_EQ(positions, before) << name;
  }
}

TEST(OutOfCoreShuffle, TheTemporaryFilesAreRemovedAfterAnError) {
  const std::string dir = data_tools_testing::fresh_folder("shuffle_error");
  const auto file = data_tools_testing::write_random_games(dir + "games.binpack", "binpack", 40, 30, 17);
  const auto chains = records_of(file.path, formats::PositionFormat::BINPACK);
  ASSERT_EQ(chains.size(), 40u);
  std::size_t thirtieth = 8;  // after the chunk's header
  for (std::size_t i = 0; i < 29; ++i) thirtieth += chains[i].size();
  std::string bytes = testing_support::file_bytes(file.path);
  bytes[thirtieth + 24] = bytes[thirtieth + 25] = 0;  // the chain's first move: none
  const std::string bad = dir + "bad.binpack";
  std::ofstream(bad, std::ios::binary) << bytes;
  auto in = tuner::PositionStream::open(bad, formats::PositionFormat::BINPACK);
  ASSERT_TRUE(in) << in.error();
  std::ofstream out(dir + "out.binpack", std::ios::binary);
  tuner::RecordWriter writer(formats::PositionFormat::BINPACK, out);
  auto summary = tuner::shuffle_records(**in, {1, 2048, tuner::shuffle_temporary_prefix(dir + "out.binpack")}, writer);
  ASSERT_FALSE(summary);
  EXPECT_NE(summary.error().find("bad.binpack: chain 30 (byte " + std::to_string(thirtieth) + "): its move is not legal"),
            std::string::npos)
      << summary.error();
  EXPECT_TRUE(files_starting(dir, "out.binpack.shuffle-").empty());
}

}  // namespace out_of_core_shuffle_test
