#include "players/position_command.h"

#include <algorithm>

#include "core/uci_move.h"

namespace harness {

// The same start position (its key and counters, which the key leaves out) and the moves sent
// before as the first of the game's.
bool PositionCommand::continues(const chess::Game& game, chess::Variant variant) const {
  const chess::Position& start = game.start_position();
  if (line_.empty() || variant != variant_ || start.key() != start_key_ || start.rule50() != start_rule50_ ||
      start.game_ply() != start_ply_ || game.moves().size() < moves_.size())
    return false;
  return std::equal(moves_.begin(), moves_.end(), game.moves().begin());
}

const std::string& PositionCommand::line_for(const chess::Game& game, chess::Variant variant) {
  if (!continues(game, variant)) {
    const chess::Position& start = game.start_position();
    const std::string fen = start.fen();
    line_ = fen == chess::START_FEN ? "position startpos" : "position fen " + fen;
    moves_.clear();
    start_key_ = start.key();
    start_rule50_ = start.rule50();
    start_ply_ = start.game_ply();
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
