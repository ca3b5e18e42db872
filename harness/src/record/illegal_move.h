// The move of a game lost by an illegal move, as the warnings of fastchess name it.
#pragma once

#include <string>

#include "record/game_record.h"

namespace harness {

// The move the reason ends with ("Black makes an illegal move: e7e9"), or "<none>".
std::string illegal_move_text(const GameRecord& g);
// fastchess's uci::isUciMove: four or five characters, a-h and 1-8 squares, a lowercase
// promotion piece.
bool is_uci_move_text(const std::string& move);
// The engine that made it: the side the result is against.
const std::string& illegal_mover(const GameRecord& g);

}  // namespace harness
