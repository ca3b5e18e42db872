#include "record/pv_warning.h"

namespace harness {

namespace {

struct FaultWords {
  const char* warning;  // fastchess's words after "Warning; "
  const char* name;     // as counts name it
  bool has_move;
  const char* key;  // as the database stores it
};

const FaultWords& words(PvFault fault) {
  static const FaultWords WORDS[PV_FAULTS] = {
      {"Illegal PV move", "an illegal PV move", true, "illegal_pv_move"},
      {"PV continues after threefold repetition", "a PV going on after a threefold repetition", true, "pv_after_threefold"},
      {"PV continues after fifty-move rule", "a PV going on after the fifty-move rule", true, "pv_after_fifty_moves"},
      {"PV continues after checkmate", "a PV going on after checkmate", true, "pv_after_checkmate"},
      {"PV continues after stalemate", "a PV going on after stalemate", true, "pv_after_stalemate"},
      {"Incomplete mating PV", "an incomplete mating PV", false, "incomplete_mating_pv"},
      {"Too long mating PV", "a too long mating PV", false, "too_long_mating_pv"},
      {"Mating PV does not end with checkmate", "a mating PV not ending in checkmate", false, "mating_pv_not_mate"},
      {"No info line available to extract score from engine", "no info line with a score before the move", false, "no_info_line"},
      {"Could not extract score from engine", "a score that cannot be read", false, "no_score"},
  };
  return WORDS[static_cast<int>(fault)];
}

}  // namespace

std::string pv_warning_text(const PvWarning& w, const std::string& engine) {
  const FaultWords& f = words(w.fault);
  if (w.fault == PvFault::NO_INFO_LINE) return std::string("Warning; ") + f.warning + " " + engine;
  if (w.fault == PvFault::NO_SCORE) return std::string("Warning; ") + f.warning + " " + engine + ": " + w.detail;
  return std::string("Warning; ") + f.warning + " - " + (f.has_move ? "move " + w.move + " " : std::string()) + "from " + engine;
}

const char* pv_fault_name(PvFault fault) { return words(fault).name; }

const char* pv_fault_key(PvFault fault) { return words(fault).key; }

}  // namespace harness
