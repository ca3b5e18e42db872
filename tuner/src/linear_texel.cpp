#include "linear_texel.h"

#include <cmath>
#include <thread>

#include "eval/evaluate.h"
#include "search/versions.h"
#include "tuned_weights.h"

namespace tuner {

namespace {

// A weight moves by this much to measure its coefficient: a multiple of the phase scale (24),
// so that the blend's integer division leaves the difference exact in almost every position.
constexpr int PROBE = 240;

double ln10_over_400() { return std::log(10.0) / 400.0; }

}  // namespace

LinearTexel::LinearTexel(TexelFitness& texel, const TunerConfig& config, const eval::EvalParams& start, int threads)
    : k_(texel.k()), threads_(std::max(1, threads)) {
  const std::vector<int> quiescence = texel.scores(start);
  const std::vector<double> theta0 = tuned_real_values(config, start);

  // Each thread measures a contiguous share of the positions; the shares are joined in order.
  const std::vector<LabeledPosition>& positions = texel.positions();
  std::vector<LinearTexel> parts;
  for (int t = 0; t < threads_; ++t) parts.push_back(LinearTexel());
  std::vector<std::thread> workers;
  const std::size_t share = (positions.size() + std::size_t(threads_) - 1) / std::size_t(threads_);
  const eval::EvalMode mode = search::find_version("dev")->features.eval;
  for (int t = 0; t < threads_; ++t)
    workers.emplace_back([&, t] {
      eval::EvalParams params = start;
      const std::size_t first = std::size_t(t) * share, last = std::min(positions.size(), first + share);
      for (std::size_t i = first; i < last; ++i) {
        const chess::Position& pos = positions[i].position;
        const int stand_pat = eval::evaluate(pos, start, mode);
        if ((pos.side_to_move() == chess::WHITE ? stand_pat : -stand_pat) != quiescence[i]) {
          ++parts[std::size_t(t)].left_out_;
          continue;
        }
        parts[std::size_t(t)].add_position(pos, positions[i].result, mode, config, params, theta0);
      }
    });
  for (std::thread& w : workers) w.join();
  for (const LinearTexel& part : parts) {
    for (std::size_t p = 0; p < part.result_.size(); ++p) row_start_.push_back(weight_.size() + part.row_start_[p + 1]);
    weight_.insert(weight_.end(), part.weight_.begin(), part.weight_.end());
    coefficient_.insert(coefficient_.end(), part.coefficient_.begin(), part.coefficient_.end());
    constant_.insert(constant_.end(), part.constant_.begin(), part.constant_.end());
    result_.insert(result_.end(), part.result_.begin(), part.result_.end());
    left_out_ += part.left_out_;
  }
}

void LinearTexel::add_position(const chess::Position& pos, double result, eval::EvalMode mode, const TunerConfig& config,
                               eval::EvalParams& params, const std::vector<double>& theta0) {
  const int sign = pos.side_to_move() == chess::WHITE ? 1 : -1;
  const double base = sign * eval::evaluate(pos, params, mode);
  double constant = base;
  for (std::size_t i = 0; i < config.weights.size(); ++i) {
    int& weight = eval::param_data(params, config.weights[i].param)[config.weights[i].element];
    weight += PROBE;
    const double moved = sign * eval::evaluate(pos, params, mode);
    weight -= PROBE;
    if (moved == base) continue;
    const double c = (moved - base) / PROBE;
    weight_.push_back(std::uint32_t(i));
    coefficient_.push_back(float(c));
    constant -= c * theta0[i];
  }
  row_start_.push_back(weight_.size());
  constant_.push_back(constant);
  result_.push_back(result);
}

double LinearTexel::error(const std::vector<double>& theta, std::vector<double>* gradient) const {
  const std::size_t n = result_.size();
  const std::size_t share = (n + std::size_t(threads_) - 1) / std::size_t(threads_);
  std::vector<double> sums(static_cast<std::size_t>(threads_), 0.0);
  std::vector<std::vector<double>> grads(static_cast<std::size_t>(threads_));
  const double slope = k_ * ln10_over_400();
  std::vector<std::thread> workers;
  for (int t = 0; t < threads_; ++t)
    workers.emplace_back([&, t] {
      std::vector<double>& g = grads[std::size_t(t)];
      if (gradient) g.assign(theta.size(), 0.0);
      double sum = 0;
      const std::size_t first = std::size_t(t) * share, last = std::min(n, first + share);
      for (std::size_t p = first; p < last; ++p) {
        double q = constant_[p];
        for (std::size_t j = row_start_[p]; j < row_start_[p + 1]; ++j) q += coefficient_[j] * theta[weight_[j]];
        const double s = 1.0 / (1.0 + std::exp(-slope * q));
        const double d = result_[p] - s;
        sum += d * d;
        if (!gradient) continue;
        const double dq = -2.0 * d * s * (1.0 - s) * slope;
        for (std::size_t j = row_start_[p]; j < row_start_[p + 1]; ++j) g[weight_[j]] += dq * coefficient_[j];
      }
      sums[std::size_t(t)] = sum;
    });
  for (std::thread& w : workers) w.join();
  double total = 0;
  for (double s : sums) total += s;
  if (gradient) {
    gradient->assign(theta.size(), 0.0);
    for (const std::vector<double>& g : grads)
      for (std::size_t i = 0; i < g.size(); ++i) (*gradient)[i] += g[i] / double(std::max<std::size_t>(n, 1));
  }
  return n ? total / double(n) : 0;
}

}  // namespace tuner
