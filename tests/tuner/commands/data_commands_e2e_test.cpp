// tuner data, the program: validate names a bad record and exits with 2; count prints the
// buckets, by a map of the caller's with --buckets; shuffle goes out of core past --memory and leaves no temporary file; convert and
// shuffle refuse an unknown --to, an output that is their input and one whose extension names
// another format, writing nothing; a full disk (a file-size limit stands in for it) stops each
// writing tool with the file's name and leaves the earlier output whole and no temporary file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/tuner_cli.h"
#include "tuner/data_tools/trainer_data_files.h"

namespace data_commands_test {

TEST(DataCommands, ValidateNamesTheBadRecordAndExitsWithTwo) {
  const std::string dir = data_tools_testing::fresh_folder("data_validate");
  const auto file = data_tools_testing::write_random_games(dir + "good.marlin", "marlinformat", 2, 10, 3);
  const TunerRun good = run_tuner({"data", "validate", "good.marlin"}, dir);
  EXPECT_EQ(good.exit_code, 0) << good.out;
  EXPECT_NE(good.out.find("good.marlin (marlinformat): " + std::to_string(file.positions) + " positions, every record valid"),
            std::string::npos)
      << good.out;
  std::string bytes = testing_support::file_bytes(file.path);
  bytes[2 * 32 + 30] = 7;  // the third board's result
  std::ofstream(dir + "bad.marlin", std::ios::binary) << bytes;
  const TunerRun bad = run_tuner({"data", "validate", "good.marlin", "bad.marlin"}, dir);
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.out.find("tuner: bad.marlin: record 3 (byte 64): result 7 is not 0, 1 or 2"), std::string::npos) << bad.out;
}

TEST(DataCommands, CountPrintsEachFileAndTheirTotal) {
  const std::string dir = data_tools_testing::fresh_folder("data_count");
  const auto a = data_tools_testing::write_random_games(dir + "a.viri", "viriformat", 3, 10, 1);
  const auto b = data_tools_testing::write_random_games(dir + "b.bf", "bulletformat", 3, 10, 2);
  const TunerRun r = run_tuner({"data", "count", "a.viri", "b.bf"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("a.viri (viriformat): " + std::to_string(a.positions) + " positions in 3 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("b.bf (bulletformat): " + std::to_string(b.positions) + " positions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("all 2 files: " + std::to_string(a.positions + b.positions) + " positions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("output buckets, (pieces - 2) / 4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("king buckets of the default map"), std::string::npos) << r.out;
}

TEST(DataCommands, CountTakesAKingBucketMapAndRefusesAWrongOneByTheOption) {
  const std::string dir = data_tools_testing::fresh_folder("data_count_map");
  data_tools_testing::write_random_games(dir + "a.bf", "bulletformat", 3, 10, 2);
  std::string halves;
  for (int i = 0; i < 32; ++i) halves += i < 16 ? "0, " : "1, ";
  std::ofstream(dir + "halves.txt") << "[" << halves << "]\n";
  const TunerRun r = run_tuner({"data", "count", "a.bf", "--buckets", "halves.txt"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("king buckets of the map of halves.txt, each side's own king:\n    0 "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\n    2 ", r.out.find("king buckets")), std::string::npos) << "two buckets\n" << r.out;
  std::ofstream(dir + "short.txt") << "0 1 2\n";
  const TunerRun bad = run_tuner({"data", "count", "a.bf", "--buckets", "short.txt"}, dir);
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.out.find("tuner: --buckets short.txt: king-bucket map: 32 numbers (files a-d of each rank), got 3"),
            std::string::npos)
      << bad.out;
}

TEST(DataCommands, ShuffleGoesOutOfCorePastItsMemoryAndLeavesNoTemporaryFile) {
  const std::string dir = data_tools_testing::fresh_folder("data_shuffle");
  std::ofstream(dir + "big.bf", std::ios::binary) << data_tools_testing::numbered_boards(40000, -20000);  // 1.28 MB
  const TunerRun r = run_tuner({"data", "shuffle", "big.bf", "--output", "shuffled.bf", "--memory", "1", "--seed", "3"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("shuffled 40000 records of big.bf (bulletformat) into shuffled.bf, seed 3, out of core through"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(std::filesystem::file_size(dir + "shuffled.bf"), 40000u * 32);
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    EXPECT_TRUE(name == "big.bf" || name == "shuffled.bf" || name == "stderr.txt") << name;
  }
}

TEST(DataCommands, AnUnknownFormatOrAnOutputThatIsAnInputIsRefused) {
  const std::string dir = data_tools_testing::fresh_folder("data_refused");
  const auto a = data_tools_testing::write_random_games(dir + "a.bf", "bulletformat", 2, 10, 1);
  const TunerRun to = run_tuner({"data", "convert", "a.bf", "--output", "a.txt", "--to", "bulletfromat"}, dir);
  EXPECT_EQ(to.exit_code, 2) << to.out;
  EXPECT_NE(to.out.find("tuner: --to must be one of text, marlinformat, bulletformat, viriformat, binpack; got 'bulletfromat' "
                        "(did you mean 'bulletformat'?)"),
            std::string::npos)
      << to.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "a.txt"));
  const TunerRun same = run_tuner({"data", "shuffle", "a.bf", "--output", "a.bf"}, dir);
  EXPECT_EQ(same.exit_code, 2) << same.out;
  EXPECT_NE(same.out.find("--output a.bf: is also read by this command (a.bf)"), std::string::npos) << same.out;
  const TunerRun renamed = run_tuner({"data", "shuffle", "a.bf", "--output", "a.txt"}, dir);
  EXPECT_EQ(renamed.exit_code, 2) << renamed.out;
  EXPECT_NE(renamed.out.find("--output a.txt: its extension names text, but what is written is bulletformat"), std::string::npos)
      << renamed.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "a.txt"));
  const TunerRun unknown = run_tuner({"data", "count", "a.data"}, dir);
  EXPECT_EQ(unknown.exit_code, 2) << unknown.out;
  EXPECT_NE(unknown.out.find("a.data: no format known by its name's extension"), std::string::npos) << unknown.out;
  const TunerRun converted = run_tuner({"data", "convert", "a.bf", "--output", "a.txt", "--to", "text"}, dir);
  EXPECT_EQ(converted.exit_code, 0) << converted.out;
  const std::string n = std::to_string(a.positions);
  EXPECT_NE(converted.out.find("converted a.bf (bulletformat) to a.txt (text): " + n + " positions read, " + n + " written"),
            std::string::npos)
      << converted.out;
}

TEST(DataCommands, AFullDiskLeavesTheEarlierOutputWholeAndNoTemporaryFile) {
  const std::string dir = data_tools_testing::fresh_folder("data_full_disk");
  std::ofstream(dir + "big.bf", std::ios::binary) << data_tools_testing::numbered_boards(40000, -20000);  // 1.28 MB
  std::ofstream(dir + "small.bf", std::ios::binary) << data_tools_testing::numbered_boards(100, 20000);
  const std::string earlier = data_tools_testing::numbered_boards(10, 0);
  const std::vector<std::vector<std::string>> writers{
      {"data", "shuffle", "big.bf", "--output", "out.bf", "--seed", "1"},
      {"data", "shuffle", "big.bf", "--output", "out.bf", "--seed", "1", "--memory", "1"},  // out of core
      {"data", "interleave", "big.bf", "small.bf", "--output", "out.bf", "--seed", "1"},
      {"data", "convert", "big.bf", "--output", "out.txt", "--to", "text"}};
  for (const std::vector<std::string>& args : writers) {
    const std::string output = *(std::find(args.begin(), args.end(), "--output") + 1);
    std::ofstream(dir + output, std::ios::binary) << earlier;
    const TunerRun r = run_tuner(args, dir, 600);
    EXPECT_EQ(r.exit_code, 2) << args[1] << "\n" << r.out;
    EXPECT_NE(r.out.find("tuner: " + output + ": cannot write (File too large)"), std::string::npos) << args[1] << "\n" << r.out;
    EXPECT_EQ(testing_support::file_bytes(dir + output), earlier) << args[1] << ": the earlier output is whole";
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      EXPECT_TRUE(name == "big.bf" || name == "small.bf" || name == "stderr.txt" || name == output) << args[1] << ": " << name;
    }
    std::filesystem::remove(dir + output);
  }
}

}  // namespace data_commands_test
