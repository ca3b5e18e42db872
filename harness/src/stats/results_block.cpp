#include "results_block.h"

#include <array>
#include <cmath>
#include <cstdio>

#include "elo.h"
#include "text/format_number.h"

namespace harness {

namespace {

// Not finite while every game so far was won, or lost, or there are too few: "n/a".
std::string number(double v) {
  if (!std::isfinite(v)) return "n/a";
  return format_number("%.2f", std::abs(v) < 0.005 ? 0.0 : v);  // never "-0.00"
}

// An error bar: unknown (n/a) when the score is 0 % or 100 %, or when every game or pair ended alike.
std::string error_number(double v) { return number(v); }

// Pairs won over pairs lost: "inf" when none was lost, "n/a" when none was won or lost either.
std::string pairs_ratio(const std::array<int, 5>& p) {
  const int won = p[3] + p[4], lost = p[0] + p[1];
  if (lost > 0) return format_number("%.2f", double(won) / double(lost));
  return won > 0 ? "inf" : "n/a";
}

}  // namespace

std::string results_block(const std::string& title, const Tally& t, const std::optional<SprtConfig>& sprt) {
  EloEstimate e = estimate(t);
  const auto& p = t.pentanomial;
  std::string out = "Results of " + title + ":\n";
  out += "Elo: " + number(e.elo) + " +/- " + error_number(e.elo_error) + ", nElo: " + number(e.nelo) + " +/- " +
         error_number(e.nelo_error) + "\n";
  out += "LOS: " + number(e.los * 100) + " %, DrawRatio: " + format_number("%.2f", e.draw_ratio * 100) + " %" +
         (t.paired ? ", PairsRatio: " + pairs_ratio(p) : "") + "\n";
  out += "Games: " + std::to_string(t.games()) + ", Wins: " + std::to_string(t.wins) + ", Losses: " + std::to_string(t.losses) +
         ", Draws: " + std::to_string(t.draws) + ", Points: " + format_number("%.1f", t.points()) + " (" +
         format_number("%.2f", t.games() ? 100.0 * t.points() / t.games() : 0.0) + " %)\n";
  if (t.paired)
    out += "Ptnml(0-2): [" + std::to_string(p[0]) + ", " + std::to_string(p[1]) + ", " + std::to_string(p[2]) + ", " +
           std::to_string(p[3]) + ", " + std::to_string(p[4]) + "]\n";
  else
    out += "Unpaired games (each opening played once): trinomial statistics\n";
  if (sprt) {
    out += "LLR: " + format_number("%.2f", sprt_llr(t, *sprt)) + " (" + format_number("%.2f", sprt->lower_bound()) + ", " +
           format_number("%.2f", sprt->upper_bound()) + ") [" + format_number("%.2f", sprt->elo0) + ", " +
           format_number("%.2f", sprt->elo1) + "]\n";
  }
  return out;
}

std::string summary_line(const Tally& t, int total_games) {
  EloEstimate e = estimate(t);
  return "Games " + std::to_string(t.games()) + "/" + std::to_string(total_games) + " W-D-L " + std::to_string(t.wins) + "-" +
         std::to_string(t.draws) + "-" + std::to_string(t.losses) + " Elo " + number(e.elo) + " +/- " + error_number(e.elo_error);
}

std::string elo_text(double elo, double error) {
  auto signed_tenth = [](double v) {
    if (!std::isfinite(v)) return std::string("n/a");
    return format_number("%+.1f", std::abs(v) < 0.05 ? 0.0 : v);
  };
  auto tenth = [](double v) { return std::isfinite(v) ? format_number("%.1f", v) : std::string("n/a"); };
  return signed_tenth(elo) + " +/- " + tenth(error) + " Elo";
}

}  // namespace harness
