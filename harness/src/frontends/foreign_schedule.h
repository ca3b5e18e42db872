// The schedule each program's -games, -rounds and -repeat give: game pairs (one opening, colours
// reversed) when games per round (fastchess) or repeats (cutechess-cli) are 2; games that stand
// alone, each with its own opening and colours alternating, when they are 1 (fastchess's
// -games 1, cutechess-cli without -repeat).
#pragma once

#include "core/result.h"
#include "frontends/line_state.h"

namespace harness::frontend {

chess::Result<bool> fastchess_schedule(LineState& s);
chess::Result<bool> cutechess_schedule(LineState& s);

}  // namespace harness::frontend
