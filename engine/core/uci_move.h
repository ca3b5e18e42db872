// Moves in UCI long algebraic notation (e2e4, e7e8q, e1g1 for castling).
#pragma once

#include <string>
#include <string_view>

#include "position.h"

namespace chess {

std::string square_to_string(Square s);
std::string to_uci(Move m);
// The legal move the text names in this position, or Move::none() if it names none.
Move parse_uci(const Position& pos, std::string_view text);

}  // namespace chess
