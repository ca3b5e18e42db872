#include "spsa_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>

#include "spsa.h"
#include "tuned_weights.h"
#include "tuning_method.h"

namespace tuner {

namespace {

// An error difference is tiny and shrinks as the fit improves; SPSA wants a result of about
// one (a game pair's wins minus losses), so it is divided by its mean size at the start.
chess::Result<double> calibrate_scale(Spsa spsa, Fitness& fitness) {
  double sum = 0;
  const int samples = 8;
  for (int i = 0; i < samples; ++i) {
    Spsa::Step step = spsa.perturb();
    auto c = fitness.compare(step.plus, step.minus, -1);
    CHESS_RETURN_IF_ERROR(c);
    sum += std::abs(c->result);
  }
  return sum > 0 ? sum / samples : 1.0;
}

}  // namespace

chess::Result<RunOutcome> run_spsa(const TunerConfig& config, const Values& start, Fitness& fitness, harness::Database& db,
                                   std::int64_t run_id, std::ostream& out, const RunHooks& hooks) {
  Spsa spsa(config, start);
  const int iterations = config.spsa.iterations;
  auto stored_rows = db.generations(run_id);
  CHESS_RETURN_IF_ERROR(stored_rows);
  const std::vector<harness::GenerationRow> stored = std::move(stored_rows).value();
  if (!stored.empty()) {
    if (!spsa.restore(stored.back().state))
      return chess::Error{"run " + std::to_string(run_id) + ": stored tuner state does not match the configuration"};
    out << "Resuming tuner run " << run_id << " at iteration " << spsa.iteration() + 1 << "\n";
  } else if (fitness.needs_scale()) {
    auto scale = calibrate_scale(spsa, fitness);
    CHESS_RETURN_IF_ERROR(scale);
    spsa.set_scale(*scale);
  }
  const int print_every = std::max(1, iterations / 100);
  const int batch = std::max(1, config.spsa.batch);
  auto started = std::chrono::steady_clock::now();
  RunOutcome outcome;
  while (spsa.iteration() < iterations) {
    if (hooks.stop_after >= 0 && outcome.generations_run >= hooks.stop_after) break;
    // A batch of iterations is drawn from the same theta and played at once (as a testing
    // framework's workers do), then applied in order.
    int size = std::min(batch, iterations - spsa.iteration());
    if (hooks.stop_after >= 0) size = std::min(size, hooks.stop_after - outcome.generations_run);
    std::vector<Spsa::Step> steps;
    std::vector<std::pair<Values, Values>> pairs;
    for (int j = 0; j < size; ++j) {
      steps.push_back(spsa.perturb(j));
      pairs.emplace_back(steps.back().plus, steps.back().minus);
    }
    auto compared = fitness.compare_all(pairs, spsa.iteration());
    CHESS_RETURN_IF_ERROR(compared);
    for (int j = 0; j < size; ++j) {
      const Spsa::Step& step = steps[std::size_t(j)];
      const Comparison& c = (*compared)[std::size_t(j)];
      const int k = spsa.iteration();
      spsa.update(step, c.result);
      std::vector<harness::IndividualRow> rows{{0, "+", values_json(config, step.plus), c.a.fitness, c.a.match_run},
                                               {1, "-", values_json(config, step.minus), c.b.fitness, c.b.match_run}};
      nlohmann::json theta = spsa.theta();
      CHESS_RETURN_IF_ERROR(db.save_generation(
          run_id, {k, 0.0, std::min(c.a.fitness, c.b.fitness), (c.a.fitness + c.b.fitness) / 2, theta.dump(), spsa.save()},
          rows));
      ++outcome.generations_run;
      if (spsa.iteration() % print_every == 0 || spsa.iteration() == iterations) {
        double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        double remaining = elapsed / outcome.generations_run * double(iterations - spsa.iteration());
        std::string now = "theta+ " + fitness.describe(c.a.fitness);
        if (!fitness.noisy()) {  // a deterministic fitness can afford theta's own value
          auto s = fitness.score({spsa.current()}, k);
          CHESS_RETURN_IF_ERROR(s);
          now = "theta " + fitness.describe((*s)[0].fitness);
        }
        if (hooks.progress_note) now += "  " + hooks.progress_note(spsa.current());
        char line[320];
        std::snprintf(line, sizeof line, "iteration %d/%d  %s  step %.4f  elapsed %.0f s  remaining %.0f s\n", spsa.iteration(),
                      iterations, now.c_str(), spsa.step_size(0, k), elapsed, remaining);
        out << line << std::flush;
      }
      if (hooks.after_generation) {
        auto r = hooks.after_generation(spsa.iteration(), spsa.current());
        CHESS_RETURN_IF_ERROR(r);
      }
    }
  }
  outcome.complete = spsa.iteration() >= iterations;
  outcome.best = spsa.current();
  if (!fitness.noisy()) {
    auto s = fitness.score({outcome.best}, spsa.iteration());
    CHESS_RETURN_IF_ERROR(s);
    outcome.best_fitness = (*s)[0].fitness;
  }
  return outcome;
}

namespace {

class SpsaMethod : public TuningMethod {
 public:
  const char* name() const override { return "spsa"; }
  const char* description() const override { return "Tune with SPSA (as Stockfish's testing framework does)"; }
  chess::Result<bool> check(const TunerConfig& config, const std::string& source) const override {
    if (config.fitness.k == "refit")
      return chess::Error{
          source + ": fitness: 'k': \"refit\" works with pbil (between generations); use \"start\", \"defaults\" or a number"};
    return true;
  }
  int planned_generations(const TunerConfig& config) const override { return config.spsa.iterations; }
  std::string games_plan(const TunerConfig& config) const override {
    return std::to_string(config.spsa.games_per_iteration) + " games per iteration (theta+ against theta-) at " +
           config.fitness.tc + ", " + std::to_string(config.spsa.batch) + " iterations a harness run";
  }
  chess::Result<RunOutcome> run(const TuningContext& c) const override {
    return run_spsa(c.config, c.start, c.fitness, c.db, c.run_id, c.out, c.hooks);
  }
  // An iteration's theta, rounded to the values the weights can take.
  chess::Result<std::optional<Values>> generation_values(harness::Database&, std::int64_t, const TunerConfig& config,
                                                         const harness::GenerationRow& g) const override {
    const nlohmann::json theta = nlohmann::json::parse(g.probabilities, nullptr, false);
    if (!theta.is_array() || theta.size() != config.weights.size()) return std::optional<Values>();
    return std::optional<Values>(nearest_values(config, theta.get<std::vector<double>>()));
  }
  // An iteration's two rows are theta+ and theta-: best is the lower, mean their middle.
  std::string describe_generation(const TunerConfig&, const harness::GenerationRow& g,
                                  const std::function<std::string(double)>& text) const override {
    return "iteration " + std::to_string(g.generation + 1) + "  better of theta+/theta- " + text(g.best_fitness) + "  worse " +
           text(2 * g.mean_fitness - g.best_fitness);
  }
};

}  // namespace

std::unique_ptr<TuningMethod> make_spsa_method() { return std::make_unique<SpsaMethod>(); }

}  // namespace tuner
