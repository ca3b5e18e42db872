#include "record/termination.h"

#include <gtest/gtest.h>

#include "stats/terminations.h"

namespace {

using harness::GameEnd;

TEST(GameEnd, EveryEndHasItsOwnNameAndReadsBack) {
  for (int k = 0; k < harness::GAME_ENDS; ++k) {
    const GameEnd end = GameEnd(k);
    EXPECT_EQ(harness::parse_game_end(harness::game_end_name(end)), end) << harness::game_end_name(end);
    for (int other = 0; other < k; ++other) EXPECT_STRNE(harness::game_end_name(end), harness::game_end_name(GameEnd(other)));
  }
  EXPECT_FALSE(harness::parse_game_end("checkmate"));
}

TEST(GameEnd, PgnTerminationTagsAreTheStandardOnes) {
  EXPECT_STREQ(harness::pgn_termination(GameEnd::MATE), "normal");
  EXPECT_STREQ(harness::pgn_termination(GameEnd::ADJUDICATED_TABLEBASE), "adjudication");
  EXPECT_STREQ(harness::pgn_termination(GameEnd::STALL), "time forfeit");
  EXPECT_STREQ(harness::pgn_termination(GameEnd::CRASH), "abandoned");
  EXPECT_STREQ(harness::pgn_termination(GameEnd::ILLEGAL_MOVE), "rules infraction");
}

// The words OpenBench's client, fishtest's worker and tuning scripts look for in a reason.
TEST(GameEnd, ReasonsCarryTheWordsClientsMatch) {
  EXPECT_EQ(harness::end_reason(GameEnd::MATE, chess::WHITE), "White mates");
  EXPECT_EQ(harness::end_reason(GameEnd::TIME, chess::BLACK), "Black loses on time");
  EXPECT_EQ(harness::end_reason(GameEnd::STALL, chess::WHITE), "White loses on time (no move)");
  EXPECT_EQ(harness::end_reason(GameEnd::CRASH, chess::BLACK), "Black disconnects");
  EXPECT_EQ(harness::end_reason(GameEnd::ILLEGAL_MOVE, chess::WHITE, "e1e8"), "White makes an illegal move: e1e8");
  EXPECT_EQ(harness::end_reason(GameEnd::ADJUDICATED_RESIGN, chess::BLACK), "Black resigns (adjudication)");
  EXPECT_EQ(harness::end_reason(GameEnd::ADJUDICATED_DRAW, chess::BLACK, "scores within 10 cp"),
            "draw adjudication: scores within 10 cp");
}

// Games stored before ends had names: every reason the harness ever wrote reads as its end.
TEST(GameEnd, OldStoredReasonsReadAsTheirEnd) {
  for (int k = 0; k < harness::GAME_ENDS - 1; ++k) {
    const GameEnd end = GameEnd(k);
    std::string detail = end == GameEnd::ADJUDICATED_TABLEBASE ? "White wins by the tablebase (Syzygy)"
                         : end == GameEnd::ADJUDICATED_DRAW    ? "scores within 10 cp"
                                                               : "e1e8";
    if (end == GameEnd::CRASH) detail = "";
    EXPECT_EQ(harness::game_end_from_text(harness::pgn_termination(end), harness::end_reason(end, chess::WHITE, detail)), end)
        << harness::game_end_name(end);
  }
  EXPECT_EQ(harness::game_end_from_text("abandoned", "White writes a line of more than 1 MiB"), GameEnd::CRASH);
  EXPECT_EQ(harness::game_end_from_text("normal", "something new"), GameEnd::UNKNOWN);
}

TEST(Terminations, TheSummaryCountsEndsAndLosers) {
  const std::string s = harness::terminations_summary({{"a", "b", "1-0", GameEnd::MATE},
                                                       {"b", "a", "1-0", GameEnd::MATE},
                                                       {"a", "b", "0-1", GameEnd::TIME},
                                                       {"b", "a", "1/2-1/2", GameEnd::REPETITION}});
  EXPECT_NE(s.find("mate                        2   lost by a 1, b 1"), std::string::npos) << s;
  EXPECT_NE(s.find("time forfeit                1   lost by a 1"), std::string::npos) << s;
  EXPECT_NE(s.find("threefold repetition        1\n"), std::string::npos) << s;
  EXPECT_EQ(s.find("illegal"), std::string::npos) << s;
}

}  // namespace
