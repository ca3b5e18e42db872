// Standard Algebraic Notation: writing and tolerant reading.
#pragma once

#include <string>
#include <string_view>

#include "position.h"
#include "result.h"

namespace chess {

// SAN of a legal move, with '+' or '#' when it checks or mates.
std::string to_san(const Position& pos, Move m);
// Reads SAN as people and programs write it: O-O or 0-0, optional 'x', '=' before a promotion,
// "e.p.", and trailing '+', '#', '!' or '?' are all accepted. Errors say why nothing matched.
Result<Move> parse_san(const Position& pos, std::string_view text);

}  // namespace chess
