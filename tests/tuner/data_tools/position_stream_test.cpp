// The stream under the data tools reads every format record by record, each at the byte the
// file holds it, goes back to a point it gave, and refuses a file of boards that ends inside one
// and a game cut short, naming the byte; a file's format comes from --format or its extension.
#include "data_tools/position_stream.h"

#include <gtest/gtest.h>

#include "tuner/data_tools/trainer_data_files.h"

namespace position_stream_test {

using data_tools_testing::fresh_folder;
using data_tools_testing::write_random_games;

const char* const FORMAT_NAMES[] = {"text", "marlinformat", "bulletformat", "viriformat", "binpack"};

formats::PositionFormat format_named(const std::string& name) { return formats::parse_position_format(name).value(); }

std::string stream_error(const std::string& path, formats::PositionFormat format) {
  auto in = tuner::PositionStream::open(path, format);
  if (!in) return in.error();
  for (;;) {
    auto record = (*in)->next([](tuner::LabeledPosition&&) {});
    if (!record) return record.error();
    if (!*record) return "";
  }
}

TEST(PositionStream, ReadsEveryFormatRecordByRecordAtTheByteTheFileHoldsIt) {
  const std::string dir = fresh_folder("position_stream_records");
  for (const char* name : FORMAT_NAMES) {
    const auto written = write_random_games(dir + "games." + name, name, 12, 30, 7);
    const std::string bytes = testing_support::file_bytes(written.path);
    auto in = tuner::PositionStream::open(written.path, format_named(name));
    ASSERT_TRUE(in) << in.error();
    EXPECT_EQ((*in)->file_bytes(), bytes.size()) << name;
    std::uint64_t positions = 0, records = 0, last_offset = 0;
    const tuner::PositionStream::Take take = [&](tuner::LabeledPosition&&) { ++positions; };
    for (;;) {
      auto record = (*in)->next(take);
      ASSERT_TRUE(record) << record.error();
      if (!*record) break;
      const tuner::StreamRecord& r = **record;
      EXPECT_EQ(r.number, ++records) << name;
      EXPECT_TRUE(records == 1 || r.offset > last_offset) << name;
      EXPECT_EQ(bytes.substr(std::size_t(r.offset), r.bytes.size()), r.bytes) << name << " record " << r.number;
      last_offset = r.offset;
    }
    EXPECT_EQ(positions, written.positions) << name;
    EXPECT_EQ(records, tuner::holds_games(format_named(name)) ? written.games : written.positions) << name;
  }
}

TEST(PositionStream, GoesBackToAPointItGave) {
  const std::string dir = fresh_folder("position_stream_seek");
  for (const char* name : FORMAT_NAMES) {
    const auto written = write_random_games(dir + "games." + name, name, 12, 30, 11);
    auto in = tuner::PositionStream::open(written.path, format_named(name));
    ASSERT_TRUE(in) << in.error();
    tuner::PositionStream& stream = **in;
    for (int i = 0; i < 5; ++i) ASSERT_TRUE(stream.next().value());
    const tuner::StreamPoint point = stream.point();
    const tuner::StreamRecord sixth = *stream.next().value();
    const std::string sixth_bytes(sixth.bytes);
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(stream.next().value());
    ASSERT_TRUE(stream.seek(point)) << name;
    const tuner::StreamRecord again = *stream.next().value();
    EXPECT_EQ(again.number, 6u) << name;
    EXPECT_EQ(again.offset, sixth.offset) << name;
    EXPECT_EQ(std::string(again.bytes), sixth_bytes) << name;
    ASSERT_TRUE(stream.seek({})) << name;
    EXPECT_EQ(stream.next().value()->number, 1u) << name;
  }
}

TEST(PositionStream, AFileOfBoardsThatEndsInsideARecordIsRefusedNamingItsByte) {
  const std::string path = testing_support::write_temp_file("cut.bf", data_tools_testing::numbered_boards(3, 0) + "12345");
  auto in = tuner::PositionStream::open(path, formats::PositionFormat::BULLETFORMAT);
  ASSERT_FALSE(in);
  EXPECT_NE(in.error().find("cut.bf: byte 96: the file ends inside a record (5 of its 32 bytes; 101 bytes are not a whole "
                            "number of 32-byte records)"),
            std::string::npos)
      << in.error();
}

TEST(PositionStream, AGameCutShortIsRefusedNamingTheByteItStartsAt) {
  const std::string dir = fresh_folder("position_stream_cut_game");
  const auto written = write_random_games(dir + "games.viri", "viriformat", 3, 20, 5);
  const auto records = data_tools_testing::records_of(written.path, formats::PositionFormat::VIRIFORMAT);
  ASSERT_EQ(records.size(), 3u);
  const std::string bytes = testing_support::file_bytes(written.path);
  const std::string cut = testing_support::write_temp_file("cut.viri", bytes.substr(0, bytes.size() - 2));
  const std::string last = std::to_string(bytes.size() - records.back().size());
  EXPECT_NE(
      stream_error(cut, formats::PositionFormat::VIRIFORMAT).find("cut.viri: byte " + last + ": the file ends inside a game"),
      std::string::npos);
  const std::string binpack = testing_support::write_temp_file("cut.binpack", std::string("BINP\x10\0\0\0", 8) + "short");
  EXPECT_NE(stream_error(binpack, formats::PositionFormat::BINPACK)
                .find("cut.binpack: byte 0: the file ends inside a chunk of 16 bytes"),
            std::string::npos);
}

TEST(PositionStream, AMissingFileIsNamed) {
  auto in = tuner::PositionStream::open(::testing::TempDir() + "no/such.bf", formats::PositionFormat::BULLETFORMAT);
  ASSERT_FALSE(in);
  EXPECT_NE(in.error().find("no/such.bf: cannot open file of positions"), std::string::npos) << in.error();
}

TEST(PositionStream, TextCommentsAndBlankLinesAreNoRecords) {
  const std::string start = chess::Position::startpos().fen();
  const std::string path = testing_support::write_temp_file("commented.txt", "# made by hand\n\n  " + start + " | 12 | 1.0\r\n");
  auto in = tuner::PositionStream::open(path, formats::PositionFormat::TEXT);
  ASSERT_TRUE(in) << in.error();
  auto record = (*in)->next();
  ASSERT_TRUE(record && *record);
  EXPECT_EQ((*record)->number, 1u);
  EXPECT_EQ((*record)->line, 3u);
  EXPECT_EQ((*record)->offset, 16u);
  EXPECT_EQ((*record)->bytes, start + " | 12 | 1.0");
  EXPECT_EQ((*in)->where(**record), path + ": record 1 (line 3, byte 16)");
  EXPECT_FALSE((*in)->next().value().has_value());
}

TEST(PositionStream, AFilesFormatIsItsFormatOptionElseItsExtension) {
  EXPECT_EQ(tuner::format_of_file("a.bf", "").value(), formats::PositionFormat::BULLETFORMAT);
  EXPECT_EQ(tuner::format_of_file("a.binpack", "").value(), formats::PositionFormat::BINPACK);
  EXPECT_EQ(tuner::format_of_file("a.vf", "").value(), formats::PositionFormat::VIRIFORMAT);
  EXPECT_EQ(tuner::format_of_file("a.epd", "").value(), formats::PositionFormat::TEXT);
  EXPECT_EQ(tuner::format_of_file("a.marlinformat", "").value(), formats::PositionFormat::MARLINFORMAT);
  EXPECT_EQ(tuner::format_of_file("a.data", "viriformat").value(), formats::PositionFormat::VIRIFORMAT);
  const auto unknown = tuner::format_of_file("a.data", "");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().find("a.data: no format known by its name's extension"), std::string::npos) << unknown.error();
  EXPECT_NE(unknown.error().find("give --format (text, marlinformat, bulletformat, viriformat, binpack)"), std::string::npos);
  const auto misspelt = tuner::format_of_file("a.bf", "bulletfromat");
  ASSERT_FALSE(misspelt);
  EXPECT_EQ(misspelt.error(),
            "--format must be one of text, marlinformat, bulletformat, viriformat, binpack; got 'bulletfromat' (did you mean "
            "'bulletformat'?)");
}

}  // namespace position_stream_test
