// tuner data validate: a good file of any format reads whole; a corrupted board, game, chain or
// line is named by its file, its number and its byte; a truncated file by the byte it is cut in.
#include "data_tools/file_validation.h"

#include <gtest/gtest.h>

#include "tuner/data_tools/trainer_data_files.h"

namespace file_validation_test {

using data_tools_testing::write_random_games;

chess::Result<tuner::ValidatedFile> validated(const std::string& path, formats::PositionFormat format) {
  auto in = tuner::PositionStream::open(path, format);
  CHESS_RETURN_IF_ERROR(in);
  return tuner::validate_records(**in);
}

std::string validation_error(const std::string& path, formats::PositionFormat format) {
  auto valid = validated(path, format);
  return valid ? "" : valid.error();
}

// The file's bytes with the byte at `at` set to `value`, written beside it as `name`.
std::string corrupted(const std::string& path, const std::string& name, std::size_t at, char value) {
  std::string bytes = testing_support::file_bytes(path);
  bytes[at] = value;
  return testing_support::write_temp_file(name, bytes);
}

TEST(FileValidation, EveryRecordOfAGoodFileOfAnyFormatIsValid) {
  const std::string dir = data_tools_testing::fresh_folder("file_validation_good");
  for (const char* name : {"text", "marlinformat", "bulletformat", "viriformat", "binpack"}) {
    const auto file = write_random_games(dir + "g." + name, name, 6, 30, 21);
    auto valid = validated(file.path, formats::parse_position_format(name).value());
    ASSERT_TRUE(valid) << valid.error();
    EXPECT_EQ(valid->positions, file.positions) << name;
  }
}

TEST(FileValidation, ACorruptedBoardIsNamedByItsRecordAndByte) {
  const std::string dir = data_tools_testing::fresh_folder("file_validation_boards");
  const auto marlin = write_random_games(dir + "g.marlin", "marlinformat", 1, 10, 4);
  const std::string bad_result = corrupted(marlin.path, "result.marlin", 6 * 32 + 30, 7);
  EXPECT_NE(validation_error(bad_result, formats::PositionFormat::MARLINFORMAT)
                .find("result.marlin: record 7 (byte 192): result 7 is not 0, 1 or 2"),
            std::string::npos);
  const auto bullet = write_random_games(dir + "g.bf", "bulletformat", 1, 10, 4);
  const std::string bytes = testing_support::file_bytes(bullet.path);
  const std::string moved_king = corrupted(bullet.path, "king.bf", 2 * 32 + 27, char(bytes[2 * 32 + 27] ^ 1));
  EXPECT_NE(validation_error(moved_king, formats::PositionFormat::BULLETFORMAT)
                .find("king.bf: record 3 (byte 64): invalid position: its king squares (bytes 27 and 28) are not where its "
                      "kings stand"),
            std::string::npos);
}

TEST(FileValidation, ACorruptedGameOrChainIsNamedByItsNumberAndByte) {
  const std::string dir = data_tools_testing::fresh_folder("file_validation_games");
  const auto viri = write_random_games(dir + "g.viri", "viriformat", 3, 20, 8);
  const auto games = data_tools_testing::records_of(viri.path, formats::PositionFormat::VIRIFORMAT);
  ASSERT_EQ(games.size(), 3u);
  const std::size_t second_game = games[0].size();
  // The first move of the second game made a1-a2, the rook onto its own pawn (from 0, to 8 << 6).
  std::string bytes = testing_support::file_bytes(viri.path);
  bytes[second_game + 32] = 0;
  bytes[second_game + 33] = 2;
  const std::string bad_move = testing_support::write_temp_file("move.viri", bytes);
  EXPECT_NE(validation_error(bad_move, formats::PositionFormat::VIRIFORMAT)
                .find("move.viri: game 2 (byte " + std::to_string(second_game) + "), move 1: a1a2 is not a legal move"),
            std::string::npos)
      << validation_error(bad_move, formats::PositionFormat::VIRIFORMAT);

  const auto binpack = write_random_games(dir + "g.binpack", "binpack", 3, 20, 8);
  const auto chains = data_tools_testing::records_of(binpack.path, formats::PositionFormat::BINPACK);
  ASSERT_EQ(chains.size(), 3u);
  const std::size_t second_chain = 8 + chains[0].size();  // after the chunk's header
  bytes = testing_support::file_bytes(binpack.path);
  bytes[second_chain + 24] = bytes[second_chain + 25] = 0;  // the entry's move: none
  const std::string bad_chain = testing_support::write_temp_file("move.binpack", bytes);
  EXPECT_NE(validation_error(bad_chain, formats::PositionFormat::BINPACK)
                .find("move.binpack: chain 2 (byte " + std::to_string(second_chain) + "): its move is not legal in its position"),
            std::string::npos)
      << validation_error(bad_chain, formats::PositionFormat::BINPACK);
}

TEST(FileValidation, ABadLineIsNamedByItsRecordLineAndByte) {
  const std::string good = chess::Position::startpos().fen() + " | 10 | 0.5\n";
  const std::string path = testing_support::write_temp_file("bad.txt", "# two positions\n" + good + "not a position | 1 | 1.0\n");
  EXPECT_NE(validation_error(path, formats::PositionFormat::TEXT)
                .find("bad.txt: record 2 (line 3, byte " + std::to_string(16 + good.size()) + "): "),
            std::string::npos)
      << validation_error(path, formats::PositionFormat::TEXT);
}

TEST(FileValidation, ATruncatedFileIsRefusedNamingTheByteItIsCutIn) {
  const std::string dir = data_tools_testing::fresh_folder("file_validation_truncated");
  const auto marlin = write_random_games(dir + "g.marlin", "marlinformat", 1, 4, 2);
  const std::string bytes = testing_support::file_bytes(marlin.path);
  const std::string cut = testing_support::write_temp_file("cut.marlin", bytes.substr(0, bytes.size() - 31));
  EXPECT_NE(
      validation_error(cut, formats::PositionFormat::MARLINFORMAT).find("cut.marlin: byte 96: the file ends inside a record"),
      std::string::npos);
}

}  // namespace file_validation_test
