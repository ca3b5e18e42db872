// A read PGN game as a GameRecord: the moves replayed, the opening told from the engines'
// moves, each comment as fastchess, cutechess-cli and this harness write it, the end and its
// reason, and every inconsistency an error naming the file and line.
#include "pgn/pgn_game_record.h"

#include <gtest/gtest.h>

#include <sstream>

namespace {

using harness::GameEnd;
using harness::GameRecord;
using harness::MoveRecord;

chess::Result<GameRecord> record_of(const std::string& text) {
  harness::PgnReader r(std::make_unique<std::istringstream>(text), "g.pgn");
  auto game = r.next();
  if (!game || !*game) return chess::Error{game ? game->error() : "no game"};
  return harness::game_record_from_pgn(**game, "g.pgn");
}

TEST(MoveComments, ReadsEachProgramsForm) {
  MoveRecord m;
  std::string rest;
  ASSERT_TRUE(
      harness::read_move_comment("+0.35/12 0.512s, tl=9.490s, latency=0.005s, n=123456, sd=20, nps=1000, hashfull=37, "
                                 "tbhits=0, pv=\"e2e4 e7e5\", White mates",
                                 m, rest));
  EXPECT_TRUE(m.has_score);
  EXPECT_EQ(m.score_cp, 35);
  EXPECT_EQ(m.depth, 12);
  EXPECT_EQ(m.time_ms, 512);
  EXPECT_EQ(m.clock_left_ms, 9490);
  EXPECT_EQ(m.engine_time_ms, 507);
  EXPECT_EQ(m.nodes, 123456u);
  EXPECT_EQ(m.seldepth, 20);
  EXPECT_EQ(m.nps, 1000u);
  EXPECT_EQ(m.hashfull, 37);
  EXPECT_EQ(rest, "White mates");

  MoveRecord mate;
  rest.clear();
  ASSERT_TRUE(harness::read_move_comment("-M4/20 1.2s", mate, rest));  // cutechess-cli: mated in 4 plies
  EXPECT_EQ(mate.mate_in, -2);
  EXPECT_EQ(mate.time_ms, 1200);
  ASSERT_TRUE(harness::read_move_comment("+M5/20 0s, latency=5ms", mate, rest));
  EXPECT_EQ(mate.mate_in, 3);
  EXPECT_EQ(mate.engine_time_ms, -5);

  MoveRecord unscored;
  ASSERT_TRUE(harness::read_move_comment("/0 0.005s", unscored, rest));  // fastchess without a score
  EXPECT_FALSE(unscored.has_score);
  ASSERT_TRUE(harness::read_move_comment("0.51s", unscored, rest));
  EXPECT_EQ(unscored.time_ms, 510);

  MoveRecord none;
  EXPECT_FALSE(harness::read_move_comment("book", none, rest));
  EXPECT_FALSE(harness::read_move_comment("White mates", none, rest));
  EXPECT_FALSE(harness::read_move_comment("+0.3x/2 0.1s", none, rest));
}

TEST(PgnGameRecord, AFastchessGameWithBookMovesAndItsReasonInTheLastComment) {
  auto r = record_of(
      "[Event \"Fastchess Tournament\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[TimeControl \"10+0.1\"]\n"
      "[GameStartTime \"2026-11-24T10:00:00 +0100\"]\n[Termination \"normal\"]\n\n"
      "1. f3 {book} e5 {book} 2. g4 {-1.00/5 0.010s} Qh4# {+M1/1 0.002s, Black mates} 0-1\n");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->opening.moves, (std::vector<std::string>{"f2f3", "e7e5"}));
  ASSERT_EQ(r->moves.size(), 2u);
  EXPECT_EQ(r->moves[0].uci, "g2g4");
  EXPECT_EQ(r->moves[0].score_cp, -100);
  EXPECT_EQ(r->moves[1].san, "Qh4#");
  EXPECT_EQ(r->moves[1].mate_in, 1);
  EXPECT_EQ(r->result, chess::GameResult::BLACK_WINS);
  EXPECT_EQ(r->end, GameEnd::MATE);
  EXPECT_EQ(r->reason, "Black mates");
  EXPECT_EQ(r->time_control, "10+0.1");
  EXPECT_EQ(r->started_at, "2026-11-24T10:00:00Z");
}

TEST(PgnGameRecord, ThisHarnesssBookMarkAndReasonCommentAndForeignEnds) {
  auto r = record_of(
      "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Termination \"abandoned\"]\n\n"
      "1. e4 e5 {book} 2. Nf3 {+0.20/8 0.100s} Nc6 {-0.10/8 0.100s} {Black's connection stalls} 1-0\n");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->opening.moves.size(), 2u);
  EXPECT_EQ(r->moves.size(), 2u);
  EXPECT_EQ(r->end, GameEnd::STALL);
  EXPECT_EQ(r->reason, "Black's connection stalls");
  auto cute =
      record_of("[White \"A\"]\n[Black \"B\"]\n\n1. e4 {+0.1/1 0.1s} e5 {-0.1/1 0.1s} {Draw by 3-fold repetition} 1/2-1/2\n");
  ASSERT_TRUE(cute) << cute.error();
  EXPECT_EQ(cute->end, GameEnd::REPETITION);
}

TEST(PgnGameRecord, InconsistentGamesAreErrorsByLine) {
  auto illegal = record_of("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5\n2. Ke3 1-0\n");
  ASSERT_FALSE(illegal);
  EXPECT_EQ(illegal.error().rfind("g.pgn:5: 'Ke3' is no legal move", 0), 0u) << illegal.error();
  auto unfinished = record_of("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n");
  ASSERT_FALSE(unfinished);
  EXPECT_EQ(unfinished.error(), "g.pgn:1: an unfinished game (result '*')");
  auto differs = record_of("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 0-1\n");
  ASSERT_FALSE(differs);
  EXPECT_EQ(differs.error(), "g.pgn:1: the result 0-1 differs from the Result tag 1-0");
  auto contradicts = record_of("[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
  ASSERT_FALSE(contradicts);
  EXPECT_EQ(contradicts.error(), "g.pgn:1: the result 1-0 contradicts the final position (checkmate)");
  auto nameless = record_of("[White \"A\"]\n\n1. e4 1-0\n");
  ASSERT_FALSE(nameless);
  EXPECT_EQ(nameless.error(), "g.pgn:1: a game needs White and Black tags naming its players");
  auto variant = record_of("[White \"A\"]\n[Black \"B\"]\n[Variant \"atomic\"]\n\n1. e4 1-0\n");
  ASSERT_FALSE(variant);
  EXPECT_EQ(variant.error(), "g.pgn:1: variant 'atomic' is not chess or Chess960");
}

}  // namespace
