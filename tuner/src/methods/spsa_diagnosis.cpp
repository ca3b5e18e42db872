#include "methods/spsa_diagnosis.h"

#include <cmath>
#include <sstream>

namespace tuner {

namespace {

std::string text(double v) {
  std::ostringstream os;
  os.precision(6);
  os << v;
  return os.str();
}

// The iteration (from 1) from which c stays below half a grid step, or 0 if it never does.
int first_silent_iteration(const Spsa& spsa, std::size_t i, int iterations, double half_step) {
  if (spsa.c(i, iterations - 1) >= half_step) return 0;
  int lo = 0, hi = iterations - 1;  // c falls with k: the first k with c below half a step
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (spsa.c(i, mid) < half_step)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo + 1;
}

}  // namespace

std::vector<std::string> spsa_diagnosis(const TunerConfig& config, const SpsaSettings& settings) {
  std::vector<std::string> problems;
  Values start;
  for (const TunedWeight& w : config.weights) start.push_back(w.start.value_or(w.min));
  const Spsa spsa(config, settings, start);
  if (config.parameter_lines)
    for (const SpsaLine& p : config.parameter_lines->params)
      if (p.start < p.min || p.start > p.max)
        problems.push_back(p.name + ": start " + text(p.start) + " lies outside [" + text(p.min) + ", " + text(p.max) +
                           "]; it starts at " + text(p.start < p.min ? p.min : p.max));
  for (std::size_t i = 0; i < config.weights.size(); ++i) {
    const TunedWeight& w = config.weights[i];
    const double unit = w.scale, c_first = spsa.c(i, 0);
    if (w.max - w.min < 2 * c_first)
      problems.push_back(w.name + ": the range [" + text(w.min / unit) + ", " + text(w.max / unit) +
                         "] is narrower than the first perturbations, +/-" + text(c_first / unit) +
                         ": theta+ and theta- are clipped at its ends");
    if (w.type == "real") continue;
    const int silent = first_silent_iteration(spsa, i, settings.iterations, 0.5 * w.step);
    if (!silent) continue;
    const double c_end = spsa.c(i, settings.iterations - 1) / unit;
    problems.push_back(w.name + ": c_end " + text(c_end) + " is below half a step (" + text(0.5 * w.step / unit) +
                       "): from iteration " + std::to_string(silent) + " of " + std::to_string(settings.iterations) +
                       (settings.rounding == SpsaRounding::NEAREST
                            ? ", theta+ and theta- round to the same value, and the pairs carry no signal for it"
                            : ", theta+ and theta- take the same value in most pairs (stochastic rounding), which carry no signal for it"));
  }
  return problems;
}

}  // namespace tuner
