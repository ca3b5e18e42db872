// The "position" line kept from move to move equals the line written from scratch, whatever the
// next request is: the same game one move on, another game, another start, a ponder guess.
#include "players/position_command.h"

#include <gtest/gtest.h>

#include <random>

#include "core/movegen.h"
#include "core/uci_move.h"

namespace {

using harness::PositionCommand;

// The line as the harness wrote it before: from the start position, every move.
std::string from_scratch(const chess::Game& game, chess::Variant variant = chess::Variant::STANDARD) {
  const std::string fen = game.start_position().fen();
  std::string line = fen == chess::START_FEN ? "position startpos" : "position fen " + fen;
  if (!game.moves().empty()) line += " moves";
  for (chess::Move m : game.moves()) line += " " + chess::to_uci(m, variant);
  return line;
}

chess::Game from_fen(const std::string& fen) { return chess::Game(chess::Position::from_fen(fen).value()); }

TEST(PositionCommand, AGameGrowsItsLineMoveByMove) {
  PositionCommand command;
  chess::Game game;
  EXPECT_EQ(command.line_for(game, chess::Variant::STANDARD), "position startpos");
  ASSERT_TRUE(game.play_uci("e2e4"));
  EXPECT_EQ(command.line_for(game, chess::Variant::STANDARD), "position startpos moves e2e4");
  ASSERT_TRUE(game.play_uci("e7e5"));
  ASSERT_TRUE(game.play_uci("g1f3"));
  EXPECT_EQ(command.line_for(game, chess::Variant::STANDARD), "position startpos moves e2e4 e7e5 g1f3");
}

TEST(PositionCommand, EqualsTheLineWrittenFromScratchOverRandomGames) {
  PositionCommand command;
  std::mt19937 rng(7);
  for (int g = 0; g < 20; ++g) {
    chess::Game game = g % 2 ? chess::Game() : from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (int ply = 0; ply < 80 && game.outcome().result == chess::GameResult::ONGOING; ++ply) {
      ASSERT_EQ(command.line_for(game, chess::Variant::STANDARD), from_scratch(game)) << "game " << g << " ply " << ply;
      const auto moves = chess::legal_moves(game.position());
      if (moves.empty()) break;
      game.play(moves[int(rng() % unsigned(moves.size()))]);
    }
  }
}

TEST(PositionCommand, AnotherGameOrStartIsWrittenAgain) {
  PositionCommand command;
  chess::Game first;
  ASSERT_TRUE(first.play_uci("e2e4"));
  command.line_for(first, chess::Variant::STANDARD);
  chess::Game second;  // the same start, another first move
  ASSERT_TRUE(second.play_uci("d2d4"));
  EXPECT_EQ(command.line_for(second, chess::Variant::STANDARD), "position startpos moves d2d4");
  // One position, two fifty-move counts: the key is the same, the line is not.
  const chess::Game counted = from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 40 61");
  EXPECT_EQ(command.line_for(from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"), chess::Variant::STANDARD),
            "position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
  EXPECT_EQ(command.line_for(counted, chess::Variant::STANDARD), "position fen 8/8/8/4k3/8/8/8/R3K3 w - - 40 61");
  // An en-passant square no pawn can take, and a Chess960 right held by another rook: the key
  // leaves both out; the line is the one written from scratch.
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "1r2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1",
                          "1r2k3/8/8/8/8/8/8/RR2K3 w Bq - 0 1"}) {
    const chess::Game game = from_fen(fen);
    EXPECT_EQ(command.line_for(game, chess::Variant::FISCHERANDOM), from_scratch(game, chess::Variant::FISCHERANDOM)) << fen;
  }
}

TEST(PositionCommand, APonderGuessThatMissesIsTakenBack) {
  PositionCommand command;
  chess::Game game;
  ASSERT_TRUE(game.play_uci("e2e4"));
  chess::Game guess = game;  // pondering on the expected reply
  ASSERT_TRUE(guess.play_uci("e7e5"));
  EXPECT_EQ(command.line_for(guess, chess::Variant::STANDARD), "position startpos moves e2e4 e7e5");
  ASSERT_TRUE(game.play_uci("c7c5"));  // the reply played
  EXPECT_EQ(command.line_for(game, chess::Variant::STANDARD), "position startpos moves e2e4 c7c5");
}

TEST(PositionCommand, Chess960CastlingIsWrittenForTheVariant) {
  PositionCommand command;
  // Castling with the b-file rook: king takes rook (e1b1) in Chess960, the king's step (e1c1) in standard UCI.
  chess::Game game = from_fen("1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1");
  ASSERT_TRUE(game.play_uci("e1b1", chess::Variant::FISCHERANDOM));
  EXPECT_EQ(command.line_for(game, chess::Variant::FISCHERANDOM),
            "position fen 1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1 moves e1b1");  // X-FEN: outermost rooks
  EXPECT_EQ(command.line_for(game, chess::Variant::STANDARD), from_scratch(game, chess::Variant::STANDARD));
}

}  // namespace
