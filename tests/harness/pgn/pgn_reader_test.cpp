// The PGN reader: tags, moves with their comments, variations and NAGs left out, results, and a
// malformed game reported by its line and skipped while the games around it are read.
#include "pgn/pgn_reader.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/bounded_read.h"

namespace {

using harness::PgnGame;
using harness::PgnReader;

PgnReader reader_of(const std::string& text) { return PgnReader(std::make_unique<std::istringstream>(text), "t.pgn"); }

std::vector<chess::Result<PgnGame>> all(const std::string& text) {
  PgnReader r = reader_of(text);
  std::vector<chess::Result<PgnGame>> out;
  while (auto g = r.next()) out.push_back(std::move(*g));
  return out;
}

TEST(PgnReader, ReadsTagsMovesCommentsAndTheResult) {
  const auto games =
      all("[Event \"a \\\"quoted\\\" name\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
          "1. e4 {+0.30/10 0.100s} e5 $1 {book} (1... c5 {ignored} 2. Nf3) 2. Nf3 ; rest of line\n"
          "2... Nc6 {a comment\nover two lines} 3.Bb5 1-0\n\n");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0]) << games[0].error();
  const PgnGame& g = *games[0];
  EXPECT_EQ(g.line, 1);
  EXPECT_EQ(*g.tag("Event"), "a \"quoted\" name");
  EXPECT_EQ(g.tag("Site"), nullptr);
  ASSERT_EQ(g.moves.size(), 5u);
  EXPECT_EQ(g.moves[0].text, "e4");
  EXPECT_EQ(g.moves[0].comments, std::vector<std::string>{"+0.30/10 0.100s"});
  EXPECT_EQ(g.moves[1].comments, std::vector<std::string>{"book"});
  EXPECT_EQ(g.moves[2].comments, std::vector<std::string>{"rest of line"});
  EXPECT_EQ(g.moves[3].comments, std::vector<std::string>{"a comment over two lines"});
  EXPECT_EQ(g.moves[4].text, "Bb5");
  EXPECT_EQ(g.moves[4].line, 8);
  EXPECT_EQ(g.result, "1-0");
}

TEST(PgnReader, AMalformedGameIsReportedByLineAndTheNextOneIsRead) {
  const std::string text =
      "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1/2-1/2\n\n"
      "[White \"C\"\n[Black \"D\"]\n\n1. d4 1-0\n\n"                         // line 6: a tag without its closing bracket
      "[White \"E\"]\n\n1. c4 ) 0-1\n\n"                                     // line 13: a ')' that closes nothing
      "[Event \"F\"]\n\n1. e4 {never closed\n\n[Event \"G\"]\n\n1. f4 *\n";  // line 17: the comment runs into the next game
  const auto games = all(text);
  ASSERT_EQ(games.size(), 5u);
  EXPECT_TRUE(games[0]);
  ASSERT_FALSE(games[1]);
  EXPECT_EQ(games[1].error(), "t.pgn:6: malformed tag pair: [White \"C\"");
  ASSERT_FALSE(games[2]);
  EXPECT_EQ(games[2].error(), "t.pgn:13: ')' closes no variation");
  ASSERT_FALSE(games[3]);
  EXPECT_EQ(games[3].error(), "t.pgn:17: '{' comment not closed before the next game");
  ASSERT_TRUE(games[4]) << games[4].error();
  EXPECT_EQ(*games[4]->tag("Event"), "G");
  EXPECT_EQ(games[4]->line, 19);
  EXPECT_EQ(games[4]->result, "*");
}

// Found by book_fuzz: a '}' outside a comment had the reader take empty moves without end.
TEST(PgnReader, AClosingBraceOutsideACommentIsMalformed) {
  const auto games = all("[Event \"x\"]\nmment} e5 1/2-1/2\n\n[Event \"y\"]\n\n1. e4 *\n");
  ASSERT_EQ(games.size(), 2u);
  ASSERT_FALSE(games[0]);
  EXPECT_EQ(games[0].error(), "t.pgn:2: '}' closes no comment");
  ASSERT_TRUE(games[1]) << games[1].error();
  EXPECT_EQ(games[1]->moves.size(), 1u);
}

TEST(PgnReader, GamesWithoutResultTokensEndAtTheNextTags) {
  const auto games = all("[White \"A\"]\n1. e4 e5\n[White \"B\"]\n1. d4\n");
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[0] && games[1]);
  EXPECT_EQ(games[0]->moves.size(), 2u);
  EXPECT_EQ(games[0]->result, "");
  EXPECT_EQ(*games[1]->tag("White"), "B");
  EXPECT_EQ(games[1]->moves.size(), 1u);
}

TEST(PgnReader, KeepsTheGamesTextAndEndsOnEmptyInput) {
  const std::string game = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 {book} e5 1-0\n";
  const auto games = all("\n\n" + game + "\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0]->text, game);
  EXPECT_TRUE(all("").empty());
  EXPECT_TRUE(all("\n \n").empty());
}

TEST(PgnReader, AnUnreadableFileIsNamed) {
  auto r = PgnReader::open("/nonexistent/games.pgn");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "/nonexistent/games.pgn: cannot open");
}

}  // namespace

namespace {

TEST(PgnReader, LinesThatAreNotUtf8AreReadAsWindows1252) {
  PgnReader r = reader_of(
      "[Event \"M\xFCller Memorial\"]\n[White \"Ljubojevi\xE6\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
      "1. e4 {\xE9tude \x80} e5 1-0\n\n[Event \"Gr\xC3\xBCnfeld\"]\n[Result \"*\"]\n\n*\n");
  auto first = r.next();
  ASSERT_TRUE(first && *first) << (first ? first->error() : "no game");
  EXPECT_EQ(*(*first)->tag("Event"), "Müller Memorial");
  EXPECT_EQ(*(*first)->tag("White"), "Ljubojeviæ");  // Latin-1 has no ć: what the byte says is kept
  ASSERT_EQ((*first)->moves.size(), 2u);
  EXPECT_EQ((*first)->moves[0].comments.at(0), "étude €");
  auto second = r.next();
  ASSERT_TRUE(second && *second);
  EXPECT_EQ(*(*second)->tag("Event"), "Grünfeld") << "a line that is UTF-8 is left as it is";
  EXPECT_EQ(r.converted_lines(), 3);
  EXPECT_EQ(r.first_converted_line(), 1);
}

TEST(PgnReader, ATagWithAControlCharacterIsAnErrorAndTheNextGameReads) {
  using namespace std::string_literals;
  PgnReader r = reader_of(
      "[Event \"x\"]\n[White \"a\0b\"]\n[Black \"B\tC\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
      "[Event \"y\"]\n[White \"A\"]\n[Black \"B\tC\"]\n[Result \"*\"]\n\n1. d4 *\n"s);
  auto first = r.next();
  ASSERT_TRUE(first);
  ASSERT_FALSE(*first);
  EXPECT_EQ(first->error(), "t.pgn:2: tag White holds a control character: \"a\\x00b\"");
  auto second = r.next();
  ASSERT_TRUE(second && *second) << (second ? second->error() : "no game");
  EXPECT_EQ(*(*second)->tag("Black"), "B C") << "a tab is read as a space";
  EXPECT_EQ((*second)->moves.size(), 1u);
}

TEST(PgnReader, AGameCutOffByALineTooLongIsAnErrorNotAGame) {
  PgnReader r = reader_of("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {" + std::string(chess::MAX_PGN_LINE + 10, 'a') + "} *\n");
  auto first = r.next();
  ASSERT_TRUE(first);
  ASSERT_FALSE(*first) << "a game of its first lines only";
  EXPECT_EQ(first->error(), "t.pgn:4: a line of more than 64 MiB: not a PGN file");
  EXPECT_FALSE(r.next());
}

}  // namespace
