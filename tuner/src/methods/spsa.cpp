#include "methods/spsa.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>

namespace tuner {

Spsa::Spsa(const TunerConfig& config, const SpsaSettings& settings, const Values& start)
    : config_(config), settings_(settings), rng_(settings.seed) {
  for (std::size_t i = 0; i < config.weights.size(); ++i) {
    const TunedWeight& w = config.weights[i];
    theta_.push_back(std::clamp(double(start[i]), double(w.min), double(w.max)));
    c_end_.push_back(w.c_end > 0 ? w.c_end : std::max(double(w.step), settings.c_end_fraction * double(w.max - w.min)));
    r_end_.push_back(w.r_end > 0 ? w.r_end : settings.r_end);
  }
}

double Spsa::c(std::size_t i, int k) const {
  const SpsaSettings& s = settings_;
  const double c = c_end_[i] * std::pow(double(s.iterations) / double(k + 1), s.gamma);
  const bool integer = config_.weights[i].type != "real";
  return integer ? std::max(c, s.int_c_floor * config_.weights[i].step) : c;
}

double Spsa::step_size(std::size_t i, int k) const {
  const SpsaSettings& s = settings_;
  const double a = s.a_ratio * s.iterations;
  const double a_k = r_end_[i] * c_end_[i] * c_end_[i] * std::pow((a + s.iterations) / (a + k + 1), s.alpha);
  return a_k / c(i, k);  // R_k c_k = a_k / c_k
}

Values Spsa::current() const { return nearest_values(config_, theta_); }

Spsa::Step Spsa::perturb(int ahead) {
  Step step;
  step.k = k_ + ahead;
  std::vector<double> plus = theta_, minus = theta_;
  for (std::size_t i = 0; i < theta_.size(); ++i) {
    int d = (rng_() & 1) ? 1 : -1;
    step.delta.push_back(d);
    plus[i] += c(i, step.k) * d;
    minus[i] -= c(i, step.k) * d;
  }
  std::tie(step.plus, step.minus) = rounded(plus, minus);
  return step;
}

std::pair<Values, Values> Spsa::rounded(const std::vector<double>& plus, const std::vector<double>& minus) {
  if (settings_.rounding == SpsaRounding::NEAREST) return {nearest_values(config_, plus), nearest_values(config_, minus)};
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  auto on_grid = [](const TunedWeight& w, double x, double u) {
    const double steps = std::floor((x - w.min) / w.step + u);
    return std::clamp(w.min + int(steps) * w.step, w.min, w.max);
  };
  Values p, m;
  for (std::size_t i = 0; i < plus.size(); ++i) {
    const TunedWeight& w = config_.weights[i];
    const double u = uniform(rng_);
    p.push_back(on_grid(w, plus[i], u));
    m.push_back(on_grid(w, minus[i], settings_.rounding == SpsaRounding::STOCHASTIC ? uniform(rng_) : u));
  }
  return {p, m};
}

void Spsa::update(const Step& step, double result) {
  for (std::size_t i = 0; i < theta_.size(); ++i) {
    const TunedWeight& w = config_.weights[i];
    const double move = step_size(i, step.k) * result / scale_ * step.delta[i];
    theta_[i] = std::clamp(theta_[i] + move, double(w.min), double(w.max));
  }
  ++k_;
}

std::string Spsa::save() const {
  std::ostringstream os;
  os.precision(17);
  os << theta_.size();
  for (double t : theta_) os << ' ' << t;
  os << ' ' << k_ << ' ' << scale_ << ' ' << rng_;
  return os.str();
}

bool Spsa::restore(const std::string& text) {
  std::istringstream is(text);
  std::size_t n = 0;
  if (!(is >> n) || n != theta_.size()) return false;
  for (double& t : theta_) is >> t;
  is >> k_ >> scale_ >> rng_;
  return bool(is);
}

}  // namespace tuner
