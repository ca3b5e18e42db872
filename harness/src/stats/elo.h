// Elo, normalized Elo, error bars and LOS from trinomial (W/D/L) or pentanomial counts, with
// the formulas of Stockfish's testing framework.
#pragma once

#include "tally.h"

namespace harness {

struct EloEstimate {
  double elo = 0, elo_error = 0;    // logistic Elo and half-width of its 95% interval
  double nelo = 0, nelo_error = 0;  // normalized Elo and half-width of its 95% interval
  double los = 0.5;                 // likelihood of superiority, 0..1
  double score = 0.5;
  double draw_ratio = 0;
};

EloEstimate elo_from_wdl(int wins, int draws, int losses);
// `penta` counts pairs scoring 0, 0.5, 1, 1.5 and 2 points.
EloEstimate elo_from_pentanomial(const std::array<int, 5>& penta);
// Pentanomial when at least one pair is complete, otherwise trinomial.
EloEstimate estimate(const Tally& t);

double elo_to_score(double elo);
double score_to_elo(double score);

}  // namespace harness
