// How a game ended: one value per rule that can end it. The stored name, the PGN Termination
// tag, the label statistics and reports count under, and the reason's wording all come from
// here, so a new rule is one row of the table in termination.cpp.
#pragma once

#include <optional>
#include <string>

#include "core/game.h"
#include "core/types.h"

namespace harness {

enum class GameEnd {
  MATE,
  RESIGNATION,
  STALEMATE,
  REPETITION,
  FIFTY_MOVES,
  INSUFFICIENT_MATERIAL,
  ADJUDICATED_RESIGN,     // --resign: both engines agree on a decisive score
  ADJUDICATED_DRAW,       // --draw: scores near zero for long enough
  ADJUDICATED_TABLEBASE,  // --tb: the tables know the result
  ADJUDICATED_MAX_MOVES,  // --maxmoves
  TIME,                   // the move came after the clock ran out
  STALL,                  // no move at all before the deadline
  CRASH,                  // the engine exited, or wrote a line longer than the harness reads
  ILLEGAL_MOVE,
  UNKNOWN,  // a game stored before ends had names, whose reason fits none of the above
};
inline constexpr int GAME_ENDS = int(GameEnd::UNKNOWN) + 1;

// "mate", "adjudicated-tablebase", ...: how the database stores the end.
const char* game_end_name(GameEnd end);
std::optional<GameEnd> parse_game_end(const std::string& name);
// The PGN Termination tag: "normal", "adjudication", "time forfeit", "abandoned", "rules infraction".
const char* pgn_termination(GameEnd end);
// How summaries and reports call it: "mate", "tablebase adjudication", "time forfeit", ...
const char* game_end_label(GameEnd end);
// The human reason stored and written to PGN. `side` is the one the end is about (the winner
// for mate, the loser otherwise); `detail` completes it (the illegal move, the adjudication's
// numbers, the tablebase's verdict). These words are what clients match: "loses on time",
// "disconnects", "illegal move", "mates", "resigns".
std::string end_reason(GameEnd end, chess::Color side, const std::string& detail = "");
// How the frameworks count a game lost by a fault: "time_loss" (a late move, or none before the
// clock ran out), "crash" (a disconnect, or no move within a node or depth search's timeout),
// "illegal_move"; empty when the end is no fault. `reason` is end_reason's, which tells the two
// stalls apart.
const char* fault_class(GameEnd end, const std::string& reason);
// The end the rules gave a game (mate, stalemate, repetition, ...); UNKNOWN while it goes on.
GameEnd rules_end(chess::Termination termination);
// The end of a game stored before ends had names, or read from another program's PGN, from its
// Termination tag and reason: this harness's words, fastchess's and cutechess-cli's.
GameEnd game_end_from_text(const std::string& termination, const std::string& reason);

}  // namespace harness
