#include "gradient_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "tuned_weights.h"

namespace tuner {

namespace {

// Adam (Kingma and Ba 2015): each weight steps by the learning rate times its gradient's
// running mean over the root of its running square, so every weight moves at a similar pace
// whatever the scale of its coefficients.
struct Adam {
  std::vector<double> theta, m, v;
  int epoch = 0;

  void step(const std::vector<double>& gradient, double rate, const TunerConfig& config) {
    constexpr double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-12;
    ++epoch;
    const double correction1 = 1 - std::pow(beta1, epoch), correction2 = 1 - std::pow(beta2, epoch);
    for (std::size_t i = 0; i < theta.size(); ++i) {
      m[i] = beta1 * m[i] + (1 - beta1) * gradient[i];
      v[i] = beta2 * v[i] + (1 - beta2) * gradient[i] * gradient[i];
      const double update = rate * (m[i] / correction1) / (std::sqrt(v[i] / correction2) + epsilon);
      theta[i] = std::clamp(theta[i] - update, double(config.weights[i].min), double(config.weights[i].max));
    }
  }

  std::string save() const {
    std::ostringstream os;
    os.precision(17);
    os << theta.size() << ' ' << epoch;
    for (const std::vector<double>* values : {&theta, &m, &v})
      for (double x : *values) os << ' ' << x;
    return os.str();
  }

  bool restore(const std::string& text) {
    std::istringstream is(text);
    std::size_t n = 0;
    if (!(is >> n >> epoch) || n != theta.size()) return false;
    for (std::vector<double>* values : {&theta, &m, &v})
      for (double& x : *values) is >> x;
    return bool(is);
  }
};

// The learning rate falls linearly to a twentieth of its start over the run.
double rate_at(const GradientSettings& s, int epoch) { return s.learning_rate * (1.0 - 0.95 * double(epoch) / double(s.epochs)); }

}  // namespace

chess::Result<RunOutcome> run_gradient(const TunerConfig& config, const eval::EvalParams& start, const LinearTexel& model,
                                       TexelFitness& texel, harness::Database& db, std::int64_t run_id, std::ostream& out,
                                       const RunHooks& hooks) {
  const GradientSettings& s = config.gradient;
  Adam adam;
  adam.theta = tuned_real_values(config, start);
  const std::vector<double> theta0 = adam.theta;
  adam.m.assign(adam.theta.size(), 0.0);
  adam.v.assign(adam.theta.size(), 0.0);
  std::vector<harness::GenerationRow> stored = db.generations(run_id);
  if (!stored.empty()) {
    if (!adam.restore(stored.back().state))
      return chess::Error{"run " + std::to_string(run_id) + ": stored tuner state does not match the configuration"};
    out << "Resuming tuner run " << run_id << " at epoch " << adam.epoch + 1 << "\n";
  }
  const int blocks = s.generations();
  const int print_every = std::max(1, blocks / 50);
  auto started = std::chrono::steady_clock::now();
  RunOutcome outcome;
  std::vector<double> gradient;
  while (adam.epoch < s.epochs) {
    if (hooks.stop_after >= 0 && outcome.generations_run >= hooks.stop_after) break;
    const int block = adam.epoch / s.record_every;
    double linear_error = 0;
    for (int e = 0; e < s.record_every && adam.epoch < s.epochs; ++e) {
      linear_error = model.error(adam.theta, &gradient);
      for (std::size_t i = 0; i < gradient.size(); ++i) gradient[i] += 2 * s.l2 * (adam.theta[i] - theta0[i]);
      adam.step(gradient, rate_at(s, adam.epoch), config);
    }
    const Values values = nearest_values(config, adam.theta);
    const eval::EvalParams current = with_values(config, start, values);
    std::vector<harness::IndividualRow> rows{{0, "", values_json(config, values), linear_error, 0}};
    nlohmann::json theta = adam.theta;
    db.save_generation(run_id, {block, 0.0, linear_error, linear_error, theta.dump(), adam.save()}, rows);
    ++outcome.generations_run;
    if ((block + 1) % print_every == 0 || adam.epoch == s.epochs) {
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      const double remaining = elapsed / outcome.generations_run * double(blocks - block - 1);
      std::string note = hooks.progress_note ? "  " + hooks.progress_note(values) : "";
      char line[320];
      std::snprintf(line, sizeof line,
                    "epoch %d/%d  linear error %.6f  error %.6f%s  rate %.3f  elapsed %.0f s  remaining %.0f s\n", adam.epoch,
                    s.epochs, linear_error, texel.error(current), note.c_str(), rate_at(s, adam.epoch), elapsed, remaining);
      out << line << std::flush;
    }
    if (hooks.after_generation) {
      auto r = hooks.after_generation(block + 1, values);
      if (!r) return chess::Error{r.error()};
    }
  }
  outcome.complete = adam.epoch >= s.epochs;
  outcome.best = nearest_values(config, adam.theta);
  outcome.best_fitness = texel.error(with_values(config, start, outcome.best));
  return outcome;
}

}  // namespace tuner
