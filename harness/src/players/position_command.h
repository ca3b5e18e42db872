// The UCI "position" line for a game, kept from one move to the next: a game's line grows by the
// moves played since the last one, instead of every move being written out again each move.
// (The line sent still holds the whole game, as UCI has it.)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/variant.h"

namespace harness {

class PositionCommand {
 public:
  // "position startpos|fen F [moves ...]" for the game as it stands.
  const std::string& line_for(const chess::Game& game, chess::Variant variant);

 private:
  bool continues(const chess::Game& game, chess::Variant variant, const std::string& start_fen) const;

  std::string line_;
  std::vector<chess::Move> moves_;  // the moves line_ holds
  std::string start_fen_;
  chess::Variant variant_ = chess::Variant::STANDARD;
};

}  // namespace harness
