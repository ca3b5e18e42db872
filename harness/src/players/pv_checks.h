// fastchess's checks of the principal variations an engine reports during a search (alpha
// 1.8.2, match.cpp verifyPvLines and checkParsedPvLine): every info line with a score and a PV
// (never "info string"), played from the position before the move with the game's history.
// Before each PV move: a position the game would end in (fifty-move rule, threefold
// repetition, checkmate, stalemate; insufficient material is not an end here) is a fault, and
// so is an illegal move. With mating PVs checked (-check-mate-pvs), a mate score in N moves
// needs a PV of exactly 2N-1 plies (mated in N: 2N) ending in checkmate; a bound is not checked.
// Each line gives at most one warning, the first fault found.
#pragma once

#include <optional>
#include <string>

#include "core/game.h"
#include "core/variant.h"
#include "record/pv_warning.h"

namespace harness {

// `game` is the game before the move: its moves are played and taken back again.
std::optional<PvWarning> check_pv_line(chess::Game& game, const std::string& info_line, chess::Variant variant, bool mate_pvs);

// Why fastchess could not read the score of an info line ("Element 'score' not found", ...), if it cannot.
std::optional<std::string> score_problem(const std::string& info_line);

// The checks of one search's lines as they come (every line before its bestmove): a line whose
// PV and score are those of the line before is not checked again (an engine may write
// thousands a second), and at most MAX_KEPT warnings are kept. When the move is in, finish()
// adds fastchess's score checks: an engine that wrote lines but no info line with a score, or
// whose last such line (multipv 1, "info string" never) has no score that can be read.
class PvChecker {
 public:
  static constexpr std::size_t MAX_KEPT = 16;
  PvChecker(const chess::Game& before, chess::Variant variant, bool mate_pvs)
      : game_(before), variant_(variant), mate_pvs_(mate_pvs) {}
  void line(const std::string& line);
  void finish();
  std::vector<PvWarning> take() { return std::move(warnings_); }

 private:
  chess::Game game_;
  chess::Variant variant_;
  bool mate_pvs_;
  std::string last_checked_;  // the score and PV words of the last line checked
  std::string last_score_line_;
  int lines_ = 0;
  std::vector<PvWarning> warnings_;
};

}  // namespace harness
