#include "core/game.h"

#include <gtest/gtest.h>

using namespace chess;

namespace {

Game game_from(const char* fen) { return Game(Position::from_fen(fen).value()); }

void play_all(Game& g, std::initializer_list<const char*> moves) {
  for (const char* m : moves) ASSERT_TRUE(g.play_uci(m)) << m;
}

TEST(Game, DetectsCheckmate) {
  Game g;
  play_all(g, {"f2f3", "e7e5", "g2g4", "d8h4"});
  EXPECT_EQ(g.outcome(), (Outcome{GameResult::BLACK_WINS, Termination::CHECKMATE}));
}

TEST(Game, DetectsStalemate) {
  Game g = game_from("7k/8/6QK/8/8/8/8/8 w - - 0 1");
  play_all(g, {"g6f7"});
  EXPECT_EQ(g.outcome(), (Outcome{GameResult::DRAW, Termination::STALEMATE}));
}

TEST(Game, DetectsThreefoldRepetitionOnTheThirdOccurrence) {
  Game g;
  play_all(g, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
  EXPECT_EQ(g.outcome().termination, Termination::NONE);
  play_all(g, {"f6g8"});
  EXPECT_EQ(g.repetition_count(), 3);
  EXPECT_EQ(g.outcome(), (Outcome{GameResult::DRAW, Termination::THREEFOLD_REPETITION}));
}

TEST(Game, RepetitionNeedsTheSameCastlingRights) {
  Game g = game_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play_all(g, {"e1f1", "e8f8", "f1e1", "f8e8", "e1f1", "e8f8", "f1e1", "f8e8"});
  // The first position had castling rights, the later ones do not: only two equal ones.
  EXPECT_EQ(g.repetition_count(), 2);
  EXPECT_EQ(g.outcome().termination, Termination::NONE);
}

TEST(Game, DetectsFiftyMoveRule) {
  Game g = game_from("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  EXPECT_EQ(g.outcome().termination, Termination::NONE);
  play_all(g, {"a1a2"});
  EXPECT_EQ(g.outcome(), (Outcome{GameResult::DRAW, Termination::FIFTY_MOVE_RULE}));
}

TEST(Game, CheckmateOnTheHundredthHalfMoveIsCheckmate) {
  Game g = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
  play_all(g, {"a1a8"});
  EXPECT_EQ(g.outcome(), (Outcome{GameResult::WHITE_WINS, Termination::CHECKMATE}));
}

TEST(Game, DetectsInsufficientMaterial) {
  for (const char* fen : {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
                          "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"})
    EXPECT_TRUE(insufficient_material(Position::from_fen(fen).value())) << fen;
  for (const char* fen : {"4k3/8/8/8/8/8/8/4KNN1 w - - 0 1", "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1",
                          "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "4kn2/8/8/8/8/8/8/4KB2 w - - 0 1"})
    EXPECT_FALSE(insufficient_material(Position::from_fen(fen).value())) << fen;
  Game g = game_from("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
  play_all(g, {"e1d2"});
  EXPECT_EQ(g.outcome(), (Outcome{GameResult::DRAW, Termination::INSUFFICIENT_MATERIAL}));
}

TEST(Game, RejectsIllegalMovesWithoutChangingTheGame) {
  Game g;
  EXPECT_FALSE(g.play_uci("e2e5"));
  EXPECT_FALSE(g.play_san("Nf6"));
  EXPECT_TRUE(g.moves().empty());
  EXPECT_TRUE(g.play_san("e4"));
  g.undo();
  EXPECT_EQ(g.position().fen(), std::string(START_FEN));
}

TEST(Game, ResultAndTerminationStrings) {
  EXPECT_EQ(result_string(GameResult::WHITE_WINS), "1-0");
  EXPECT_EQ(result_string(GameResult::DRAW), "1/2-1/2");
  EXPECT_EQ(termination_string(Termination::THREEFOLD_REPETITION), "threefold repetition");
}

}  // namespace
