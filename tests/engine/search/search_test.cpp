#include "search/search.h"

#include <gtest/gtest.h>

#include <random>

#include "core/movegen.h"
#include "core/uci_move.h"
#include "search/see.h"
#include "search/time_manager.h"
#include "search/versions.h"

using namespace chess;
using namespace search;

namespace {

SearchResult search_fen(const char* fen, const char* version, int depth) {
  Searcher s;
  s.set_features(find_version(version)->features);
  SearchLimits limits;
  limits.depth = depth;
  return s.run(Position::from_fen(fen).value(), {}, limits, nullptr);
}

struct MateCase {
  const char* fen;
  const char* best;
  int mate_in;
};

const MateCase MATE_CASES[] = {
    {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", 1},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1},
    {"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", "g2g1", 2},
    {"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6", 3},
};

TEST(Search, FindsMatesInEveryVersion) {
  for (const char* version : {"v0.1", "v0.11", "v0.12", "v0.2", "dev"}) {
    for (const MateCase& c : MATE_CASES) {
      SearchResult r = search_fen(c.fen, version, 2 * c.mate_in + 1);
      EXPECT_EQ(to_uci(r.best), c.best) << version << " " << c.fen;
      EXPECT_EQ(mate_in_moves(r.score), c.mate_in) << version << " " << c.fen;
    }
  }
}

TEST(Search, DeeperDevSearchesWithSingularExtensionsKeepTheMates) {
  // Depth 10 lets singular extensions (from depth 8) and the table-refined evaluation act.
  ASSERT_TRUE(find_version("dev")->features.singular_extension);
  for (const MateCase& c : MATE_CASES) {
    SearchResult r = search_fen(c.fen, "dev", 10);
    EXPECT_EQ(to_uci(r.best), c.best) << c.fen;
    EXPECT_EQ(mate_in_moves(r.score), c.mate_in) << c.fen;
  }
}

TEST(Search, ScoresStalemateAsDrawAndCheckmateAsLoss) {
  Searcher s;
  SearchLimits limits;
  limits.depth = 3;
  // Black to move has only a king move into... no: stalemated side has no move at all.
  SearchResult stalemate = s.run(Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").value(), {}, limits, nullptr);
  EXPECT_TRUE(stalemate.best.is_none());
  // Avoiding stalemate: with a queen up, White must not play Qf7 stalemating.
  SearchResult r = search_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "dev", 5);
  EXPECT_NE(to_uci(r.best), "f1f7");
  EXPECT_GT(r.score, 500);
}

TEST(Search, NeverReturnsAnIllegalMoveOnRandomPositions) {
  std::mt19937 rng(99);
  Searcher s;
  int searched = 0;
  for (int game = 0; game < 150; ++game) {
    Position pos = Position::startpos();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      if (ply % 7 == 3) {
        const char* version = search::versions()[std::size_t(game) % versions().size()].name.data();
        s.set_features(find_version(version)->features);
        SearchLimits limits;
        limits.nodes = 300;
        SearchResult r = s.run(pos, {}, limits, nullptr);
        ASSERT_TRUE(moves.contains(r.best)) << pos.fen() << " " << version << " " << to_uci(r.best);
        ++searched;
      }
      Undo undo;
      pos.do_move(moves[int(rng() % unsigned(moves.size()))], undo);
    }
  }
  EXPECT_GT(searched, 1500);
}

TEST(Search, RepetitionAgainstTheGameHistoryIsADraw) {
  // White is a rook down; Kb1 returns to a position the game has already had, so it draws.
  Position pos = Position::from_fen("6rk/8/8/8/8/8/8/K7 w - - 10 40").value();
  Position repeated = pos;
  Undo undo;
  repeated.do_move(parse_uci(pos, "a1b1"), undo);
  for (const char* version : {"v0.2", "dev"}) {
    Searcher s;
    s.set_features(find_version(version)->features);
    SearchLimits limits;
    limits.depth = 4;
    SearchResult r = s.run(pos, {repeated.key()}, limits, nullptr);
    EXPECT_EQ(to_uci(r.best), "a1b1") << version;
    EXPECT_EQ(r.score, 0) << version;
    SearchResult without = s.run(pos, {}, limits, nullptr);
    EXPECT_LT(without.score, -300) << version;
  }
}

TEST(Versions, EachAddsItsSwitches) {
  const Features& v01 = find_version("v0.1")->features;
  const Features& v011 = find_version("v0.11")->features;
  const Features& v012 = find_version("v0.12")->features;
  const Features& v02 = find_version("v0.2")->features;
  const Features& dev = find_version("dev")->features;
  EXPECT_FALSE(v01.null_move || v01.killers || v01.history || v01.time_management || v01.transposition_table);
  EXPECT_TRUE(v011.null_move && !v011.killers);
  EXPECT_TRUE(v012.null_move && v012.killers && v012.history && v012.time_management && !v012.transposition_table);
  EXPECT_TRUE(v02.transposition_table && v02.repetition && !v02.pvs);
  EXPECT_TRUE(dev.pvs && dev.late_move_reductions && dev.futility && dev.aspiration && dev.check_extension && dev.see_pruning);
  EXPECT_EQ(dev.eval, eval::EvalMode::FULL);
  EXPECT_EQ(v02.eval, eval::EvalMode::MATERIAL_PST);
  EXPECT_EQ(find_version("v0.3"), nullptr);
  EXPECT_EQ(version_names(), "v0.1, v0.11, v0.12, v0.2, dev");
}

TEST(See, CountsExchanges) {
  Position pos = Position::from_fen("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1").value();
  EXPECT_EQ(see(pos, parse_uci(pos, "e1e5")), 100);  // pawn undefended
  Position pos2 = Position::from_fen("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1").value();
  EXPECT_LT(see(pos2, parse_uci(pos2, "d3e5")), 0);  // knight takes a defended pawn
}

TEST(TranspositionTable, StoresAndReplaces) {
  TranspositionTable tt(1);
  Move m(SQ_E2, SQ_E4);
  tt.store(12345, m, 50, 6, Bound::EXACT);
  const TTEntry* e = tt.probe(12345);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(Move::from_raw(e->move), m);
  EXPECT_EQ(e->score, 50);
  EXPECT_EQ(e->depth, 6);
  EXPECT_EQ(tt.probe(54321), nullptr);
  EXPECT_EQ(e->eval, TTEntry::NO_EVAL);
  EXPECT_EQ(e->bound(), Bound::EXACT);
  // The static evaluation is kept, and survives a later store of the same position without one.
  tt.store(777, Move::none(), -20, 2, Bound::UPPER, 35);
  tt.store(777, m, 40, 3, Bound::LOWER);
  ASSERT_NE(tt.probe(777), nullptr);
  EXPECT_EQ(tt.probe(777)->eval, 35);
  EXPECT_EQ(tt.probe(777)->bound(), Bound::LOWER);
  EXPECT_EQ(Move::from_raw(tt.probe(777)->move), m);
  tt.clear();
  EXPECT_EQ(tt.probe(12345), nullptr);
}

TEST(TimeManager, SplitsTheClock) {
  TimeManager tm;
  SearchLimits limits;
  limits.time_ms[WHITE] = 60000;
  tm.start(limits, WHITE, true, 10);
  EXPECT_GT(tm.soft_ms(), 500);
  EXPECT_LE(tm.hard_ms(), 60000 / 5);
  EXPECT_LE(tm.soft_ms(), tm.hard_ms());
  limits.time_ms[WHITE] = 15;
  tm.start(limits, WHITE, true, 10);
  EXPECT_LE(tm.hard_ms(), 5);
  SearchLimits fixed;
  fixed.move_time_ms = 200;
  tm.start(fixed, BLACK, true, 10);
  EXPECT_EQ(tm.hard_ms(), 190);
  SearchLimits infinite;
  infinite.infinite = true;
  tm.start(infinite, WHITE, true, 10);
  EXPECT_EQ(tm.hard_ms(), -1);
}

TEST(TimeManager, ALowClockWithIncrementPlansLessThanTheIncrement) {
  // At 1+0.01 late in a long game: the clock must grow back, so the plan stays under 10 ms
  // even counting the move overhead of every move to come.
  TimeManager tm;
  SearchLimits limits;
  limits.increment_ms[WHITE] = 10;
  for (std::int64_t clock : {40, 100, 200}) {
    limits.time_ms[WHITE] = clock;
    tm.start(limits, WHITE, true, 10);
    EXPECT_LT(tm.soft_ms(), 10) << clock;
    EXPECT_LE(tm.hard_ms(), clock / 5 + 5) << clock;
  }
  limits.time_ms[WHITE] = 1000;
  tm.start(limits, WHITE, true, 10);
  EXPECT_GE(tm.soft_ms(), 10);  // with a full clock it does use more than the increment
}

}  // namespace
