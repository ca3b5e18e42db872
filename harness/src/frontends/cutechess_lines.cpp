// cutechess-cli's "Score of" and "Elo difference" lines, with its SPRT line; fastchess's
// -output format=cutechess prints the same with two decimals.
#include "frontends/result_lines.h"
#include "stats/elo.h"
#include "text/format_number.h"

namespace harness {

namespace {

class CutechessLines : public ResultLines {
 public:
  using ResultLines::ResultLines;

  std::string after_game(const GameRecord&, const RunTally& tally, const RunProgress& p) override {
    const bool last = p.done == p.total;
    auto due = [&](int interval) { return last || (interval > 0 && p.done % interval == 0); };
    std::string s;
    if (due(output_.score_interval)) {
      const Tally t = tally.match_tally();
      s += "Score of " + config_.engines[0].name + " vs " + config_.engines[1].name + ": " + std::to_string(t.wins) + " - " +
           std::to_string(t.losses) + " - " + std::to_string(t.draws) + "  [" +
           format_number("%.3f", t.games() ? t.points() / t.games() : 0.0) + "] " + std::to_string(t.games()) + "\n";
    }
    if (due(output_.rating_interval)) {
      s += final_results(tally);
      printed_final_ = last;
    }
    return s;
  }

  std::string final_results(const RunTally& tally) const override {
    const bool own = output_.format == LineFormat::CUTECHESS;  // cutechess-cli: one decimal, %.3g for the SPRT
    const Tally t = tally.match_tally();
    const EloEstimate e = elo_from_wdl(t.wins, t.draws, t.losses);
    const char* number = own ? "%.1f" : "%.2f";
    std::string s = "Elo difference: " + format_number(number, e.elo) + " +/- " + format_number(number, e.elo_error) +
                    ", LOS: " + format_number(number, e.los * 100) +
                    " %, DrawRatio: " + format_number(number, t.games() ? 100.0 * t.draws / t.games() : 0.0) + " %\n";
    if (!config_.sprt) return s;
    const SprtConfig& sp = *config_.sprt;
    const double llr = sprt_llr(t, sp);
    const double share = llr < 0 ? llr / sp.lower_bound() : llr / sp.upper_bound();
    const char* g3 = own ? "%.3g" : "%.2f";
    s += "SPRT: llr " + format_number(g3, llr) + " (" + format_number("%.1f", share * 100) + "%), lbound " +
         format_number(g3, sp.lower_bound()) + ", ubound " + format_number(g3, sp.upper_bound());
    const SprtDecision d = sprt_decision(llr, sp);
    if (d == SprtDecision::ACCEPT_H1) s += " - H1 was accepted";
    if (d == SprtDecision::ACCEPT_H0) s += " - H0 was accepted";
    return s + "\n";
  }

  std::string sprt_decided(SprtDecision) const override { return "Tournament finished\n"; }
};

}  // namespace

std::unique_ptr<ResultLines> cutechess_lines(const MatchConfig& config, const ForeignOutput& output) {
  return std::make_unique<CutechessLines>(config, output);
}

}  // namespace harness
