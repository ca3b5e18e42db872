#include "spsa.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "tuned_weights.h"

namespace tuner {

Spsa::Spsa(const TunerConfig& config, const eval::EvalParams& start) : config_(config), rng_(config.spsa.seed) {
  for (const TunedWeight& w : config.weights) {
    theta_.push_back(std::clamp(double(eval::param_data(start, w.param)[w.element]), double(w.min), double(w.max)));
    c_end_.push_back(std::max(double(w.step), config.spsa.c_end_fraction * double(w.max - w.min)));
  }
}

double Spsa::c(std::size_t i) const {
  const SpsaSettings& s = config_.spsa;
  return c_end_[i] * std::pow(double(s.iterations) / double(k_ + 1), s.gamma);
}

double Spsa::r() const {
  const SpsaSettings& s = config_.spsa;
  const double a = s.a_ratio * s.iterations;
  return s.r_end * std::pow((a + s.iterations) / (a + k_ + 1), s.alpha);
}

eval::EvalParams Spsa::current(const eval::EvalParams& base) const { return with_tuned_values(config_, base, theta_); }

Spsa::Step Spsa::perturb(const eval::EvalParams& base) {
  Step step;
  std::vector<double> plus = theta_, minus = theta_;
  for (std::size_t i = 0; i < theta_.size(); ++i) {
    int d = (rng_() & 1) ? 1 : -1;
    step.delta.push_back(d);
    plus[i] += c(i) * d;
    minus[i] -= c(i) * d;
  }
  step.plus = with_tuned_values(config_, base, plus);
  step.minus = with_tuned_values(config_, base, minus);
  return step;
}

void Spsa::update(const Step& step, double result) {
  const double factor = r() * result / scale_;
  for (std::size_t i = 0; i < theta_.size(); ++i) {
    const TunedWeight& w = config_.weights[i];
    theta_[i] = std::clamp(theta_[i] + factor * c(i) * step.delta[i], double(w.min), double(w.max));
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
