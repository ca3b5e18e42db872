#include "fitness/texel.h"

#include <cmath>

#include "data/parallel_shares.h"
#include "data/position_tracing.h"

namespace tuner {

TexelFitness::TexelFitness(TracedPositions positions, int threads)
    : positions_(std::move(positions)), threads_(std::max(1, threads)) {}

TexelFitness::TexelFitness(const std::vector<LabeledPosition>& positions, int threads, const eval::EvalParams& filter)
    : TexelFitness(trace_labeled_positions(positions, 0, filter, threads).tuning, threads) {}

std::vector<double> TexelFitness::scores(const eval::EvalParams& params) const {
  const std::vector<int> flat = eval::flat_weights(params);
  const std::vector<double> values = TracedPositions::slot_values(std::vector<double>(flat.begin(), flat.end()));
  std::vector<double> out(positions_.size());
  parallel_shares(out.size(), threads_, [&](std::size_t first, std::size_t last, std::size_t) {
    for (std::size_t p = first; p < last; ++p) out[p] = positions_.score(p, values.data());
  });
  return out;
}

double TexelFitness::error(const std::vector<double>& scores, double k) const {
  std::vector<double> sums(std::size_t(threads_), 0.0);
  const double slope = k * std::log(10.0) / 400.0;
  parallel_shares(scores.size(), threads_, [&](std::size_t first, std::size_t last, std::size_t t) {
    double sum = 0;
    for (std::size_t p = first; p < last; ++p) {
      const double d = positions_.result(p) - 1.0 / (1.0 + std::exp(-slope * scores[p]));
      sum += d * d;
    }
    sums[t] = sum;
  });
  double total = 0;
  for (double s : sums) total += s;
  return scores.empty() ? 0 : total / double(scores.size());
}

double TexelFitness::fit_k(const eval::EvalParams& params) {
  const std::vector<double> s = scores(params);
  const double phi = (std::sqrt(5.0) - 1) / 2;
  double a = 0.05, b = 5.0;
  double c = b - phi * (b - a), d = a + phi * (b - a);
  for (int i = 0; i < 60; ++i) {
    if (error(s, c) < error(s, d))
      b = d;
    else
      a = c;
    c = b - phi * (b - a);
    d = a + phi * (b - a);
  }
  k_ = (a + b) / 2;
  return k_;
}

}  // namespace tuner
