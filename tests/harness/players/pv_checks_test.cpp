#include "players/pv_checks.h"

#include <gtest/gtest.h>

namespace {

chess::Game game_after(const std::string& fen, const std::vector<std::string>& moves) {
  chess::Game g(fen.empty() ? chess::Position::startpos() : chess::Position::from_fen(fen).value());
  for (const std::string& m : moves) EXPECT_TRUE(g.play_uci(m)) << m;
  return g;
}

std::optional<harness::PvWarning> check(chess::Game g, const std::string& line, bool mate_pvs = false) {
  const std::size_t before = g.moves().size();
  auto found = harness::check_pv_line(g, line, chess::Variant::STANDARD, mate_pvs);
  EXPECT_EQ(g.moves().size(), before) << "the PV's moves are taken back";
  return found;
}

void expect_fault(const std::optional<harness::PvWarning>& w, harness::PvFault fault, const std::string& move) {
  ASSERT_TRUE(w);
  EXPECT_EQ(w->fault, fault);
  EXPECT_EQ(w->move, move);
}

TEST(PvChecks, AnIllegalMoveIsNamed) {
  expect_fault(check(game_after("", {}), "info depth 2 score cp 10 pv e2e4 e2e4"), harness::PvFault::ILLEGAL_MOVE, "e2e4");
  EXPECT_FALSE(check(game_after("", {}), "info depth 2 score cp 10 pv e2e4 e7e5 g1f3"));
}

TEST(PvChecks, APvThatGoesOnAfterTheGameWouldEndIsNamedAtTheMoveAfterTheEnd) {
  const chess::Game fools = game_after("", {"f2f3", "e7e5", "g2g4"});
  expect_fault(check(fools, "info depth 3 score mate 1 pv d8h4 a2a3"), harness::PvFault::AFTER_CHECKMATE, "a2a3");
  expect_fault(check(game_after("k7/8/8/1Q6/8/8/8/7K w - - 0 1", {}), "info depth 3 score cp 0 pv b5b6 a8a7"),
               harness::PvFault::AFTER_STALEMATE, "a8a7");
  // The game's own history counts: the start position comes a third time after the PV's fourth ply.
  const chess::Game knights = game_after("", {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"});
  expect_fault(check(knights, "info depth 5 score cp 0 pv f3g1 f6g8 g1f3"), harness::PvFault::AFTER_THREEFOLD, "g1f3");
  expect_fault(check(game_after("8/8/8/8/8/8/8/K6k w - - 99 80", {}), "info depth 2 score cp 0 pv a1a2 h1h2"),
               harness::PvFault::AFTER_FIFTY_MOVES, "h1h2");
}

TEST(PvChecks, MatingPvsAreCheckedOnlyWhenAskedAndNeverOnABound) {
  const chess::Game fools = game_after("", {"f2f3", "e7e5", "g2g4"});
  EXPECT_FALSE(check(fools, "info depth 3 score mate 1 pv d8h4", true));
  expect_fault(check(fools, "info depth 3 score mate 2 pv d8h4", true), harness::PvFault::INCOMPLETE_MATE, "");
  expect_fault(check(fools, "info depth 3 score mate 1 pv b8c6 a2a3", true), harness::PvFault::TOO_LONG_MATE, "");
  expect_fault(check(fools, "info depth 3 score mate 1 pv d8e7", true), harness::PvFault::MATE_NOT_CHECKMATE, "");
  EXPECT_FALSE(check(fools, "info depth 3 score mate 1 pv d8e7", false));
  EXPECT_FALSE(check(fools, "info depth 3 score mate 2 lowerbound pv d8h4", true));
  // Being mated in 1 (-1): two plies, the engine's move and the mate.
  const chess::Game mated = game_after("", {"f2f3", "e7e5"});
  EXPECT_FALSE(check(mated, "info depth 3 score mate -1 pv g2g4 d8h4", true));
}

TEST(PvChecks, OnlyInfoLinesWithAScoreAreReadAndThePvEndsAtAWordThatIsNoMove) {
  const chess::Game start = game_after("", {});
  EXPECT_FALSE(check(start, "info string pv e2e5 score cp 1"));
  EXPECT_FALSE(check(start, "info depth 1 nodes 10 pv e2e5"));
  EXPECT_FALSE(check(start, "info depth 1 score cp 3 pv e2e4 banana e2e4"));
}

TEST(PvChecks, WarningsAreWordedAsFastchessWordsThem) {
  EXPECT_EQ(harness::pv_warning_text({harness::PvFault::ILLEGAL_MOVE, "e2e5", ""}, "dev"),
            "Warning; Illegal PV move - move e2e5 from dev");
  EXPECT_EQ(harness::pv_warning_text({harness::PvFault::AFTER_FIFTY_MOVES, "h1h2", ""}, "dev"),
            "Warning; PV continues after fifty-move rule - move h1h2 from dev");
  EXPECT_EQ(harness::pv_warning_text({harness::PvFault::MATE_NOT_CHECKMATE, "", ""}, "dev"),
            "Warning; Mating PV does not end with checkmate - from dev");
}

TEST(PvChecks, ACheckerReadsARepeatedLineOnceAndKeepsABoundedNumber) {
  harness::PvChecker checker(game_after("", {}), chess::Variant::STANDARD, false);
  for (int i = 0; i < 1000; ++i) checker.line("info depth 1 score cp 0 pv e2e5");
  EXPECT_EQ(checker.take().size(), 1u);
  harness::PvChecker many(game_after("", {}), chess::Variant::STANDARD, false);
  for (int i = 0; i < 1000; ++i) many.line("info depth 1 score cp " + std::to_string(i) + " pv e2e5");
  EXPECT_EQ(many.take().size(), harness::PvChecker::MAX_KEPT);
}

TEST(PvChecks, AScoreIsReadAsFastchessReadsIt) {
  EXPECT_FALSE(harness::score_problem("info depth 3 score cp -12 pv e2e4"));
  EXPECT_FALSE(harness::score_problem("info depth 3 score mate -2 pv e2e4"));
  EXPECT_EQ(harness::score_problem("info depth 3 pv e2e4 score cp 1"), "Element 'score' not found");
  EXPECT_EQ(harness::score_problem("info depth 3 score"), "Element 'score' has no type or value");
  EXPECT_EQ(harness::score_problem("info depth 3 score wdl 10"), "Unexpected score type: info depth 3 score wdl 10");
  EXPECT_EQ(harness::score_problem("info depth 3 score cp 1.5"), "Invalid score value: 1.5");
}

TEST(PvChecks, AnEngineThatWroteLinesButNoScoreIsNamedWhenItsMoveIsIn) {
  auto finished = [](const std::vector<std::string>& lines) {
    harness::PvChecker checker(game_after("", {}), chess::Variant::STANDARD, false);
    for (const std::string& l : lines) checker.line(l);
    checker.finish();
    return checker.take();
  };
  EXPECT_TRUE(finished({}).empty()) << "only a bestmove: nothing is checked";
  auto none = finished({"info string hello", "info depth 1 nodes 20"});
  ASSERT_EQ(none.size(), 1u);
  EXPECT_EQ(harness::pv_warning_text(none[0], "dev"), "Warning; No info line available to extract score from engine dev");
  auto unreadable = finished({"info depth 1 score cp x"});
  ASSERT_EQ(unreadable.size(), 1u);
  EXPECT_EQ(harness::pv_warning_text(unreadable[0], "dev"),
            "Warning; Could not extract score from engine dev: Invalid score value: x");
  // The last line of multipv 1 counts: a later multipv 2 line does not hide a good score.
  EXPECT_TRUE(finished({"info depth 2 multipv 1 score cp 5 pv e2e4", "info depth 2 multipv 2 score cp x pv d2d4"}).empty());
}

}  // namespace
