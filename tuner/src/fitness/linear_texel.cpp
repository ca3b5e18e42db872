#include "fitness/linear_texel.h"

#include <cmath>

#include "data/parallel_shares.h"
#include "eval/trace.h"

namespace tuner {

LinearTexel::LinearTexel(const TexelFitness& texel, const TunerConfig& config, const eval::EvalParams& start) : texel_(texel) {
  const std::vector<int> flat = eval::flat_weights(start);
  start_.assign(flat.begin(), flat.end());
  std::vector<std::size_t> first_of_param;
  std::size_t offset = 0;
  for (const eval::ParamInfo& info : eval::param_list()) {
    first_of_param.push_back(offset);
    offset += std::size_t(info.size);
  }
  for (const TunedWeight& w : config.weights) flat_index_.push_back(first_of_param[w.param] + std::size_t(w.element));
}

double LinearTexel::error(const std::vector<double>& theta, std::vector<double>* gradient) const {
  return error(theta, gradient, 0, size());
}

double LinearTexel::error(const std::vector<double>& theta, std::vector<double>* gradient, std::size_t first,
                          std::size_t last) const {
  std::vector<double> weights = start_;
  for (std::size_t i = 0; i < theta.size(); ++i) weights[flat_index_[i]] = theta[i];
  const std::vector<double> values = TracedPositions::slot_values(weights);
  const TracedPositions& positions = texel_.positions();
  const double slope = texel_.k() * std::log(10.0) / 400.0;
  const std::size_t threads = std::size_t(std::max(1, texel_.threads()));
  std::vector<double> sums(threads, 0.0);
  std::vector<std::vector<double>> slot_gradients(threads);
  parallel_shares(last - first, texel_.threads(), [&](std::size_t from, std::size_t to, std::size_t t) {
    std::vector<double>& g = slot_gradients[t];
    if (gradient) g.assign(values.size(), 0.0);
    double sum = 0;
    for (std::size_t p = first + from; p < first + to; ++p) {
      const double s = 1.0 / (1.0 + std::exp(-slope * positions.score(p, values.data())));
      const double d = positions.result(p) - s;
      sum += d * d;
      if (gradient) positions.add_gradient(p, -2.0 * d * s * (1.0 - s) * slope, g.data());
    }
    sums[t] = sum;
  });
  const double n = double(std::max<std::size_t>(last - first, 1));
  if (gradient) {
    std::vector<double> flat(weights.size(), 0.0);
    for (const std::vector<double>& g : slot_gradients)
      if (!g.empty()) TracedPositions::add_flat_gradient(g, flat);
    gradient->assign(theta.size(), 0.0);
    for (std::size_t i = 0; i < theta.size(); ++i) (*gradient)[i] = flat[flat_index_[i]] / n;
  }
  double total = 0;
  for (double s : sums) total += s;
  return total / n;
}

}  // namespace tuner
