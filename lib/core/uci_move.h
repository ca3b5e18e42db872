// Moves in UCI long algebraic notation (e2e4, e7e8q). Castling is the king's two-square move
// (e1g1) in standard chess and the king taking its own rook (e1h1) in Chess960, as UCI's
// UCI_Chess960 option asks.
#pragma once

#include <string>
#include <string_view>

#include "position.h"
#include "variant.h"

namespace chess {

std::string square_to_string(Square s);
std::string to_uci(Move m, Variant variant = Variant::STANDARD);
// Coordinates as xboard writes them: castling is O-O / O-O-O in Chess960, where the king's
// two-square move could be another move.
std::string to_xboard(Move m, Variant variant);
// The legal move the text names in this position, or Move::none() if it names none. Castling
// is read in the variant's form first and in the other form when no other move has that name.
Move parse_uci(const Position& pos, std::string_view text, Variant variant = Variant::STANDARD);

}  // namespace chess
