// Writes a finished game as PGN with the standard tags and "{+0.35/12 0.512s}" move comments.
#pragma once

#include <string>

#include "core/result.h"
#include "core/variant.h"
#include "record/game_record.h"

namespace harness {

// What move comments add to score, depth and time (--pgn-comments nodes,seldepth,...), in
// fastchess's manner: "n=" nodes, "sd=" selective depth, "nps=", "hashfull=", "tl=" the
// mover's clock after the move, "latency=" the harness's time for the move less the engine's own.
// min: no move comments at all (fastchess's min=true, cutechess-cli's "min"). The lines kept by
// a run's match_lines patterns are written whenever a move has them, as line="...".
struct PgnComments {
  bool nodes = false, seldepth = false, nps = false, hashfull = false, timeleft = false, latency = false;
  bool tbhits = false, pv = false, min = false;
  bool any() const { return nodes || seldepth || nps || hashfull || timeleft || latency || tbhits || pv || min; }
  std::string describe() const;  // "nodes,seldepth", as parse_pgn_comments reads it
};
chess::Result<PgnComments> parse_pgn_comments(const std::string& list);
// Sets one item by its name; false when there is no such item.
bool set_pgn_comment(PgnComments& comments, const std::string& name, bool on);

// Whose words the Termination tag uses: the PGN standard's ("rules infraction"), or those
// fastchess and cutechess-cli write, which their users' tools look for ("illegal move", and a
// stall as "abandoned" or "stalled connection").
enum class TerminationWords { PGN_STANDARD, FASTCHESS, CUTECHESS };
std::string termination_tag(GameEnd end, TerminationWords words);

struct PgnContext {
  std::string event = "Workbench match";
  std::string site = "?";
  std::string round = "?";
  PgnComments comments;
  chess::Variant variant = chess::Variant::STANDARD;  // fischerandom: Variant "Chess960" and the FEN always
  TerminationWords termination_words = TerminationWords::PGN_STANDARD;
};

std::string to_pgn(const GameRecord& record, const PgnContext& context);

// "+0.35/12 0.512s", "-M4/20 1.200s" (mated in 2: mates in plies), "0.512s" when the engine gave no score.
std::string move_comment(const MoveRecord& m, const PgnComments& comments = {});

}  // namespace harness
