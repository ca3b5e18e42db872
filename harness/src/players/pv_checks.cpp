#include "players/pv_checks.h"

#include <charconv>
#include <sstream>
#include <vector>

#include "core/movegen.h"

namespace harness {

namespace {

// What the checks read of an info line, as fastchess parses it: the score, whether it is a
// bound, and the PV's words up to the first that is not a move in UCI form.
struct PvLine {
  bool mate = false;
  long long mate_value = 0;
  bool bound = false;
  std::vector<std::string> pv;
  std::string key;  // the score and PV words: equal keys, equal verdicts
};

bool uci_move_form(const std::string& w) {
  if (w.size() != 4 && w.size() != 5) return false;
  auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](char c) { return c >= '1' && c <= '8'; };
  return file(w[0]) && rank(w[1]) && file(w[2]) && rank(w[3]) &&
         (w.size() == 4 || w[4] == 'n' || w[4] == 'b' || w[4] == 'r' || w[4] == 'q');
}

PvLine read_pv_line(const std::string& line) {
  PvLine out;
  std::istringstream words(line);
  for (std::string w; words >> w;) {
    if (w == "score") {
      std::string kind, value;
      words >> kind >> value;
      out.key += kind + " " + value + " ";
      if (kind == "mate") {
        out.mate = true;
        out.mate_value = std::strtoll(value.c_str(), nullptr, 10);
      }
    } else if (w == "lowerbound" || w == "upperbound") {
      out.bound = true;
      out.key += w + " ";
    } else if (w == "pv") {
      for (std::string m; words >> m && uci_move_form(m);) out.pv.push_back(m);
      break;  // fastchess stops reading the line at the PV's end
    }
  }
  for (const std::string& m : out.pv) out.key += m + " ";
  return out;
}

// The end the game would have in its current position, as fastchess's isGameOverSimple sees it
// (the fifty-move rule first, insufficient material never).
std::optional<PvFault> game_end(const chess::Game& game) {
  const chess::Position& p = game.position();
  const bool no_moves = chess::legal_moves(p).empty();
  if (p.rule50() >= 100) return no_moves && p.in_check() ? PvFault::AFTER_CHECKMATE : PvFault::AFTER_FIFTY_MOVES;
  if (game.repetition_count() >= 3) return PvFault::AFTER_THREEFOLD;
  if (no_moves) return p.in_check() ? PvFault::AFTER_CHECKMATE : PvFault::AFTER_STALEMATE;
  return std::nullopt;
}

// The mating-PV faults of a PV played to its end on `game`.
std::optional<PvFault> mating_fault(const chess::Game& game, const PvLine& line) {
  if (!line.mate || line.bound) return std::nullopt;
  const long long plies = line.mate_value > 0 ? line.mate_value * 2 - 1 : line.mate_value * -2;
  if (static_cast<long long>(line.pv.size()) < plies) return PvFault::INCOMPLETE_MATE;
  if (static_cast<long long>(line.pv.size()) > plies) return PvFault::TOO_LONG_MATE;
  if (!chess::legal_moves(game.position()).empty() || !game.position().in_check()) return PvFault::MATE_NOT_CHECKMATE;
  return std::nullopt;
}

std::optional<PvWarning> check(chess::Game& game, const PvLine& line, const std::string& text, chess::Variant variant,
                               bool mate_pvs) {
  if (line.pv.empty()) return std::nullopt;
  std::optional<PvWarning> found;
  std::size_t played = 0;
  for (const std::string& move : line.pv) {
    if (const auto end = game_end(game)) {
      found = PvWarning{*end, move, text};
      break;
    }
    if (!game.play_uci(move, variant)) {
      found = PvWarning{PvFault::ILLEGAL_MOVE, move, text};
      break;
    }
    ++played;
  }
  if (!found && mate_pvs)
    if (const auto fault = mating_fault(game, line)) found = PvWarning{*fault, "", text};
  for (; played > 0; --played) game.undo();
  return found;
}

bool checked_line(const std::string& line) {
  return line.rfind("info", 0) == 0 && line.find("info string") == std::string::npos && line.find(" score ") != std::string::npos;
}

}  // namespace

std::optional<PvWarning> check_pv_line(chess::Game& game, const std::string& info_line, chess::Variant variant, bool mate_pvs) {
  if (!checked_line(info_line)) return std::nullopt;
  return check(game, read_pv_line(info_line), info_line, variant, mate_pvs);
}

std::optional<std::string> score_problem(const std::string& info_line) {
  std::istringstream words(info_line);
  for (std::string w; words >> w && w != "pv";) {
    if (w != "score") continue;
    std::string kind, value;
    if (!(words >> kind >> value)) return "Element 'score' has no type or value";
    if (kind != "cp" && kind != "mate") return "Unexpected score type: " + info_line;
    long long parsed = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (ec != std::errc() || end != value.data() + value.size()) return "Invalid score value: " + value;
    return std::nullopt;
  }
  return "Element 'score' not found";
}

void PvChecker::finish() {
  if (lines_ == 0 || warnings_.size() >= MAX_KEPT) return;
  if (last_score_line_.empty())
    warnings_.push_back({PvFault::NO_INFO_LINE, "", "", ""});
  else if (auto problem = score_problem(last_score_line_))
    warnings_.push_back({PvFault::NO_SCORE, "", last_score_line_, *problem});
}

void PvChecker::line(const std::string& info_line) {
  ++lines_;
  if (!checked_line(info_line)) return;
  const std::size_t multipv = info_line.find(" multipv ");
  if (multipv == std::string::npos || info_line.compare(multipv, 11, " multipv 1 ") == 0 ||
      info_line.compare(multipv, info_line.size() - multipv, " multipv 1") == 0)
    last_score_line_ = info_line;
  if (warnings_.size() >= MAX_KEPT) return;
  const PvLine parsed = read_pv_line(info_line);
  if (parsed.pv.empty() || parsed.key == last_checked_) return;
  last_checked_ = parsed.key;
  if (auto found = check(game_, parsed, info_line, variant_, mate_pvs_)) warnings_.push_back(std::move(*found));
}

}  // namespace harness
