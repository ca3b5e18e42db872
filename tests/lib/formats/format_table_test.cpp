// The one table of position formats: every row's name parses back to its format and its file
// extension names it; an unknown name is refused with the names listed (those with a reader
// alone when the parser is asked for those); what a row says of its records (games or
// positions, binary or lines, a score needed) is what its writer writes, and its reader reads
// that back; a row without a reader (epd, bracket) writes lines the text reader reads.
#include "formats/format_table.h"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "core/game.h"

namespace {

std::string board_of(const chess::Position& pos) {
  const std::string fen = pos.fen();
  return fen.substr(0, fen.find(' '));
}

// Four moves of a game White won, the second without a score.
std::string written_game(const formats::PositionFormatRow& row, std::size_t& written) {
  std::ostringstream out;
  const std::unique_ptr<formats::PositionWriter> writer = row.writer(out);
  chess::Game game;
  writer->begin_game(game.position(), formats::WhiteResult::WHITE_WIN);
  const std::pair<const char*, std::optional<int>> moves[] = {{"e2e4", 30}, {"e7e5", std::nullopt}, {"g1f3", 25}, {"b8c6", -20}};
  written = 0;
  for (const auto& [uci, score] : moves) {
    const chess::Position before = game.position();
    written += writer->move(before, game.play_uci(uci).value(), score, true);
  }
  writer->end_game();
  writer->finish();
  return out.str();
}

TEST(FormatTable, EveryRowsNameParsesBackToItsFormatAndItsExtensionNamesIt) {
  const auto rows = formats::position_formats();
  ASSERT_EQ(rows.size(), 7u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const formats::PositionFormatRow& row = rows[i];
    EXPECT_EQ(row.format, formats::PositionFormat(i)) << row.name;
    EXPECT_EQ(&formats::position_format_row(row.format), &row) << row.name;
    EXPECT_STREQ(formats::position_format_name(row.format), row.name);
    const auto parsed = formats::parse_position_format(row.name);
    ASSERT_TRUE(parsed) << parsed.error();
    EXPECT_EQ(*parsed, row.format);
    EXPECT_EQ(formats::position_format_of_path(std::string("dir/f.") + row.name), row.format) << row.name;
    ASSERT_NE(row.writer, nullptr) << row.name;
    EXPECT_NE(std::string(row.description), "") << row.name;
  }
  EXPECT_EQ(formats::position_format_names(), "epd, bracket, text, marlinformat, bulletformat, viriformat, binpack");
  EXPECT_TRUE(formats::position_format_help().starts_with("epd: EPD with c9 \"1-0\"; (texel); bracket: EPD with [1.0]; text: "))
      << formats::position_format_help();
}

TEST(FormatTable, AnUnknownNameIsRefusedWithTheValidNamesListed) {
  EXPECT_EQ(formats::parse_position_format("csv").error(),
            "must be one of epd, bracket, text, marlinformat, bulletformat, viriformat, binpack; got 'csv'");
  EXPECT_EQ(formats::parse_position_format("binpak").error(),
            "must be one of epd, bracket, text, marlinformat, bulletformat, viriformat, binpack; got 'binpak' (did you mean "
            "'binpack'?)");
  EXPECT_EQ(formats::parse_position_format("").error(),
            "must be one of epd, bracket, text, marlinformat, bulletformat, viriformat, binpack; got ''");
  EXPECT_FALSE(formats::parse_position_format("Text")) << "names are matched as written";
  // Among the formats with a reader, epd and bracket are no names (their lines are read as text).
  EXPECT_EQ(formats::position_format_names(formats::has_reader), "text, marlinformat, bulletformat, viriformat, binpack");
  EXPECT_EQ(formats::parse_position_format("epd", formats::has_reader).error(),
            "must be one of text, marlinformat, bulletformat, viriformat, binpack; got 'epd'");
  EXPECT_EQ(formats::position_format_of_path("a.epd", formats::has_reader), formats::PositionFormat::TEXT);
  EXPECT_EQ(formats::position_format_of_path("a.pgn", formats::has_reader), std::nullopt);
  EXPECT_EQ(formats::position_format_extensions(formats::has_reader),
            ".text, .txt, .epd, .marlinformat, .marlin, .bulletformat, .bf, .viriformat, .viri, .vf, .binpack");
}

// Each row's writer writes what the row says, and the reader (a row's own, or text's for epd and
// bracket) reads back every position written, the first one as it was.
TEST(FormatTable, EachRowsReaderReadsWhatItsWriterWroteAsTheRowSays) {
  const formats::PositionFormatRow& text = formats::position_format_row(formats::PositionFormat::TEXT);
  for (const formats::PositionFormatRow& row : formats::position_formats()) {
    SCOPED_TRACE(row.name);
    std::size_t written = 0;
    const std::string bytes = written_game(row, written);
    // A format that needs a score writes the three scored moves (a game format's record ends at
    // the unscored one, and the next scored move starts another); epd and bracket write all four.
    EXPECT_EQ(written, row.needs_score ? 3u : 4u);
    EXPECT_EQ(row.binary, bytes.find('\0') != std::string::npos);
    if (!row.binary) {
      EXPECT_EQ(bytes.back(), '\n');
    }
    EXPECT_EQ(formats::has_reader(row), row.reader != nullptr);
    EXPECT_EQ(formats::has_reader(row),
              row.format != formats::PositionFormat::EPD && row.format != formats::PositionFormat::BRACKET);
    std::vector<formats::TrainingPosition> read;
    std::istringstream in(bytes);
    const auto count =
        (row.reader ? row.reader : text.reader)(in, "f", [&](const formats::TrainingPosition& p) { read.push_back(p); });
    ASSERT_TRUE(count) << count.error();
    EXPECT_EQ(*count, written);
    ASSERT_EQ(read.size(), written);
    const formats::TrainingPosition& first = read.front();
    EXPECT_EQ(board_of(first.position), board_of(chess::Position::startpos()));
    EXPECT_EQ(first.result, formats::WhiteResult::WHITE_WIN);
    EXPECT_EQ(first.scored, row.needs_score);
    if (first.scored) {
      EXPECT_EQ(first.score_white, 30);
    }
    // A game format's records hold the moves played; a position's none.
    EXPECT_EQ(first.move != chess::Move::none(), row.whole_games);
  }
}

}  // namespace
