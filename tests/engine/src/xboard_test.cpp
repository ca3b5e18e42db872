// xboard/CECP v2 conversations with the engine binary over real pipes.
#include <gtest/gtest.h>

#include "core/game.h"
#include "core/uci_move.h"
#include "support/engine_session.h"

using namespace std::chrono_literals;
using testing_support::EngineSession;

namespace {

void handshake(EngineSession& e) {
  e.send("xboard");
  e.send("protover 2");
  ASSERT_FALSE(e.wait_for([](const std::string& l) { return l.find("done=1") != std::string::npos; }, 5s).empty());
}

std::string move_of(const std::string& line) { return line.size() > 5 ? line.substr(5) : ""; }

TEST(Xboard, FeaturesAndPing) {
  EngineSession e(ENGINE_PATH);
  handshake(e);
  for (const char* f : {"setboard=1", "usermove=1", "ping=1", "sigint=0", "sigterm=0", "done=1"}) EXPECT_TRUE(e.saw(f)) << f;
  e.send("ping 42");
  EXPECT_EQ(e.wait_for_prefix("pong"), "pong 42");
}

TEST(Xboard, RepliesToAUserMoveAndKeepsTheGame) {
  EngineSession e(ENGINE_PATH);
  handshake(e);
  e.send("new");
  e.send("sd 4");
  e.send("post");
  e.send("usermove e2e4");
  std::string reply = e.wait_for_prefix("move ");
  chess::Game game;
  ASSERT_TRUE(game.play_uci("e2e4"));
  ASSERT_TRUE(game.play_uci(move_of(reply))) << reply;
  EXPECT_TRUE(e.saw("4 "));  // thinking output: "ply score time nodes pv"
  e.send("usermove g1f3");
  reply = e.wait_for_prefix("move ");
  ASSERT_TRUE(game.play_uci("g1f3"));
  EXPECT_TRUE(game.play_uci(move_of(reply))) << reply;
}

TEST(Xboard, ForceModeOnlyRecordsMovesAndGoStartsThinking) {
  EngineSession e(ENGINE_PATH);
  handshake(e);
  e.send("new");
  e.send("force");
  e.send("usermove e2e4");
  e.send("usermove e7e5");
  e.send("ping 1");
  e.wait_for_prefix("pong 1");
  EXPECT_FALSE(e.saw("move "));
  e.send("st 1");
  e.send("go");
  std::string reply = e.wait_for_prefix("move ", 5s);
  chess::Game game;
  ASSERT_TRUE(game.play_uci("e2e4"));
  ASSERT_TRUE(game.play_uci("e7e5"));
  EXPECT_TRUE(game.play_uci(move_of(reply))) << reply;
}

TEST(Xboard, SetboardUndoRemoveAndLevel) {
  EngineSession e(ENGINE_PATH);
  handshake(e);
  e.send("new");
  e.send("force");
  e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  e.send("level 40 0:30 0");
  e.send("time 3000");
  e.send("otim 3000");
  e.send("go");
  EXPECT_EQ(e.wait_for_prefix("move ", 10s), "move a1a8");
  e.send("force");
  e.send("remove");
  e.send("undo");
  e.send("usermove a1b1");  // a1a8 was taken back (remove takes two, undo one, of which only one existed)
  e.send("ping 2");
  e.wait_for_prefix("pong 2");
  EXPECT_FALSE(e.saw("Illegal move"));
}

TEST(Xboard, BadInputGetsErrorsAndTheEngineStaysUsable) {
  EngineSession e(ENGINE_PATH);
  handshake(e);
  e.send("new");
  e.send("force");
  e.send("usermove e2e5");
  e.send("setboard 8/8/8 w - - 0 1");
  e.send("frobnicate");
  e.send("level forty 5 0");
  e.send("sd deep");
  e.send("ping 3");
  e.wait_for_prefix("pong 3");
  EXPECT_TRUE(e.saw("Illegal move: e2e5"));
  EXPECT_TRUE(e.saw("Error (invalid FEN"));
  EXPECT_TRUE(e.saw("Error (unknown command): frobnicate"));
  EXPECT_TRUE(e.saw("Error (expected 'level MPS BASE INC')"));
  EXPECT_TRUE(e.saw("Error (needs a number from 0 to 1000000000): sd"));
  e.send("sd 3");
  e.send("go");
  EXPECT_FALSE(e.wait_for_prefix("move ", 10s).empty());
}

TEST(Xboard, QuitEndsTheEngine) {
  EngineSession e(ENGINE_PATH);
  handshake(e);
  e.send("quit");
  EXPECT_EQ(e.process().stop(2000ms), 0);
}

}  // namespace

namespace {

// xboard's variant fischerandom: declared in the features, set after new, and castling is
// written O-O / O-O-O both ways.
TEST(Xboard, FischerandomCastlesAsOO) {
  EngineSession e(ENGINE_PATH);
  handshake(e);
  EXPECT_TRUE(e.saw("variants=\"normal,fischerandom\""));
  e.send("new");
  e.send("variant fischerandom");
  e.send("force");
  e.send("setboard 1k6/8/8/8/8/8/8/RK5R w HA - 0 1");
  e.send("usermove O-O-O");
  e.send("setboard 1k6/8/8/8/8/8/8/RK5R w HA - 0 1");
  e.send("ping 1");
  e.wait_for_prefix("pong");
  EXPECT_FALSE(e.saw("Illegal move")) << "O-O-O was refused";
  // Black to move with castling as the only move that keeps the rook: the engine's move is legal.
  e.send("setboard rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1");
  e.send("sd 3");
  e.send("go");
  std::string reply = e.wait_for_prefix("move ", 60s);
  chess::Position pos = chess::Position::from_fen("rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1").value();
  const std::string text = move_of(reply);
  const bool legal = !chess::parse_uci(pos, text, chess::Variant::FISCHERANDOM).is_none() || text == "O-O" || text == "O-O-O";
  EXPECT_TRUE(legal) << reply;
  EXPECT_NE(text, "b8a8");  // castling is never written as a king move in xboard's Chess960
  e.send("variant crazyhouse");
  EXPECT_EQ(e.wait_for_prefix("Error"), "Error (unsupported variant): crazyhouse");
}

}  // namespace
