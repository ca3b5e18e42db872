// fastchess's results block (app/src/matchmaking/output/output_fastchess.hpp, alpha 1.8.2).
#include <charconv>
#include <filesystem>

#include "frontends/result_lines.h"
#include "stats/elo.h"
#include "text/format_number.h"

namespace harness {

namespace {

std::string f2(double v) { return format_number("%.2f", v); }

// fmt's "{}" of a double: the shortest text that reads back to it (10, 0.5, 2.5).
std::string shortest(double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc() ? std::string(buf, end) : format_number("%g", v);
}

// fastchess's text of an engine's limit: "10+0.1", "40/60", "0.1/move", "5000 nodes", "8 plies".
std::string limit_text(const TimeControl& tc) {
  switch (tc.kind) {
    case TimeControl::Kind::CLOCK: {
      std::string t = (tc.moves > 0 ? std::to_string(tc.moves) + "/" : "") + shortest(double(tc.base_ms) / 1000);
      if (tc.increment_ms > 0) t += "+" + format_number("%.2g", double(tc.increment_ms) / 1000);
      return t;
    }
    case TimeControl::Kind::MOVETIME: return shortest(double(tc.movetime_ms) / 1000) + "/move";
    case TimeControl::Kind::NODES: return std::to_string(tc.nodes) + " nodes";
    case TimeControl::Kind::DEPTH: return std::to_string(tc.depth) + " plies";
  }
  return "";
}

// One value per engine, or "A - B" when the two differ.
template <typename F>
std::string per_engine(const MatchConfig& c, F text) {
  const std::string a = text(c.engines[0]), b = text(c.engines[1]);
  return a == b ? a : a + " - " + b;
}

std::string option_text(const EngineConfig& e, const char* name, const char* unit) {
  const std::string* v = e.option(name);
  return v ? *v + unit : "NULL";
}

class FastchessLines : public ResultLines {
 public:
  using ResultLines::ResultLines;

  // Pentanomial: a block when a pair completes at the interval; otherwise every N games.
  std::string after_game(const GameRecord& g, const RunTally& tally, const RunProgress& p) override {
    const bool last = p.done == p.total;
    auto due = [&](int interval, int count) { return last || (interval > 0 && count % interval == 0); };
    // As fastchess (RoundRobin's finish): with the pentanomial report, at the end of each pair
    // whose number is due, whatever other pairs are half played; the block counts finished
    // pairs only. fishtest's worker needs a block at every pair's end to send its batches.
    const bool at_interval = output_.penta ? tally.pair_finished(g.game_index) && due(output_.rating_interval, g.pair_index + 1)
                                           : due(output_.rating_interval, p.done);
    if (!at_interval && !last) return "";
    printed_final_ = last;
    return results_block(tally);
  }

  std::string final_results(const RunTally& tally) const override { return results_block(tally); }

  std::string sprt_decided(SprtDecision d) const override {
    return "SPRT ([" + f2(config_.sprt->elo0) + ", " + f2(config_.sprt->elo1) + "]) completed - " +
           (d == SprtDecision::ACCEPT_H1 ? "H1" : "H0") + " was accepted\n";
  }

 private:
  std::string title() const {
    const std::string book =
        config_.openings_path.empty() ? "" : ", " + std::filesystem::path(config_.openings_path).filename().string();
    auto tc = [&](const EngineConfig& x) { return limit_text(x.limit ? *x.limit : config_.settings.tc); };
    return "Results of " + config_.engines[0].name + " vs " + config_.engines[1].name + " (" + per_engine(config_, tc) + ", " +
           per_engine(config_, [](const EngineConfig& x) { return option_text(x, "Threads", "t"); }) + ", " +
           per_engine(config_, [](const EngineConfig& x) { return option_text(x, "Hash", "MB"); }) + book + "):\n";
  }

  std::string results_block(const RunTally& tally) const {
    const std::string rule(50, '-');
    const Tally t = output_.penta ? tally.paired_match_tally() : tally.match_tally();
    const EloEstimate e = output_.penta ? elo_from_pentanomial(t.pentanomial) : elo_from_wdl(t.wins, t.draws, t.losses);
    const auto& p = t.pentanomial;
    std::string s = rule + "\n" + title();
    s += "Elo: " + f2(e.elo) + " +/- " + f2(e.elo_error) + ", nElo: " + f2(e.nelo) + " +/- " + f2(e.nelo_error) + "\n";
    // A share of nothing is 0, never NaN (a block after a run stopped before its first counted game).
    auto percent = [](double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0.0; };
    const double draw_ratio = output_.penta ? percent(p[2], t.pairs()) : percent(t.draws, t.games());
    s += "LOS: " + f2(e.los * 100) + " %, DrawRatio: " + f2(draw_ratio) + " %";
    if (output_.penta) s += ", PairsRatio: " + f2(double(p[3] + p[4]) / double(p[0] + p[1]));
    s += "\n";
    s += "Games: " + std::to_string(t.games()) + ", Wins: " + std::to_string(t.wins) + ", Losses: " + std::to_string(t.losses) +
         ", Draws: " + std::to_string(t.draws) + ", Points: " + format_number("%.1f", t.points()) + " (" +
         f2(percent(t.points(), t.games())) + " %)\n";
    if (output_.penta)
      s += "Ptnml(0-2): [" + std::to_string(p[0]) + ", " + std::to_string(p[1]) + ", " + std::to_string(p[2]) + ", " +
           std::to_string(p[3]) + ", " + std::to_string(p[4]) +
           "], WL/DD Ratio: " + f2(double(t.split_pairs) / double(p[2] - t.split_pairs)) + "\n";
    if (config_.sprt) {
      const SprtConfig& sp = *config_.sprt;
      const double llr = sprt_llr(t, sp);
      const double share = llr >= 0 ? llr / sp.upper_bound() : -llr / sp.lower_bound();
      s += "LLR: " + f2(llr) + " (" + format_number("%.1f", share * 100) + "%) (" + f2(sp.lower_bound()) + ", " +
           f2(sp.upper_bound()) + ") [" + f2(sp.elo0) + ", " + f2(sp.elo1) + "]\n";
    }
    return s + rule + "\n";
  }
};

}  // namespace

std::unique_ptr<ResultLines> fastchess_lines(const MatchConfig& config, const ForeignOutput& output) {
  return std::make_unique<FastchessLines>(config, output);
}

}  // namespace harness
