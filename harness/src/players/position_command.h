// The UCI "position" line for a game, kept from one move to the next: a game's line grows by the
// moves played since the last one, instead of being written again from the start position each
// move (a cost that grew with the square of the game's length, per engine).
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
  bool continues(const chess::Game& game, chess::Variant variant) const;

  std::string line_;
  std::vector<chess::Move> moves_;  // the moves line_ holds
  chess::Key start_key_ = 0;
  int start_rule50_ = -1, start_ply_ = -1;
  chess::Variant variant_ = chess::Variant::STANDARD;
};

}  // namespace harness
