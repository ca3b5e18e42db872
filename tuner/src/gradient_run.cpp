#include "gradient_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "tuned_weights.h"
#include "tuning_method.h"

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
  auto stored_rows = db.generations(run_id);
  if (!stored_rows) return chess::Error{stored_rows.error()};
  const std::vector<harness::GenerationRow> stored = std::move(stored_rows).value();
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
    if (auto saved = db.save_generation(run_id, {block, 0.0, linear_error, linear_error, theta.dump(), adam.save()}, rows);
        !saved)
      return chess::Error{saved.error()};
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

namespace {

class GradientMethod : public TuningMethod {
 public:
  const char* name() const override { return "gradient"; }
  const char* description() const override {
    return "Tune by gradient descent (Adam) on the texel error of the linearised evaluation";
  }
  chess::Result<bool> check(const TunerConfig& config, const std::string& source) const override {
    if (config.fitness.type != "texel")
      return chess::Error{source +
                          ": fitness: gradient descent needs 'type': 'texel' (games give no gradient; use pbil or spsa)"};
    if (config.fitness.k == "refit")
      return chess::Error{
          source + ": fitness: 'k': \"refit\" works with pbil (between generations); use \"start\", \"defaults\" or a number"};
    return true;
  }
  int planned_generations(const TunerConfig& config) const override { return config.gradient.generations(); }
  std::string games_plan(const TunerConfig&) const override { return ""; }
  chess::Result<RunOutcome> run(const TuningContext& c) const override {
    LinearTexel linear(*c.texel, c.config, c.start_weights, c.config.fitness.threads);
    c.out << "Linearised evaluation: " << linear.size() << " positions (" << linear.left_out()
          << " left out: their quiescence score is not their evaluation), error "
          << linear.error(tuned_real_values(c.config, c.start_weights), nullptr) << std::endl;
    return run_gradient(c.config, c.start_weights, linear, *c.texel, c.db, c.run_id, c.out, c.hooks);
  }
  // A generation is record_every epochs; its fitness the linearised error at its end.
  std::string describe_generation(const TunerConfig& config, const harness::GenerationRow& g,
                                  const std::function<std::string(double)>& text) const override {
    const int epochs = std::min((g.generation + 1) * config.gradient.record_every, config.gradient.epochs);
    return "epochs to " + std::to_string(epochs) + "  linear " + text(g.best_fitness);
  }
};

}  // namespace

std::unique_ptr<TuningMethod> make_gradient_method() { return std::make_unique<GradientMethod>(); }

}  // namespace tuner
