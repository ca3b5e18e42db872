// What was wrong with a principal variation an engine reported, as a finished game records it:
// fastchess's checks (alpha 1.8.2, match.cpp checkParsedPvLine), found by players/pv_checks.h.
#pragma once

#include <string>

namespace harness {

enum class PvFault {
  ILLEGAL_MOVE,        // a move of the PV is not legal where it stands
  AFTER_THREEFOLD,     // the PV goes on after a threefold repetition (the game's own history counts)
  AFTER_FIFTY_MOVES,   // ... after the fifty-move rule
  AFTER_CHECKMATE,     // ... after checkmate
  AFTER_STALEMATE,     // ... after stalemate
  INCOMPLETE_MATE,     // -check-mate-pvs: a mate score whose PV is shorter than the mate
  TOO_LONG_MATE,       // ... longer than the mate
  MATE_NOT_CHECKMATE,  // ... of the right length, not ending in checkmate
  NO_INFO_LINE,        // the engine wrote lines before its move, none of them an info line with a score
  NO_SCORE,            // its last info line with " score " has no score that can be read
};
inline constexpr int PV_FAULTS = 10;

struct PvWarning {
  PvFault fault = PvFault::ILLEGAL_MOVE;
  std::string move;         // the PV's move the fault is at (none for the mating-PV faults)
  std::string info_line{};  // the engine's line, as it wrote it
  std::string detail{};     // NO_SCORE: why the score cannot be read
};

// fastchess's wording: "Warning; Illegal PV move - move e2e5 from NAME",
// "Warning; Incomplete mating PV - from NAME".
std::string pv_warning_text(const PvWarning& w, const std::string& engine);
// "an illegal PV move", "a PV going on after checkmate", ...: a fault as counts name it ("3 with an illegal PV move").
const char* pv_fault_name(PvFault fault);
// "illegal_pv_move", "pv_after_checkmate", ...: how the database's move_notes name a fault.
const char* pv_fault_key(PvFault fault);

}  // namespace harness
