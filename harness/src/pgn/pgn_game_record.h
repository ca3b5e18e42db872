// A game read from PGN turned back into a GameRecord: the moves replayed by the rules, the
// opening moves told from the engines' ("book" comments), each move's comment read as this
// harness, fastchess and cutechess-cli write it ("+0.35/12 0.512s, n=123, sd=20", mates in
// plies "+M5"), and how the game ended from the final position, the Termination tag and the
// reason's words. Anything that does not hold together is an error naming the file and line.
#pragma once

#include <string>

#include "core/result.h"
#include "core/variant.h"
#include "pgn/pgn_reader.h"
#include "record/game_record.h"

namespace harness {

// `file` names the game's file in messages ("games.pgn:12: ...").
chess::Result<GameRecord> game_record_from_pgn(const PgnGame& game, const std::string& file);

// Reads one move comment into `move`; false when it is not an engine's move comment (a reason,
// "book"). Parts that are neither the evaluation nor a key=value (fastchess puts the game's
// reason after the last move's numbers) are appended to `rest`.
bool read_move_comment(const std::string& comment, MoveRecord& move, std::string& rest);

// The variant a game's Variant tag names: none or "Standard" is standard chess, "Chess960" or
// "fischerandom" (any case) is Chess960.
chess::Result<chess::Variant> pgn_variant(const PgnGame& game);

}  // namespace harness
