// The nlopt method: NLopt's optimisers (Steven G. Johnson's library, Debian libnlopt-cxx-dev)
// chosen by name in the method's settings. With a gradient, L-BFGS or MMA minimise the texel
// error of the traced evaluation's linear model (as gradient descent does); without one, BOBYQA,
// Nelder-Mead, Subplex, COBYLA, CRS, ESCH or ISRES minimise any fitness (texel or games) at the
// weights rounded to their grid. Each evaluation counts against `evaluations`; a stored step is
// `evaluations_per_step` of them.
//
// NLopt runs its own loop and calls back for each point, so it runs on a thread of its own that
// is let through `evaluations_per_step` calls at a time: the optimiser keeps its state (L-BFGS's
// memory, BOBYQA's model) from one step to the next. A stopped run resumes from its best point
// with the evaluations left, the algorithm started afresh there: an interrupted run does not
// replay an uninterrupted one, as SPSA's or PBIL's does.
#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <limits>
#include <mutex>
#include <nlohmann/json.hpp>
#include <nlopt.hpp>
#include <optional>
#include <thread>
#include <utility>

#include "core/nearest_names.h"
#include "fitness/linear_texel.h"
#include "methods/tuning_method.h"
#include "space/method_settings.h"
#include "space/tuned_weights.h"

namespace tuner {

namespace {

struct NloptSettings {
  std::string algorithm = "lbfgs";
  int evaluations = 2560;
  int evaluations_per_step = 64;
  double initial_step = 0;  // derivative-free: the first step, a fraction of each range (0: NLopt's choice)
  std::uint64_t seed = 1;   // the stochastic algorithms' (CRS, ESCH, ISRES) random numbers
};

struct Algorithm {
  const char* name;
  nlopt::algorithm id;
  bool gradient;  // minimises the linear model of the texel error, with its gradient
};

const Algorithm ALGORITHMS[] = {
    {"lbfgs", nlopt::LD_LBFGS, true},    {"mma", nlopt::LD_MMA, true},
    {"bobyqa", nlopt::LN_BOBYQA, false}, {"neldermead", nlopt::LN_NELDERMEAD, false},
    {"sbplx", nlopt::LN_SBPLX, false},   {"cobyla", nlopt::LN_COBYLA, false},
    {"crs", nlopt::GN_CRS2_LM, false},   {"esch", nlopt::GN_ESCH, false},
    {"isres", nlopt::GN_ISRES, false},
};

const Algorithm* find_algorithm(const std::string& name) {
  for (const Algorithm& a : ALGORITHMS)
    if (name == a.name) return &a;
  return nullptr;
}

const SettingKey<NloptSettings> KEYS[] = {{"algorithm", &NloptSettings::algorithm},
                                          {"evaluations", &NloptSettings::evaluations},
                                          {"evaluations_per_step", &NloptSettings::evaluations_per_step},
                                          {"initial_step", &NloptSettings::initial_step},
                                          {"seed", &NloptSettings::seed}};

chess::Result<NloptSettings> read_settings(const nlohmann::json& section, const std::string& where) {
  auto read = read_method_settings(section, where, KEYS);
  CHESS_RETURN_IF_ERROR(read);
  const NloptSettings& s = *read;
  if (!find_algorithm(s.algorithm)) {
    std::vector<std::string> names;
    for (const Algorithm& a : ALGORITHMS) names.push_back(a.name);
    const auto near = chess::nearest_names(s.algorithm, names, 1);
    return chess::Error{where + ": unknown 'algorithm' '" + s.algorithm + "'" +
                        (near.empty() ? "" : " (did you mean '" + near[0] + "'?)")};
  }
  CHESS_RETURN_IF_ERROR(check_count(s.evaluations, "evaluations", 1, MAX_STEPS, where));
  CHESS_RETURN_IF_ERROR(check_count(s.evaluations_per_step, "evaluations_per_step", 1, MAX_STEPS, where));
  if (!(s.initial_step >= 0 && s.initial_step <= 1))
    return chess::Error{where + ": 'initial_step' is a fraction of each range, from 0 (NLopt's choice) to 1"};
  return read;
}

NloptSettings settings_of(const TunerConfig& config) { return read_settings(config.method_section("nlopt"), "nlopt").value(); }

// One evaluated point.
struct Evaluation {
  std::vector<double> x;
  Score score;
};

// NLopt's loop on a thread of its own, let through a number of evaluations at a time.
class Optimiser {
 public:
  using Objective =
      std::function<chess::Result<double>(const std::vector<double>& x, std::vector<double>& gradient, std::int64_t& match_run)>;
  Optimiser(nlopt::opt opt, std::vector<double> x0, std::uint64_t seed, Objective objective)
      : opt_(std::move(opt)), x_(std::move(x0)), seed_(seed), objective_(std::move(objective)) {}
  ~Optimiser() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

  // Lets `count` (at least 1) evaluations through and waits for them; empty when the optimiser
  // has ended.
  chess::Result<std::vector<Evaluation>> run(int count) {
    if (!thread_.joinable()) thread_ = std::thread([this] { optimise(); });
    std::unique_lock lock(mutex_);
    allowed_ = count;
    waiting_ = false;
    changed_.notify_all();
    changed_.wait(lock, [&] { return (allowed_ == 0 && waiting_) || ended_; });
    if (!error_.empty()) return chess::Error{error_};
    return std::exchange(done_, {});
  }
  bool ended() {
    std::lock_guard lock(mutex_);
    return ended_ && done_.empty();
  }
  // Why NLopt ended ("XTOL_REACHED", "ROUNDOFF_LIMITED: ..."), once it has.
  std::string end_reason() {
    std::lock_guard lock(mutex_);
    return note_;
  }

 private:
  // NLopt's random numbers are its thread's: the stochastic algorithms are seeded here.
  void optimise() {
    nlopt::srand(seed_);
    opt_.set_min_objective([](const std::vector<double>& x, std::vector<double>& gradient,
                              void* self) { return static_cast<Optimiser*>(self)->evaluate(x, gradient); },
                           this);
    double best = 0;
    std::string reason;
    std::string failure;
    try {
      reason = nlopt_result_to_string(nlopt_result(opt_.optimize(x_, best)));
    } catch (const nlopt::forced_stop&) {       // a stop, or the fitness's error (in error_)
    } catch (const nlopt::roundoff_limited&) {  // no more progress is possible: the run ends there
      reason = nlopt_result_to_string(NLOPT_ROUNDOFF_LIMITED);
    } catch (const std::exception& e) {  // invalid arguments, no memory, NLopt's failure: an error
      failure =
          std::string("NLopt failed (") + nlopt_result_to_string(nlopt_result(opt_.last_optimize_result())) + "): " + e.what();
    }
    std::lock_guard lock(mutex_);
    note_ = reason;
    if (error_.empty()) error_ = failure;
    ended_ = true;
    changed_.notify_all();
  }

  double evaluate(const std::vector<double>& x, std::vector<double>& gradient) {
    {
      std::unique_lock lock(mutex_);
      if (allowed_ == 0) {
        waiting_ = true;
        changed_.notify_all();
        changed_.wait(lock, [&] { return allowed_ > 0 || stopping_; });
      }
      if (stopping_ || !error_.empty()) throw nlopt::forced_stop();
      --allowed_;
    }
    std::int64_t match_run = 0;
    chess::Result<double> value = chess::Error{""};
    try {
      value = objective_(x, gradient, match_run);
    } catch (const std::exception& e) {  // NLopt would take it for a failure of its own and lose the message
      value = chess::Error{e.what()};
    }
    std::lock_guard lock(mutex_);
    if (!value) {
      error_ = value.error();
      throw nlopt::forced_stop();
    }
    done_.push_back({x, {*value, match_run}});
    return *value;
  }

  nlopt::opt opt_;
  std::vector<double> x_;
  std::uint64_t seed_;
  Objective objective_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int allowed_ = 0;
  bool waiting_ = false, ended_ = false, stopping_ = false;
  std::vector<Evaluation> done_;
  std::string error_, note_;
};

// A run. The stored state is {"x": the best point (real-valued), "fitness": its value,
// "evaluations": those made so far, "ended": whether NLopt stopped before its budget}.
class NloptRun : public MethodRun {
 public:
  explicit NloptRun(const MethodStart& m) : m_(m), s_(settings_of(m.config)), algorithm_(*find_algorithm(s_.algorithm)) {
    if (algorithm_.gradient) model_.emplace(*m.texel, m.config, m.start_weights);
    best_ =
        algorithm_.gradient ? tuned_real_values(m.config, m.start_weights) : std::vector<double>(m.start.begin(), m.start.end());
    for (std::size_t i = 0; i < best_.size(); ++i)  // NLopt refuses a start outside the bounds
      best_[i] = std::clamp(best_[i], double(m.config.weights[i].min), double(m.config.weights[i].max));
  }

  bool restore(const nlohmann::json& state) override {
    if (!state.is_object() || !state.contains("x") || !state["x"].is_array() || state["x"].size() != best_.size()) return false;
    for (const nlohmann::json& x : state["x"])
      if (!x.is_number()) return false;
    best_ = state["x"].get<std::vector<double>>();
    // An infinite fitness (no evaluation yet) is stored as null.
    best_fitness_ = state.contains("fitness") && state["fitness"].is_number() ? state["fitness"].get<double>()
                                                                              : std::numeric_limits<double>::infinity();
    if (!state.contains("evaluations") || !state["evaluations"].is_number_integer()) return false;
    evaluations_ = state["evaluations"].get<int>();
    ended_ = state.contains("ended") && state["ended"].is_boolean() && state["ended"].get<bool>();
    return true;
  }

  chess::Result<MethodSteps> step(int next, int) override {
    const int count = std::min(s_.evaluations_per_step, s_.evaluations - evaluations_);
    if (count <= 0) return MethodSteps{{}, true, ""};
    if (!optimiser_) optimiser_ = std::make_unique<Optimiser>(make_opt(), best_, s_.seed, objective());
    if (ended_ || optimiser_->ended()) return MethodSteps{{}, true, end_note()};
    auto evaluated = optimiser_->run(count);
    CHESS_RETURN_IF_ERROR(evaluated);
    if (evaluated->empty()) return MethodSteps{{}, true, end_note()};
    MethodStep step = record(*evaluated);
    ended_ = optimiser_->ended() && evaluations_ < s_.evaluations;
    step.state = {{"x", best_}, {"fitness", best_fitness_}, {"evaluations", evaluations_}, {"ended", ended_}};
    char line[200];
    std::snprintf(line, sizeof line, "step %d  evaluations %d/%d  best %s%s (%s)", next + 1, evaluations_, s_.evaluations,
                  algorithm_.gradient ? "linear " : "", m_.fitness.describe(best_fitness_).c_str(), algorithm_.name);
    step.progress = line;
    MethodSteps steps;
    steps.steps.push_back(std::move(step));
    return steps;
  }

  chess::Result<MethodResult> result() override {
    const Values best = nearest_values(m_.config, best_);
    if (!algorithm_.gradient) return MethodResult{best, best_fitness_, ""};
    return MethodResult{best, m_.texel->error(with_values(m_.config, m_.start_weights, best)), ""};
  }

 private:
  std::string end_note() {
    const std::string reason = optimiser_->end_reason();
    return "NLopt ended after " + std::to_string(evaluations_) + " of " + std::to_string(s_.evaluations) + " evaluations" +
           (reason.empty() ? "" : " (" + reason + ")");
  }

  nlopt::opt make_opt() const {
    nlopt::opt opt(algorithm_.id, unsigned(best_.size()));
    std::vector<double> lower, upper, steps;
    for (const TunedWeight& w : m_.config.weights) {
      lower.push_back(w.min);
      upper.push_back(w.max);
      steps.push_back(std::max(double(w.step), s_.initial_step * double(w.max - w.min)));
    }
    opt.set_lower_bounds(lower);
    opt.set_upper_bounds(upper);
    if (!algorithm_.gradient && s_.initial_step > 0) opt.set_initial_step(steps);
    opt.set_maxeval(s_.evaluations - evaluations_);
    return opt;
  }

  // The texel error of the linear model and its gradient, or the fitness at the grid's point.
  Optimiser::Objective objective() {
    if (algorithm_.gradient)
      return [this](const std::vector<double>& x, std::vector<double>& gradient, std::int64_t&) -> chess::Result<double> {
        std::vector<double> g;
        const double error = model_->error(x, &g);
        if (!gradient.empty()) gradient = g;
        return error;
      };
    return [this](const std::vector<double>& x, std::vector<double>&, std::int64_t& match_run) -> chess::Result<double> {
      auto scores = m_.fitness.score({nearest_values(m_.config, x)}, evaluations_ + int(pending_++));
      CHESS_RETURN_IF_ERROR(scores);
      match_run = (*scores)[0].match_run;
      return (*scores)[0].fitness;
    };
  }

  // A step's rows: each evaluation of a fitness; for the linear model, the step's best point.
  MethodStep record(const std::vector<Evaluation>& evaluated) {
    MethodStep step;
    const Evaluation* best_here = &evaluated.front();
    for (const Evaluation& e : evaluated) {
      if (e.score.fitness < best_here->score.fitness) best_here = &e;
      step.mean_fitness += e.score.fitness / double(evaluated.size());
      if (!algorithm_.gradient)
        step.candidates.push_back({int(step.candidates.size()), "", values_json(m_.config, nearest_values(m_.config, e.x)),
                                   e.score.fitness, e.score.match_run});
    }
    if (algorithm_.gradient)
      step.candidates.push_back(
          {0, "", values_json(m_.config, nearest_values(m_.config, best_here->x)), best_here->score.fitness, 0});
    step.best_fitness = best_here->score.fitness;
    if (best_here->score.fitness < best_fitness_) {
      best_fitness_ = best_here->score.fitness;
      best_ = best_here->x;
    }
    evaluations_ += int(evaluated.size());
    pending_ = 0;
    step.current = nearest_values(m_.config, best_);
    return step;
  }

  MethodStart m_;
  NloptSettings s_;
  Algorithm algorithm_;
  std::optional<LinearTexel> model_;
  std::vector<double> best_;
  double best_fitness_ = std::numeric_limits<double>::infinity();
  int evaluations_ = 0;
  std::size_t pending_ = 0;  // evaluations of the step under way (labels a fitness's games)
  bool ended_ = false;
  std::unique_ptr<Optimiser> optimiser_;
};

class NloptMethod : public TuningMethod {
 public:
  const char* name() const override { return "nlopt"; }
  const char* description() const override {
    return "Tune with an NLopt optimiser chosen by name (L-BFGS on the texel error, or BOBYQA, Nelder-Mead, CRS, ESCH, ...)";
  }
  chess::Result<bool> check_settings(const nlohmann::json& section, const std::string& where) const override {
    auto s = read_settings(section, where);
    CHESS_RETURN_IF_ERROR(s);
    return true;
  }
  chess::Result<bool> check_run(const TunerConfig& config, const std::string& source) const override {
    const NloptSettings s = settings_of(config);
    if (find_algorithm(s.algorithm)->gradient && config.fitness.type != "texel")
      return chess::Error{source + ": nlopt: '" + s.algorithm +
                          "' needs the texel error's gradient ('type': 'texel'); for games choose a derivative-free "
                          "algorithm (bobyqa, neldermead, sbplx, cobyla, crs, esch, isres)"};
    if (config.fitness.type == "games" && config.fitness.mode == "round-robin")
      return chess::Error{source +
                          ": fitness: 'mode': \"round-robin\" needs a population (pbil); nlopt scores one point at a time"};
    return k_stays_fixed(config, source);
  }
  int planned_steps(const TunerConfig& config) const override {
    const NloptSettings s = settings_of(config);
    return (s.evaluations + s.evaluations_per_step - 1) / s.evaluations_per_step;
  }
  std::string games_plan(const TunerConfig& config) const override {
    return std::to_string(config.fitness.games_per_individual) + " games per evaluation at " + config.fitness.tc + " against " +
           config.fitness.opponent + ", an evaluation a harness run";
  }
  std::unique_ptr<MethodRun> start(const MethodStart& m) const override { return std::make_unique<NloptRun>(m); }
  std::string describe_generation(const TunerConfig& config, const GenerationRow& g,
                                  const std::function<std::string(double)>& text) const override {
    const NloptSettings s = settings_of(config);
    const int evaluations = std::min((g.generation + 1) * s.evaluations_per_step, s.evaluations);
    return "evaluations to " + std::to_string(evaluations) + "  best " + text(g.best_fitness) + "  mean " + text(g.mean_fitness);
  }
};

}  // namespace

std::unique_ptr<TuningMethod> make_nlopt_method() { return std::make_unique<NloptMethod>(); }

}  // namespace tuner
