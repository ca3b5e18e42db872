#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>
#include <sstream>

#include "fitness/linear_texel.h"
#include "methods/tuning_method.h"
#include "space/method_settings.h"
#include "space/tuned_weights.h"

namespace tuner {

namespace {

// Gradient descent on the texel error of the traced evaluation (linear_texel.h): `epochs`
// passes over the positions, in mini-batches of `batch_size` positions (0: the whole set, one
// step an epoch; the set shuffled once by `seed`, the batches' order anew each epoch), each a
// step of Adam or AdaGrad, the rate falling linearly from learning_rate to a twentieth of it
// over the run; every `record_every` epochs are stored as one generation. `l2` adds l2 x the squared distance
// (in centipawns) of every weight from its start to the error: a few thousand games' labels
// cannot pin hundreds of weights, and this keeps those they say little about near the start.
struct GradientSettings {
  int epochs = 2000;
  static constexpr double MAX_LEARNING_RATE = 1000;
  double learning_rate = 1.0;  // about the centipawns a weight moves in one step, at the start
  int record_every = 20;
  double l2 = 0;
  std::string optimizer = "adam";  // or "adagrad"
  int batch_size = 0;
  std::uint64_t seed = 1;
  int generations() const { return (epochs + record_every - 1) / record_every; }
};

const SettingKey<GradientSettings> KEYS[] = {{"epochs", &GradientSettings::epochs},
                                             {"learning_rate", &GradientSettings::learning_rate},
                                             {"record_every", &GradientSettings::record_every},
                                             {"l2", &GradientSettings::l2},
                                             {"optimizer", &GradientSettings::optimizer},
                                             {"batch_size", &GradientSettings::batch_size},
                                             {"seed", &GradientSettings::seed}};

chess::Result<GradientSettings> read_settings(const nlohmann::json& section, const std::string& where) {
  auto read = read_method_settings(section, where, KEYS);
  CHESS_RETURN_IF_ERROR(read);
  const GradientSettings& s = *read;
  CHESS_RETURN_IF_ERROR(check_count(s.epochs, "epochs", 1, MAX_STEPS, where));
  CHESS_RETURN_IF_ERROR(check_count(s.record_every, "record_every", 1, MAX_STEPS, where));
  if (!(s.learning_rate > 0) || !(s.l2 >= 0))
    return chess::Error{where + ": 'learning_rate' must be positive, 'l2' not negative"};
  if (s.learning_rate > GradientSettings::MAX_LEARNING_RATE)
    return chess::Error{where + ": 'learning_rate' is a step in the weights' units, at most " +
                        std::to_string(int(GradientSettings::MAX_LEARNING_RATE)) + ", got " +
                        nlohmann::json(s.learning_rate).dump()};
  if (s.optimizer != "adam" && s.optimizer != "adagrad")
    return chess::Error{where + ": 'optimizer' must be \"adam\" or \"adagrad\", not \"" + s.optimizer + "\""};
  if (s.batch_size < 0) return chess::Error{where + ": 'batch_size' must be 0 (the whole set) or a number of positions"};
  return read;
}

GradientSettings settings_of(const TunerConfig& config) {
  return read_settings(config.method_section("gradient"), "gradient").value();
}

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

// A run: the optimiser over the linear model of the traced evaluation. The stored state is
// {"theta": the real-valued weights, "saved": the optimiser's whole state as text}. The result is
// the lowest error seen (the start, a printed block, the last): a rate too high for the weights
// can end a run above where it began, and such an end is no result.
class GradientRun : public MethodRun {
 public:
  explicit GradientRun(const MethodStart& m)
      : m_(m), s_(settings_of(m.config)), model_(shuffled(m, s_), m.config, m.start_weights) {
    optimizer_.adagrad = s_.optimizer == "adagrad";
    optimizer_.theta = tuned_real_values(m.config, m.start_weights);
    theta0_ = optimizer_.theta;
    optimizer_.m.assign(theta0_.size(), 0.0);
    optimizer_.v.assign(theta0_.size(), 0.0);
    best_ = nearest_values(m.config, theta0_);
    best_error_ = m.texel->error(with_values(m.config, m.start_weights, best_));
  }

  bool restore(const nlohmann::json& state) override {
    return state.is_object() && state.contains("saved") && state["saved"].is_string() &&
           optimizer_.restore(state["saved"].get<std::string>());
  }

  // A block of record_every epochs.
  chess::Result<MethodSteps> step(int block, int) override {
    const auto began = std::chrono::steady_clock::now();
    const int first_epoch = optimizer_.epoch;
    double linear_error = 0;
    for (int e = 0; e < s_.record_every && optimizer_.epoch < s_.epochs; ++e)
      linear_error = run_epoch(model_, s_, theta0_, rate_at(s_, optimizer_.epoch), m_.config, optimizer_);
    MethodStep step;
    step.current = nearest_values(m_.config, optimizer_.theta);
    step.best_fitness = step.mean_fitness = linear_error;
    step.candidates = {{0, "", values_json(m_.config, step.current), linear_error, 0}};
    step.state = {{"theta", optimizer_.theta}, {"saved", optimizer_.save()}};
    const int print_every = std::max(1, s_.generations() / 50);
    if ((block + 1) % print_every == 0 || optimizer_.epoch == s_.epochs) {
      const double error = m_.texel->error(with_values(m_.config, m_.start_weights, step.current));
      keep_if_best(step.current, error);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
      char line[240];
      std::snprintf(line, sizeof line, "epoch %d/%d  linear error %.6f  error %.6f  rate %.3g  %.2f s/epoch", optimizer_.epoch,
                    s_.epochs, linear_error, error, rate_at(s_, optimizer_.epoch),
                    seconds / std::max(1, optimizer_.epoch - first_epoch));
      step.progress = line;
    }
    MethodSteps steps;
    steps.steps.push_back(std::move(step));
    return steps;
  }

  chess::Result<MethodResult> result() override {
    const Values last = nearest_values(m_.config, optimizer_.theta);
    keep_if_best(last, m_.texel->error(with_values(m_.config, m_.start_weights, last)));
    MethodResult r{best_, best_error_, ""};
    if (best_epoch_ == 0 && last != best_)
      r.note = "result: the start weights (every printed epoch and the last fit worse: is 'learning_rate' too high?)\n";
    else if (best_epoch_ != optimizer_.epoch)
      r.note = "result: epoch " + std::to_string(best_epoch_) + ", whose error is the lowest printed (the last fits worse)\n";
    return r;
  }

 private:
  // The positions in the order the batches take them: shuffled once by the seed for mini-batches.
  static TexelFitness& shuffled(const MethodStart& m, const GradientSettings& s) {
    if (s.batch_size > 0) m.texel->shuffle(s.seed);
    return *m.texel;
  }

  void keep_if_best(const Values& values, double error) {
    if (error >= best_error_) return;
    best_ = values;
    best_error_ = error;
    best_epoch_ = optimizer_.epoch;
  }

  MethodStart m_;
  GradientSettings s_;
  LinearTexel model_;
  Optimizer optimizer_;
  std::vector<double> theta0_;
  Values best_;
  double best_error_ = 0;
  int best_epoch_ = 0;
};

class GradientMethod : public TuningMethod {
 public:
  const char* name() const override { return "gradient"; }
  const char* description() const override {
    return "Tune by gradient descent (Adam or AdaGrad, in mini-batches) on the texel error of the traced evaluation";
  }
  chess::Result<bool> check_settings(const nlohmann::json& section, const std::string& where) const override {
    auto s = read_settings(section, where);
    CHESS_RETURN_IF_ERROR(s);
    return true;
  }
  chess::Result<bool> check_run(const TunerConfig& config, const std::string& source) const override {
    if (config.fitness.type != "texel")
      return chess::Error{source +
                          ": fitness: gradient descent needs 'type': 'texel' (games give no gradient; use pbil or spsa)"};
    return k_stays_fixed(config, source);
  }
  int planned_steps(const TunerConfig& config) const override { return settings_of(config).generations(); }
  std::string games_plan(const TunerConfig&) const override { return ""; }
  std::unique_ptr<MethodRun> start(const MethodStart& m) const override { return std::make_unique<GradientRun>(m); }
  // A generation is record_every epochs; its fitness the mean error of its last epoch's batches
  // (each taken before its step).
  std::string describe_generation(const TunerConfig& config, const GenerationRow& g,
                                  const std::function<std::string(double)>& text) const override {
    const GradientSettings s = settings_of(config);
    const int epochs = std::min((g.generation + 1) * s.record_every, s.epochs);
    return "epochs to " + std::to_string(epochs) + "  linear " + text(g.best_fitness);
  }
};

}  // namespace

std::unique_ptr<TuningMethod> make_gradient_method() { return std::make_unique<GradientMethod>(); }

}  // namespace tuner
