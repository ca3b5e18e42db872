#include "run/engine_output_counts.h"

#include "text/words.h"

namespace harness {

EngineOutputCounts::EngineOutputCounts(std::size_t engines)
    : pv_mismatches_(engines, 0), pv_faults_(engines, std::array<int, PV_FAULTS>{}), mate_sign_mismatches_(engines, 0) {}

void EngineOutputCounts::add(const GameRecord& g, const GameSpec& spec) {
  auto engine_of = [&](std::size_t move) { return std::size_t(mover(g, move) == chess::WHITE ? spec.white : spec.black); };
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    if (g.moves[i].pv_mismatch) ++pv_mismatches_[engine_of(i)];
    for (const PvWarning& w : g.moves[i].pv_warnings) ++pv_faults_[engine_of(i)][std::size_t(w.fault)];
  }
  for (const MateSignMismatch& m : mate_sign_mismatches(g)) ++mate_sign_mismatches_[engine_of(m.move)];
  ponder_hits_ += g.ponder_hits;
  moves_ += int(g.moves.size());
}

std::string EngineOutputCounts::warning_lines(const std::vector<EngineConfig>& engines) const {
  std::string lines;
  for (std::size_t i = 0; i < engines.size(); ++i) {
    if (pv_mismatches_[i] > 0)
      lines += "Warning: " + engines[i].name + " played a move other than its PV's first " + std::to_string(pv_mismatches_[i]) +
               " times (its reported score and depth belong to another move)\n";
    std::string faults;
    for (int f = 0; f < PV_FAULTS; ++f)
      if (const int n = pv_faults_[i][std::size_t(f)]; n > 0)
        faults += (faults.empty() ? "" : ", ") + std::to_string(n) + " with " + pv_fault_name(PvFault(f));
    if (!faults.empty()) lines += "Warning: " + engines[i].name + "'s info lines: " + faults + "\n";
    if (mate_sign_mismatches_[i] > 0)
      lines += "Warning: " + engines[i].name + " gave a mate score of its opponent's sign, right after it, " +
               plural(mate_sign_mismatches_[i], "time") + "\n";
  }
  return lines;
}

std::string EngineOutputCounts::ponder_line() const {
  return "Ponder: " + std::to_string(ponder_hits_) + " of " + std::to_string(moves_) +
         " moves this session came from a ponder hit\n";
}

}  // namespace harness
