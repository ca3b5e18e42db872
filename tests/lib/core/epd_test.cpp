// The one EPD reader under every file of positions: operations split at semicolons outside
// quotes, and a Latin-1 line (an old suite's names and comments) converted to UTF-8.
#include "core/epd.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/utf8.h"

namespace {

TEST(Epd, OperationsAreSplitAtSemicolonsOutsideQuotes) {
  auto record = chess::parse_epd("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"a; b\"; c0 \"x\";");
  ASSERT_TRUE(record) << record.error();
  ASSERT_EQ(record->operations.size(), 3u);
  EXPECT_EQ(record->find("bm")->operand, "e4");
  EXPECT_EQ(record->find("id")->unquoted(), "a; b");
  EXPECT_EQ(record->find("c0")->unquoted(), "x");
}

// A line in Latin-1 is read as Windows-1252 and handed on as UTF-8; a UTF-8 line is left as it
// is; the line numbers are the file's.
TEST(Epd, ALatin1LineIsConvertedToUtf8) {
  const std::string path = ::testing::TempDir() + "latin1.epd";
  std::ofstream(path) << "# a suite of 1995\n"
                      << "8/8/8/8/8/8/8/K1k5 w - - id \"M\xFCller 1\"; c0 \"R\xE9ti\";\n"
                      << "8/8/8/8/8/8/8/K1k5 w - - id \"Müller 2\";\n";
  std::vector<std::string> ids, comments;
  std::vector<int> lines;
  auto read = chess::read_epd_file(path, "suite", [&](chess::Result<chess::EpdRecord>&& r, const chess::EpdLocation& at) {
    EXPECT_TRUE(r) << r.error();
    if (!r) return chess::Result<bool>(false);
    ids.push_back(r->find("id")->unquoted());
    if (const chess::EpdOperation* c0 = r->find("c0")) comments.push_back(c0->unquoted());
    lines.push_back(at.line);
    return chess::Result<bool>(true);
  });
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(*read, 2);
  EXPECT_EQ(ids, (std::vector<std::string>{"Müller 1", "Müller 2"}));
  EXPECT_EQ(comments, (std::vector<std::string>{"Réti"}));
  EXPECT_EQ(lines, (std::vector<int>{2, 3}));
  for (const std::string& id : ids) EXPECT_TRUE(chess::is_utf8(id)) << id;
}

}  // namespace
