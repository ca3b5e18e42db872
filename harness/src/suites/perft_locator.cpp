#include "perft_locator.h"

#include "core/game.h"

namespace harness {

namespace {

std::string fen_after(const std::string& fen, const std::vector<std::string>& path) {
  chess::Game game(chess::Position::from_fen(fen).value());
  for (const std::string& m : path) (void)game.play_uci(m);  // moves of the position's own divide
  return game.position().fen();
}

std::string spaced_or_none(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : " ") + s;
  return out.empty() ? "(none)" : out;
}

}  // namespace

std::string BugReport::text() const {
  std::string out = "  path from the suite position: " + spaced_or_none(path) + "\n  position: " + fen + "\n";
  if (!missing.empty()) out += "  missing moves (legal, not generated): " + spaced_or_none(missing) + "\n";
  if (!extra.empty()) out += "  extra moves (generated, not legal): " + spaced_or_none(extra) + "\n";
  if (!note.empty()) out += "  " + note + "\n";
  return out;
}

chess::Result<BugReport> locate_bug(PerftSource& engine, PerftSource& reference, const std::string& fen, int depth) {
  BugReport report;
  for (int d = depth; d >= 1; --d) {
    auto mine = engine.divide(fen, report.path, d);
    CHESS_RETURN_IF_ERROR(mine);
    auto ref = reference.divide(fen, report.path, d);
    CHESS_RETURN_IF_ERROR(ref);
    report.fen = fen_after(fen, report.path);
    report.depth = d;
    for (const auto& [move, count] : ref->moves)
      if (!mine->moves.count(move)) report.missing.push_back(move);
    for (const auto& [move, count] : mine->moves)
      if (!ref->moves.count(move)) report.extra.push_back(move);
    if (!report.missing.empty() || !report.extra.empty()) return report;
    std::string diverging;
    for (const auto& [move, count] : ref->moves)
      if (mine->moves.at(move) != count) {
        diverging = move;
        break;
      }
    if (diverging.empty()) {
      report.note = mine->total == ref->total
                        ? "no difference at depth " + std::to_string(d) + ": the engine's counts agree here"
                        : "every move's count agrees but the engine's total " + std::to_string(mine->total) +
                              " differs from the sum " + std::to_string(ref->total);
      return report;
    }
    report.path.push_back(diverging);
  }
  report.fen = fen_after(fen, report.path);
  report.depth = 0;
  report.note = "counts differ only at the leaves below " + spaced_or_none(report.path);
  return report;
}

}  // namespace harness
