// A principal variation as far as the game could follow it: a line whose move repeats a position
// for the third time, or reaches the fifty-move rule, ends with that move, since no move after
// it would be played. The search's line may go on (it scores such a node as a draw without
// stopping the table's line there); the info lines show where the game would end.
#pragma once

#include <vector>

#include "core/position.h"

namespace search {

// `history` holds the keys of the game's positions up to and including `root`'s.
std::vector<chess::Move> pv_until_game_ends(const chess::Position& root, const std::vector<chess::Key>& history,
                                            const std::vector<chess::Move>& pv);

}  // namespace search
