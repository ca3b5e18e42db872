// tuner data convert: every format to each other it can be and back keeps every position;
// bulletformat to text and back gives the same bytes; every format to text
// holds what the text export of the same games holds; viriformat to binpack and back gives the
// same bytes, and the binpack those of the binpack export; a game format is refused from single
// positions, a text line without a score by name, an unknown --to by its option.
#include "data_tools/format_conversion.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "command_support/fail.h"
#include "formats/format_table.h"
#include "tuner/data_tools/trainer_data_files.h"

namespace format_conversion_test {

using data_tools_testing::write_random_games;

// `in` converted to `to` into `out`; the summary, or the error as the test's failure.
chess::Result<tuner::ConversionSummary> converted(const std::string& in, formats::PositionFormat from, formats::PositionFormat to,
                                                  const std::string& out) {
  auto stream = tuner::PositionStream::open(in, from);
  CHESS_RETURN_IF_ERROR(stream);
  std::ofstream file(out, std::ios::binary);
  return tuner::convert_positions(**stream, to, file);
}

TEST(FormatConversion, BulletformatToTextAndBackGivesTheSameBoards) {
  const std::string dir = data_tools_testing::fresh_folder("convert_bullet_text");
  const auto bullet = write_random_games(dir + "g.bf", "bulletformat", 20, 40, 6);
  auto to_text = converted(bullet.path, formats::PositionFormat::BULLETFORMAT, formats::PositionFormat::TEXT, dir + "g.txt");
  ASSERT_TRUE(to_text) << to_text.error();
  EXPECT_EQ(to_text->positions, bullet.positions);
  EXPECT_EQ(to_text->written, bullet.positions);
  auto back = converted(dir + "g.txt", formats::PositionFormat::TEXT, formats::PositionFormat::BULLETFORMAT, dir + "back.bf");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->written, bullet.positions);
  EXPECT_EQ(testing_support::file_bytes(dir + "back.bf"), testing_support::file_bytes(bullet.path));
}

TEST(FormatConversion, EveryFormatToTextHoldsWhatTheTextExportHolds) {
  const std::string dir = data_tools_testing::fresh_folder("convert_to_text");
  const auto text = write_random_games(dir + "export.txt", "text", 12, 40, 19);
  const auto expected = data_tools_testing::positions_of(text.path, formats::PositionFormat::TEXT);
  ASSERT_EQ(expected.size(), text.positions);
  for (const char* name : {"marlinformat", "viriformat", "binpack"}) {
    const formats::PositionFormat format = formats::parse_position_format(name).value();
    const auto file = write_random_games(dir + "g." + name, name, 12, 40, 19);
    const std::string out = dir + "from-" + name + ".txt";
    auto made = converted(file.path, format, formats::PositionFormat::TEXT, out);
    ASSERT_TRUE(made) << made.error();
    EXPECT_EQ(data_tools_testing::positions_of(out, formats::PositionFormat::TEXT), expected) << name;
  }
}

TEST(FormatConversion, ViriformatToBinpackAndBackKeepsTheGames) {
  const std::string dir = data_tools_testing::fresh_folder("convert_games");
  const auto viri = write_random_games(dir + "g.viri", "viriformat", 15, 60, 23);
  const auto binpack = write_random_games(dir + "export.binpack", "binpack", 15, 60, 23);
  auto to_binpack =
      converted(viri.path, formats::PositionFormat::VIRIFORMAT, formats::PositionFormat::BINPACK, dir + "g.binpack");
  ASSERT_TRUE(to_binpack) << to_binpack.error();
  EXPECT_EQ(to_binpack->written, viri.positions);
  EXPECT_EQ(testing_support::file_bytes(dir + "g.binpack"), testing_support::file_bytes(binpack.path));
  auto back =
      converted(dir + "g.binpack", formats::PositionFormat::BINPACK, formats::PositionFormat::VIRIFORMAT, dir + "back.viri");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(testing_support::file_bytes(dir + "back.viri"), testing_support::file_bytes(viri.path));
}

// What a round trip through `via` must keep of the file at `path`: its positions with their keys
// (board, side, castling, en passant), scores and results; through bulletformat, which holds the
// side to move's board but not the side, castling or en passant, the boards bulletformat makes.
std::vector<std::string> kept_through(const formats::PositionFormatRow& via, const std::string& path, formats::PositionFormat format) {
  std::vector<std::string> kept;
  if (via.format == formats::PositionFormat::BULLETFORMAT) {
    auto boards = converted(path, format, via.format, path + ".bf");
    EXPECT_TRUE(boards) << boards.error();
    kept.push_back(testing_support::file_bytes(path + ".bf"));
    return kept;
  }
  for (const auto& [key, score, result] : data_tools_testing::positions_of(path, format))
    kept.push_back(std::to_string(key) + " " + std::to_string(score) + " " + std::to_string(result));
  return kept;
}

// Each format converted to each other it can be (single positions among themselves, games among
// themselves) and back keeps every position.
TEST(FormatConversion, EveryFormatThereAndBackKeepsEveryPosition) {
  const std::string dir = data_tools_testing::fresh_folder("convert_round_trips");
  int trips = 0;
  for (const formats::PositionFormatRow& from : formats::position_formats()) {
    if (!formats::has_reader(from)) continue;
    const auto file = write_random_games(dir + "g." + std::string(from.name), std::string(from.name), 12, 60, 29);
    ASSERT_EQ(data_tools_testing::positions_of(file.path, from.format).size(), file.positions) << from.name;
    for (const formats::PositionFormatRow& via : formats::position_formats()) {
      if (!formats::has_reader(via) || via.format == from.format || via.whole_games != from.whole_games) continue;
      const std::string there = dir + std::string(from.name) + "-to-" + std::string(via.name);
      const std::string back = there + "-back";
      auto made = converted(file.path, from.format, via.format, there);
      ASSERT_TRUE(made) << made.error();
      EXPECT_EQ(made->written, file.positions) << from.name << " to " << via.name;
      auto again = converted(there, via.format, from.format, back);
      ASSERT_TRUE(again) << again.error();
      EXPECT_EQ(kept_through(via, back, from.format), kept_through(via, file.path, from.format))
          << from.name << " to " << via.name << " and back";
      ++trips;
    }
  }
  EXPECT_EQ(trips, 3 * 2 + 2) << "text, marlinformat and bulletformat each through the other two; viriformat and binpack";
}

TEST(FormatConversion, AGameFormatFromSinglePositionsIsRefused) {
  const std::string dir = data_tools_testing::fresh_folder("convert_refused");
  const auto bullet = write_random_games(dir + "g.bf", "bulletformat", 2, 10, 1);
  auto made = converted(bullet.path, formats::PositionFormat::BULLETFORMAT, formats::PositionFormat::VIRIFORMAT, dir + "g.viri");
  ASSERT_FALSE(made);
  EXPECT_EQ(made.error(), "--to viriformat: a game format needs the moves of whole games, and " + bullet.path +
                              " (bulletformat) holds single positions");
}

TEST(FormatConversion, ATextLineWithoutAScoreIsRefusedByName) {
  const std::string path = testing_support::write_temp_file(
      "unscored.txt", chess::Position::startpos().fen() + " | 5 | 0.5\n4k3/8/8/8/8/8/8/4K3 w - - c9 \"1-0\";\n");
  auto made =
      converted(path, formats::PositionFormat::TEXT, formats::PositionFormat::BULLETFORMAT, ::testing::TempDir() + "unscored.bf");
  ASSERT_FALSE(made);
  const std::string first = chess::Position::startpos().fen() + " | 5 | 0.5\n";
  EXPECT_EQ(made.error(), path + ": record 2 (line 2, byte " + std::to_string(first.size()) +
                              "): no search score, which --to bulletformat needs ('FEN | score | result')");
}

TEST(FormatConversion, AnUnknownFormatIsNamedWithItsOptionAndTheKnownOnes) {
  const auto to = harness::with_option("--to", formats::parse_position_format("bulletfromat", formats::has_reader));
  ASSERT_FALSE(to);
  EXPECT_EQ(to.error(),
            "--to must be one of text, marlinformat, bulletformat, viriformat, binpack; got 'bulletfromat' (did you mean "
            "'bulletformat'?)");
  EXPECT_EQ(harness::with_option("--to", formats::parse_position_format("csv", formats::has_reader)).error(),
            "--to must be one of text, marlinformat, bulletformat, viriformat, binpack; got 'csv'");
}

}  // namespace format_conversion_test
