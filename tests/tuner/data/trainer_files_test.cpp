// The tuner's readers of the trainers' files refuse what is not such a file, naming the file
// and the record or game: a file cut inside a record, a result that is not 0, 1 or 2, more than
// 32 pieces, a piece code no piece has, a binpack without its magic, a binpack chain whose move or score is broken, a
// viriformat game without its end or with an illegal move; the formats the one table gives a
// reader are the ones the tuner reads.
#include "data/trainer_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/game.h"
#include "data_tools/position_stream.h"
#include "formats/binpack.h"
#include "formats/bulletformat.h"
#include "formats/format_table.h"
#include "formats/marlinformat.h"
#include "formats/viriformat.h"
#include "support/files.h"

namespace {

std::string board_bytes(const formats::Record32& b) { return std::string(b.begin(), b.end()); }

std::string error_of(const std::string& path, formats::PositionFormat format) {
  auto read = tuner::read_trainer_file(path, format, [](tuner::LabeledPosition&&) {});
  return read ? "" : read.error();
}

TEST(TrainerFiles, ABoardFileReadsBackAndABrokenOneIsNamed) {
  const std::string board = board_bytes(formats::encode_marlinformat(chess::Position::startpos(), 12, formats::WhiteResult::DRAW));
  std::size_t read = 0;
  auto ok = tuner::read_trainer_file(testing_support::write_temp_file("two.marlin", board + board),
                                     formats::PositionFormat::MARLINFORMAT, [&](tuner::LabeledPosition&& p) {
                                       EXPECT_EQ(p.position.fen(), chess::Position::startpos().fen());
                                       EXPECT_EQ(p.score, 12);
                                       EXPECT_EQ(p.result, 0.5);
                                       ++read;
                                     });
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_EQ(read, 2u);
  EXPECT_NE(
      error_of(testing_support::write_temp_file("cut.marlin", board + board.substr(0, 5)), formats::PositionFormat::MARLINFORMAT)
          .find("cut.marlin: byte 32: the file ends inside a record"),
      std::string::npos);
  std::string bad_result = board;
  bad_result[30] = 7;
  EXPECT_NE(error_of(testing_support::write_temp_file("result.marlin", bad_result), formats::PositionFormat::MARLINFORMAT)
                .find("result.marlin: record 1: result 7 is not 0, 1 or 2"),
            std::string::npos);
  std::string crowded = board;
  for (int i = 0; i < 8; ++i) crowded[std::size_t(i)] = char(0xFF);
  EXPECT_NE(error_of(testing_support::write_temp_file("crowded.marlin", crowded), formats::PositionFormat::MARLINFORMAT)
                .find("more than 32 pieces"),
            std::string::npos);
  // A piece code no piece has (7, on a1): named by its code and square, never as a raw control byte.
  std::string no_piece = board;
  no_piece[8] = char((no_piece[8] & 0xF0) | 7);
  const std::string unknown =
      error_of(testing_support::write_temp_file("no_piece.marlin", no_piece), formats::PositionFormat::MARLINFORMAT);
  EXPECT_NE(unknown.find("no_piece.marlin: record 1: invalid position: piece code 7 on a1 is no piece"), std::string::npos)
      << unknown;
  for (char c : unknown) EXPECT_GE(static_cast<unsigned char>(c), 0x20) << unknown;
}

TEST(TrainerFiles, ABinpackWithoutItsMagicOrWithABrokenChainIsRefused) {
  const chess::Position start = chess::Position::startpos();
  auto entry = [&](chess::Move move) { return board_bytes(formats::encode_binpack_entry(start, move, 0, formats::WhiteResult::DRAW)); };
  const std::string e4 = entry(chess::Move(chess::SQ_E2, chess::SQ_E4));
  auto chunk = [](const std::string& body) {
    const std::uint32_t n = std::uint32_t(body.size());
    return std::string("BINP") + char(n & 0xFF) + char((n >> 8) & 0xFF) + char((n >> 16) & 0xFF) + char(n >> 24) + body;
  };
  EXPECT_EQ(error_of(testing_support::write_temp_file("ok.binpack", chunk(e4 + std::string(2, '\0'))),
                     formats::PositionFormat::BINPACK),
            "");
  EXPECT_NE(error_of(testing_support::write_temp_file("magic.binpack", "XXXX" + chunk(e4 + std::string(2, '\0')).substr(4)),
                     formats::PositionFormat::BINPACK)
                .find("does not start with BINP"),
            std::string::npos);
  EXPECT_NE(error_of(testing_support::write_temp_file("null.binpack", chunk(entry(chess::Move::none()) + std::string(2, '\0'))),
                     formats::PositionFormat::BINPACK)
                .find("null.binpack: chain 1: its move is not legal in its position"),
            std::string::npos);
  EXPECT_NE(error_of(testing_support::write_temp_file("short.binpack", chunk(e4 + std::string("\0\x03", 2))),
                     formats::PositionFormat::BINPACK)
                .find("short.binpack: chain 1, ply 1 after it: the chain's moves end before its count of plies"),
            std::string::npos);
  EXPECT_NE(error_of(testing_support::write_temp_file("odd.binpack", chunk(e4 + std::string(3, '\0'))),
                     formats::PositionFormat::BINPACK)
                .find("odd.binpack: chain 2: the chunk ends inside its first entry"),
            std::string::npos);
}

// A chain of one further ply after e2e4, Black's move given by hand-made bits: Black has three
// pieces (a7, h7 and the king on e8: two bits name one), the king five destinations (d7, e7,
// f7, d8, f8: three bits), then the score in 5-bit blocks.
TEST(TrainerFiles, ABinpackChainsBrokenMoveOrScoreIsNamed) {
  auto chain_file = [](const std::string& name, const char* fen, std::initializer_list<unsigned char> movetext) {
    const chess::Position pos = chess::Position::from_fen(fen).value();
    std::string body =
        board_bytes(formats::encode_binpack_entry(pos, chess::Move(chess::SQ_E2, chess::SQ_E4), 0, formats::WhiteResult::DRAW));
    body += std::string("\0\x01", 2);
    for (unsigned char c : movetext) body += char(c);
    const std::uint32_t n = std::uint32_t(body.size());
    return testing_support::write_temp_file(name,
                                            std::string("BINP") + char(n) + char(n >> 8) + char(n >> 16) + char(n >> 24) + body);
  };
  const char* plain = "4k3/p6p/8/8/8/8/4P3/4K3 w - - 0 1";
  EXPECT_EQ(error_of(chain_file("fine.binpack", plain, {0x88, 0x00}), formats::PositionFormat::BINPACK), "");  // Ke7, +0
  EXPECT_NE(error_of(chain_file("piece.binpack", plain, {0xC0}), formats::PositionFormat::BINPACK)
                .find("piece.binpack: chain 1, ply 1 after it: a move names a piece the side to move does not have"),
            std::string::npos);
  EXPECT_NE(error_of(chain_file("dest.binpack", plain, {0xB8}), formats::PositionFormat::BINPACK)
                .find("dest.binpack: chain 1, ply 1 after it: a move names a destination its piece does not have"),
            std::string::npos);
  EXPECT_NE(
      error_of(chain_file("check.binpack", "4k3/p6p/8/8/8/8/4P3/3RK3 w - - 0 1", {0x80, 0x00}), formats::PositionFormat::BINPACK)
          .find("check.binpack: chain 1, ply 1 after it: a move that is not legal in its position"),
      std::string::npos);  // Kd7, into the rook's file
  EXPECT_NE(error_of(chain_file("vle.binpack", plain, {0x8F, 0xFF, 0xFF, 0xFC}), formats::PositionFormat::BINPACK)
                .find("vle.binpack: chain 1, ply 1 after it: a score's difference longer than 16 bits"),
            std::string::npos);
}

TEST(TrainerFiles, AViriformatGameWithoutItsEndOrWithAnIllegalMoveIsRefused) {
  const std::string header = board_bytes(formats::encode_marlinformat(chess::Position::startpos(), 0, formats::WhiteResult::WHITE_WIN));
  const std::uint16_t e4 = formats::encode_viriformat_move(chess::Move(chess::SQ_E2, chess::SQ_E4));
  const std::string pair{char(e4 & 0xFF), char(e4 >> 8), char(30), char(0)};
  EXPECT_EQ(error_of(testing_support::write_temp_file("ok.viri", header + pair + std::string(4, '\0')),
                     formats::PositionFormat::VIRIFORMAT),
            "");
  EXPECT_NE(error_of(testing_support::write_temp_file("open.viri", header + pair), formats::PositionFormat::VIRIFORMAT)
                .find("open.viri: byte 0: the file ends inside a record"),
            std::string::npos);
  std::string endless = header;
  for (int i = 0; i < 17000; ++i) endless += pair;
  EXPECT_NE(error_of(testing_support::write_temp_file("endless.viri", endless + std::string(4, '\0')),
                     formats::PositionFormat::VIRIFORMAT)
                .find("endless.viri: game 1: no end (four zero bytes) within 16,384 moves"),
            std::string::npos);
  const std::string twice = pair + pair;  // e2e4, then e2e4 again from Black's turn
  EXPECT_NE(error_of(testing_support::write_temp_file("illegal.viri", header + twice + std::string(4, '\0')),
                     formats::PositionFormat::VIRIFORMAT)
                .find("illegal.viri: game 1, move 2: e2e4 is not a legal move in"),
            std::string::npos);
}

// The formats with a reader in the one table (formats::has_reader) are the ones the tuner reads:
// a file each row's writer wrote reads back by its format, and its name is a format of the data
// tools; epd and bracket, without a reader of their own, are refused by name and their files
// read as text.
TEST(TrainerFiles, TheTunerReadsTheFormatsTheTableGivesAReader) {
  for (const formats::PositionFormatRow& row : formats::position_formats()) {
    SCOPED_TRACE(row.name);
    std::ostringstream bytes;
    const std::unique_ptr<formats::PositionWriter> writer = row.writer(bytes);
    chess::Game game;
    writer->begin_game(game.position(), formats::WhiteResult::DRAW);
    std::size_t written = 0;
    for (const char* uci : {"e2e4", "e7e5", "g1f3"}) {
      const chess::Position before = game.position();
      written += writer->move(before, game.play_uci(uci).value(), 10, true);
    }
    writer->end_game();
    writer->finish();
    const std::string path = testing_support::write_temp_file(std::string("table.") + row.name, bytes.str());
    std::size_t read = 0;
    const auto by_format = tuner::read_trainer_file(path, row.format, [&](tuner::LabeledPosition&&) { ++read; });
    EXPECT_EQ(by_format.ok(), formats::has_reader(row)) << (by_format ? "" : by_format.error());
    EXPECT_EQ(tuner::format_of_file(path, row.name).ok(), formats::has_reader(row));
    const auto ignore = [](tuner::LabeledPosition&&) {};
    EXPECT_EQ(tuner::read_labeled_file(path, ignore, 0, row.format).ok(), formats::has_reader(row));
    if (!formats::has_reader(row)) {
      EXPECT_EQ(by_format.error(), path + ": " + row.name + " has no reader of its own (its lines are read as text)");
      const auto as_text =
          tuner::read_trainer_file(path, formats::PositionFormat::TEXT, [&](tuner::LabeledPosition&&) { ++read; });
      ASSERT_TRUE(as_text) << as_text.error();
    }
    EXPECT_EQ(read, written);
  }
}

}  // namespace
