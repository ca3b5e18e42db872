#include "search/pv_end.h"

#include <gtest/gtest.h>

#include "core/game.h"
#include "core/uci_move.h"

namespace {

// The keys of a game's positions up to its last, and the line `pv` (UCI) from there.
struct Line {
  chess::Position root = chess::Position::startpos();
  std::vector<chess::Key> history;
  std::vector<chess::Move> pv;
};

Line line_after(std::string_view fen, const std::vector<std::string>& played, const std::vector<std::string>& pv) {
  chess::Game game(chess::Position::from_fen(fen).value());
  Line l;
  l.history.push_back(game.position().key());
  for (const std::string& m : played) {
    EXPECT_TRUE(game.play_uci(m)) << m;
    l.history.push_back(game.position().key());
  }
  l.root = game.position();
  chess::Position pos = l.root;
  for (const std::string& m : pv) {
    const chess::Move move = chess::parse_uci(pos, m);
    EXPECT_FALSE(move.is_none()) << m;
    chess::Undo undo;
    pos.do_move(move, undo);
    l.pv.push_back(move);
  }
  return l;
}

TEST(PvEnd, ALineEndsWithTheMoveThatRepeatsAPositionAThirdTime) {
  // The start position has stood twice; g8 for the knight stands it a third time.
  const Line l = line_after(chess::START_FEN, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"},
                            {"f6g8", "g1f3", "g8f6", "f3g1"});
  const auto cut = search::pv_until_game_ends(l.root, l.history, l.pv);
  ASSERT_EQ(cut.size(), 1u);
  EXPECT_EQ(chess::to_uci(cut[0]), "f6g8");
}

TEST(PvEnd, ARepetitionWithinTheLineItselfCountsToo) {
  const Line l = line_after(chess::START_FEN, {}, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "e2e4"});
  EXPECT_EQ(search::pv_until_game_ends(l.root, l.history, l.pv).size(), 8u);
}

TEST(PvEnd, ALineEndsWithTheMoveThatReachesTheFiftyMoveRule) {
  const Line l = line_after("8/8/8/4k3/8/8/4K3/R7 w - - 98 80", {}, {"a1a2", "e5e6", "a2a3", "e6e5"});
  const auto cut = search::pv_until_game_ends(l.root, l.history, l.pv);
  EXPECT_EQ(cut.size(), 2u) << "the 100th ply since a capture or pawn move ends it";
}

TEST(PvEnd, ALineThatEndsNowhereIsKept) {
  const Line l = line_after(chess::START_FEN, {}, {"e2e4", "e7e5", "g1f3", "b8c6"});
  EXPECT_EQ(search::pv_until_game_ends(l.root, l.history, l.pv).size(), 4u);
}

}  // namespace
