// Writes a finished game as PGN with the standard tags and "{+0.35/12 0.51s}" move comments.
#pragma once

#include <string>

#include "game_record.h"

namespace harness {

struct PgnContext {
  std::string event = "Workbench match";
  std::string site = "?";
  std::string round = "?";
};

std::string to_pgn(const GameRecord& record, const PgnContext& context);

// "+0.35/12 0.51s", "-M3/20 1.20s", "0.51s" when the engine gave no score.
std::string move_comment(const MoveRecord& m);

}  // namespace harness
