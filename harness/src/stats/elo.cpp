#include "elo.h"

#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace harness {

namespace {

constexpr double Z95 = 1.959963984540054;  // two-sided 95% quantile of the normal distribution
const double NELO_PER_T = 800.0 / std::log(10.0);

double phi(double x) { return 0.5 * (1.0 + std::erf(x / std::sqrt(2.0))); }

// Each (value, probability) pair is one outcome of a game (trinomial) or a pair (pentanomial).
EloEstimate from_distribution(const std::vector<std::pair<double, double>>& pdf, double units, double games_per_unit) {
  EloEstimate e;
  if (units <= 0) return e;
  double mean = 0, var = 0;
  for (auto [a, p] : pdf) mean += a * p;
  for (auto [a, p] : pdf) var += p * (a - mean) * (a - mean);
  const double stderr_mean = std::sqrt(var / units);
  e.score = mean;
  e.elo = score_to_elo(mean);
  e.elo_error = (score_to_elo(mean + Z95 * stderr_mean) - score_to_elo(mean - Z95 * stderr_mean)) / 2.0;
  const double sigma_game = std::sqrt(var * games_per_unit);
  if (sigma_game > 0) {
    e.nelo = (mean - 0.5) / sigma_game * NELO_PER_T;
    e.nelo_error = Z95 / std::sqrt(units * games_per_unit) * NELO_PER_T;
    e.los = phi((mean - 0.5) / stderr_mean);
  } else {
    // Every unit alike (one draw, or every pair 1.5-0.5): no spread, so no interval, no LOS and
    // nothing to normalise by. The estimate itself stands.
    const double unknown = std::numeric_limits<double>::quiet_NaN();
    e.elo_error = e.los = e.nelo = e.nelo_error = unknown;
  }
  // An interval that reaches a score of 0 or 1 has no Elo bound: neither has the normalised one.
  if (!std::isfinite(e.elo_error)) e.nelo_error = std::numeric_limits<double>::quiet_NaN();
  return e;
}

}  // namespace

double elo_to_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double score_to_elo(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0) + 0.0;  // + 0.0: an even score is 0, never -0
}

EloEstimate elo_from_wdl(int wins, int draws, int losses) {
  const double n = wins + draws + losses;
  if (n == 0) return {};
  EloEstimate e = from_distribution({{1.0, wins / n}, {0.5, draws / n}, {0.0, losses / n}}, n, 1.0);
  e.draw_ratio = draws / n;
  return e;
}

EloEstimate elo_from_pentanomial(const std::array<int, 5>& penta) {
  double n = 0;
  for (int c : penta) n += c;
  if (n == 0) return {};
  std::vector<std::pair<double, double>> pdf;
  for (std::size_t i = 0; i < 5; ++i) pdf.emplace_back(double(i) / 4.0, penta[i] / n);
  return from_distribution(pdf, n, 2.0);
}

EloEstimate estimate(const Tally& t) {
  EloEstimate e = t.pairs() > 0 ? elo_from_pentanomial(t.pentanomial) : elo_from_wdl(t.wins, t.draws, t.losses);
  if (t.games() > 0) e.draw_ratio = double(t.draws) / t.games();
  return e;
}

}  // namespace harness
