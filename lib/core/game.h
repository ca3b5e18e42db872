// Game: a start position and the moves played from it, refereed by the rules of chess.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "result.h"
#include "variant.h"

namespace chess {

enum class GameResult { ONGOING, WHITE_WINS, BLACK_WINS, DRAW };
enum class Termination { NONE, CHECKMATE, STALEMATE, THREEFOLD_REPETITION, FIFTY_MOVE_RULE, INSUFFICIENT_MATERIAL };

struct Outcome {
  GameResult result = GameResult::ONGOING;
  Termination termination = Termination::NONE;
  bool operator==(const Outcome&) const = default;
};

std::string_view result_string(GameResult r);        // "1-0", "0-1", "1/2-1/2", "*"
std::string_view termination_string(Termination t);  // "checkmate", "threefold repetition", ...

// True when neither side can possibly mate: no pawns, rooks or queens, and at most one minor
// piece on the board or only bishops all standing on squares of one colour.
bool insufficient_material(const Position& pos);

class Game {
 public:
  explicit Game(const Position& start = Position::startpos());

  const Position& position() const { return pos_; }
  const Position& start_position() const { return start_; }
  const std::vector<Move>& moves() const { return moves_; }

  // Plays a move if it is legal; returns false and changes nothing otherwise.
  bool play(Move m);
  Result<Move> play_uci(std::string_view text, Variant variant = Variant::STANDARD);
  Result<Move> play_san(std::string_view text);
  void undo();

  // How often the current position has occurred, counting the present one.
  int repetition_count() const;
  // The game's outcome by the rules alone; draws are applied automatically as a referee does.
  Outcome outcome() const;

 private:
  Position start_;
  Position pos_;
  std::vector<Move> moves_;
  std::vector<Undo> undos_;
  std::vector<Key> keys_;  // key of every position so far, the current one last
};

}  // namespace chess
