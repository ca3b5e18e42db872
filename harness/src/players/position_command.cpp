#include "players/position_command.h"

#include <algorithm>

#include "core/uci_move.h"

namespace harness {

// The same start position (by its FEN: the key leaves out the counters, a Chess960 right's rook
// and an en-passant square no pawn can take) and the moves sent before as the first of the game's.
bool PositionCommand::continues(const chess::Game& game, chess::Variant variant, const std::string& start_fen) const {
  if (line_.empty() || variant != variant_ || start_fen != start_fen_ || game.moves().size() < moves_.size()) return false;
  return std::equal(moves_.begin(), moves_.end(), game.moves().begin());
}

const std::string& PositionCommand::line_for(const chess::Game& game, chess::Variant variant) {
  const std::string start_fen = game.start_position().fen();
  if (!continues(game, variant, start_fen)) {
    line_ = start_fen == chess::START_FEN ? "position startpos" : "position fen " + start_fen;
    moves_.clear();
    start_fen_ = start_fen;
    variant_ = variant;
  }
  for (std::size_t i = moves_.size(); i < game.moves().size(); ++i) {
    if (moves_.empty()) line_ += " moves";
    moves_.push_back(game.moves()[i]);
    line_ += ' ';
    line_ += chess::to_uci(moves_.back(), variant);
  }
  return line_;
}

}  // namespace harness
