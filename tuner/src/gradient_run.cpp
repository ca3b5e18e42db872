#include "gradient_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>
#include <sstream>

#include "tuned_weights.h"
#include "tuning_method.h"

namespace tuner {

namespace {

// One optimiser step per mini-batch. Adam (Kingma and Ba 2015): each weight steps by the rate
// times its gradient's running mean over the root of its running square. AdaGrad (Duchi et al.
// 2011, as Ethereal's tuner uses it): by the rate times its gradient over the root of the sum of
// all its squared gradients so far. Either way every weight moves at a pace of its own,
// whatever the scale of its coefficients.
struct Optimizer {
  bool adagrad = false;
  std::vector<double> theta, m, v;
  int epoch = 0;           // passes over the positions done
  std::int64_t steps = 0;  // batches stepped

  void step(const std::vector<double>& gradient, double rate, const TunerConfig& config) {
    constexpr double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-12;
    ++steps;
    const double correction1 = 1 - std::pow(beta1, double(steps)), correction2 = 1 - std::pow(beta2, double(steps));
    for (std::size_t i = 0; i < theta.size(); ++i) {
      double update;
      if (adagrad) {
        v[i] += gradient[i] * gradient[i];
        update = rate * gradient[i] / (std::sqrt(v[i]) + epsilon);
      } else {
        m[i] = beta1 * m[i] + (1 - beta1) * gradient[i];
        v[i] = beta2 * v[i] + (1 - beta2) * gradient[i] * gradient[i];
        update = rate * (m[i] / correction1) / (std::sqrt(v[i] / correction2) + epsilon);
      }
      theta[i] = std::clamp(theta[i] - update, double(config.weights[i].min), double(config.weights[i].max));
    }
  }

  std::string save() const {
    std::ostringstream os;
    os.precision(17);
    os << theta.size() << ' ' << epoch;
    for (const std::vector<double>* values : {&theta, &m, &v})
      for (double x : *values) os << ' ' << x;
    os << ' ' << steps;
    return os.str();
  }

  // Runs stored before mini-batches hold no step count: a step was an epoch.
  bool restore(const std::string& text) {
    std::istringstream is(text);
    std::size_t n = 0;
    if (!(is >> n >> epoch) || n != theta.size()) return false;
    for (std::vector<double>* values : {&theta, &m, &v})
      for (double& x : *values) is >> x;
    if (!is) return false;
    if (!(is >> steps)) steps = epoch;
    return true;
  }
};

// The order of an epoch's mini-batches, each a run of consecutive positions of the set (which
// the method shuffled once, so that a batch mixes games and is read from memory in order): drawn
// anew each epoch from the seed and the epoch's number, so that a resumed run sees the same.
std::vector<std::size_t> batch_order(std::size_t batches, const GradientSettings& s, int epoch) {
  std::vector<std::size_t> order(batches);
  for (std::size_t i = 0; i < batches; ++i) order[i] = i;
  std::mt19937_64 random(s.seed ^ (0x9E3779B97F4A7C15ULL * std::uint64_t(epoch + 1)));
  std::shuffle(order.begin(), order.end(), random);
  return order;
}

// One pass over the positions, a step per batch; the error is the mean over the batches.
double run_epoch(const LinearTexel& model, const GradientSettings& s, const std::vector<double>& theta0, double rate,
                 const TunerConfig& config, Optimizer& optimizer) {
  const std::size_t n = model.size(), batch = s.batch_size == 0 ? std::max<std::size_t>(n, 1) : std::size_t(s.batch_size);
  std::vector<double> gradient;
  double error_sum = 0;
  for (std::size_t b : batch_order((n + batch - 1) / batch, s, optimizer.epoch)) {
    const std::size_t first = b * batch, last = std::min(n, first + batch);
    error_sum += model.error(optimizer.theta, &gradient, first, last) * double(last - first);
    for (std::size_t i = 0; i < gradient.size(); ++i) gradient[i] += 2 * s.l2 * (optimizer.theta[i] - theta0[i]);
    optimizer.step(gradient, rate, config);
  }
  ++optimizer.epoch;
  return error_sum / double(std::max<std::size_t>(n, 1));
}

// The learning rate falls linearly to a twentieth of its start over the run.
double rate_at(const GradientSettings& s, int epoch) { return s.learning_rate * (1.0 - 0.95 * double(epoch) / double(s.epochs)); }

}  // namespace

chess::Result<RunOutcome> run_gradient(const TunerConfig& config, const eval::EvalParams& start, const LinearTexel& model,
                                       TexelFitness& texel, harness::Database& db, std::int64_t run_id, std::ostream& out,
                                       const RunHooks& hooks) {
  const GradientSettings& s = config.gradient;
  Optimizer optimizer;
  optimizer.adagrad = s.optimizer == "adagrad";
  optimizer.theta = tuned_real_values(config, start);
  const std::vector<double> theta0 = optimizer.theta;
  optimizer.m.assign(optimizer.theta.size(), 0.0);
  optimizer.v.assign(optimizer.theta.size(), 0.0);
  auto stored_rows = db.generations(run_id);
  CHESS_RETURN_IF_ERROR(stored_rows);
  const std::vector<harness::GenerationRow> stored = std::move(stored_rows).value();
  if (!stored.empty()) {
    if (!optimizer.restore(stored.back().state))
      return chess::Error{"run " + std::to_string(run_id) + ": stored tuner state does not match the configuration"};
    out << "Resuming tuner run " << run_id << " at epoch " << optimizer.epoch + 1 << "\n";
  }
  const int blocks = s.generations();
  const int print_every = std::max(1, blocks / 50);
  auto started = std::chrono::steady_clock::now();
  RunOutcome outcome;
  // The result is the lowest error seen (the start, a printed epoch, the last): a rate too high
  // for the weights can end a run above where it began, and such an end is no result.
  outcome.best = nearest_values(config, theta0);
  outcome.best_fitness = texel.error(with_values(config, start, outcome.best));
  int best_epoch = 0;
  const auto keep_if_best = [&](const Values& values, double error) {
    if (error >= outcome.best_fitness) return;
    outcome.best = values;
    outcome.best_fitness = error;
    best_epoch = optimizer.epoch;
  };
  int epochs_run = 0;
  while (optimizer.epoch < s.epochs) {
    if (hooks.stop_after >= 0 && outcome.generations_run >= hooks.stop_after) break;
    const int block = optimizer.epoch / s.record_every;
    double linear_error = 0;
    for (int e = 0; e < s.record_every && optimizer.epoch < s.epochs; ++e, ++epochs_run)
      linear_error = run_epoch(model, s, theta0, rate_at(s, optimizer.epoch), config, optimizer);
    const Values values = nearest_values(config, optimizer.theta);
    const eval::EvalParams current = with_values(config, start, values);
    std::vector<harness::IndividualRow> rows{{0, "", values_json(config, values), linear_error, 0}};
    nlohmann::json theta = optimizer.theta;
    CHESS_RETURN_IF_ERROR(
        db.save_generation(run_id, {block, 0.0, linear_error, linear_error, theta.dump(), optimizer.save()}, rows));
    ++outcome.generations_run;
    if ((block + 1) % print_every == 0 || optimizer.epoch == s.epochs) {
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      const double remaining = elapsed / outcome.generations_run * double(blocks - block - 1);
      std::string note = hooks.progress_note ? "  " + hooks.progress_note(values) : "";
      const double error = texel.error(current);
      keep_if_best(values, error);
      char line[360];
      std::snprintf(line, sizeof line,
                    "epoch %d/%d  linear error %.6f  error %.6f%s  rate %.3g  %.2f s/epoch  elapsed %.0f s  remaining %.0f s\n",
                    optimizer.epoch, s.epochs, linear_error, error, note.c_str(), rate_at(s, optimizer.epoch),
                    elapsed / std::max(1, epochs_run), elapsed, remaining);
      out << line << std::flush;
    }
    if (hooks.after_generation) {
      auto r = hooks.after_generation(block + 1, values);
      CHESS_RETURN_IF_ERROR(r);
    }
  }
  outcome.complete = optimizer.epoch >= s.epochs;
  const Values last = nearest_values(config, optimizer.theta);
  keep_if_best(last, texel.error(with_values(config, start, last)));
  if (best_epoch == 0 && last != outcome.best)
    outcome.note = "result: the start weights (every printed epoch and the last fit worse: is 'learning_rate' too high?)\n";
  else if (best_epoch != optimizer.epoch)
    outcome.note = "result: epoch " + std::to_string(best_epoch) + ", whose error is the lowest printed (the last fits worse)\n";
  return outcome;
}

namespace {

class GradientMethod : public TuningMethod {
 public:
  const char* name() const override { return "gradient"; }
  const char* description() const override {
    return "Tune by gradient descent (Adam or AdaGrad, in mini-batches) on the texel error of the traced evaluation";
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
    if (c.config.gradient.batch_size > 0) c.texel->shuffle(c.config.gradient.seed);
    const LinearTexel linear(*c.texel, c.config, c.start_weights);
    return run_gradient(c.config, c.start_weights, linear, *c.texel, c.db, c.run_id, c.out, c.hooks);
  }
  // A generation is record_every epochs; its fitness the mean error of its last epoch's batches
  // (each taken before its step).
  std::string describe_generation(const TunerConfig& config, const harness::GenerationRow& g,
                                  const std::function<std::string(double)>& text) const override {
    const int epochs = std::min((g.generation + 1) * config.gradient.record_every, config.gradient.epochs);
    return "epochs to " + std::to_string(epochs) + "  linear " + text(g.best_fitness);
  }
};

}  // namespace

std::unique_ptr<TuningMethod> make_gradient_method() { return std::make_unique<GradientMethod>(); }

}  // namespace tuner
