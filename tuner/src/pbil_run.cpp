#include "pbil_run.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>

#include "tuned_weights.h"
#include "tuning_method.h"

namespace tuner {

namespace {

std::string bit_string(const Bits& bits) {
  std::string s;
  for (std::uint8_t b : bits) s += char('0' + b);
  return s;
}

void print_progress(std::ostream& out, const Fitness& fitness, int gen, int generations, double best, double mean, double entropy,
                    const std::string& note, double elapsed, double remaining) {
  char line[320];
  std::snprintf(line, sizeof line, "generation %d/%d  best %s  mean %s  entropy %.4f%s%s  elapsed %.0f s  remaining %.0f s\n",
                gen + 1, generations, fitness.describe(best).c_str(), fitness.describe(mean).c_str(), entropy,
                note.empty() ? "" : "  ", note.c_str(), elapsed, remaining);
  out << line << std::flush;
}

Values result_values(const Pbil& pbil, const Fitness& fitness, const TunerConfig& space) {
  return decode(fitness.noisy() ? pbil.most_likely() : pbil.best().bits, space);
}

// The search space of one window: each parameter's grid within `radius` steps of its centre,
// every parameter with the bits of 2 radius + 1 values; radius 0 is the whole configuration.
TunerConfig window_space(const TunerConfig& config, const Values& centre, int radius) {
  TunerConfig space = config;
  if (radius == 0) return space;
  int bits = 1;
  while ((1 << bits) < 2 * radius + 1) ++bits;
  for (std::size_t i = 0; i < space.weights.size(); ++i) {
    const TunedWeight& whole = config.weights[i];
    TunedWeight& w = space.weights[i];
    // Whole steps from the centre, so that the centre itself is on the window's grid.
    w.min = centre[i] - std::min(radius, (centre[i] - whole.min) / whole.step) * whole.step;
    w.max = centre[i] + std::min(radius, (whole.max - centre[i]) / whole.step) * whole.step;
    w.bits = bits;
  }
  return space;
}

// Where the search is: the window's centre and radius, and PBIL's vector over it.
struct Search {
  Values centre;
  int radius = 0;
  int stalled = 0;  // generations since the best so far last improved
  TunerConfig space;
  Pbil pbil;
  Search(const TunerConfig& config, Values c, int r)
      : centre(std::move(c)), radius(r), space(window_space(config, centre, r)), pbil(space.total_bits(), config.pbil) {
    pbil.lean_toward(encode(centre, space));
  }
  // "radius c1 c2 ... |" followed by the vector's own state.
  std::string save() const {
    std::string text = std::to_string(radius) + " " + std::to_string(stalled);
    for (int v : centre) text += " " + std::to_string(v);
    return text + " |" + pbil.save();
  }
};

std::optional<Search> restore_search(const TunerConfig& config, const std::string& state) {
  const std::size_t bar = state.find('|');
  if (bar == std::string::npos) return std::nullopt;
  std::istringstream is(state.substr(0, bar));
  int radius = 0, stalled = 0;
  Values centre(config.weights.size());
  if (!(is >> radius >> stalled)) return std::nullopt;
  for (int& v : centre)
    if (!(is >> v)) return std::nullopt;
  Search search(config, centre, radius);
  search.stalled = stalled;
  if (!search.pbil.restore(state.substr(bar + 1))) return std::nullopt;
  return search;
}

// A new window around the best so far. Its radius halves when the centre held (the optimum is
// near), doubles back toward the configured one when the best moved half a radius or more in
// some parameter (it is far), and stays otherwise. False when a one-step window found nothing.
bool restart(Search& search, const TunerConfig& config, const Fitness& fitness, std::ostream& out) {
  const Values best = result_values(search.pbil, fitness, search.space);
  const bool moved = best != search.centre;
  if (!moved && search.radius == 1) return false;
  int furthest = 0;  // steps
  for (std::size_t i = 0; i < best.size(); ++i)
    furthest = std::max(furthest, std::abs(best[i] - search.centre[i]) / config.weights[i].step);
  const int radius = !moved                          ? search.radius / 2
                     : 2 * furthest >= search.radius ? std::min(config.pbil.radius, 2 * search.radius)
                                                     : search.radius;
  const Individual kept{encode(best, window_space(config, best, radius)), search.pbil.best().fitness};
  Search next(config, best, radius);
  next.pbil.set_best(kept);
  out << "restart around the best so far, " << radius << " steps either side" << (moved ? "" : " (the centre held)") << "\n";
  search = std::move(next);
  return true;
}

}  // namespace

chess::Result<RunOutcome> run_pbil(const TunerConfig& config, const Values& start, Fitness& fitness, harness::Database& db,
                                   std::int64_t run_id, std::ostream& out, const RunHooks& hooks) {
  Search search(config, start, config.pbil.radius);
  int first = 0;
  auto stored_rows = db.generations(run_id);
  CHESS_RETURN_IF_ERROR(stored_rows);
  const std::vector<harness::GenerationRow> stored = std::move(stored_rows).value();
  if (!stored.empty()) {
    auto restored = restore_search(config, stored.back().state);
    if (!restored) return chess::Error{"run " + std::to_string(run_id) + ": stored tuner state does not match the configuration"};
    search = std::move(*restored);
    first = stored.back().generation + 1;
    out << "Resuming tuner run " << run_id << " at generation " << first + 1 << "\n";
  }
  auto started = std::chrono::steady_clock::now();
  RunOutcome outcome;
  bool converged = false;
  int gen = first;
  for (; gen < config.pbil.generations; ++gen) {
    if (hooks.stop_after >= 0 && outcome.generations_run >= hooks.stop_after) break;
    if (gen > 0) {
      const double h = search.pbil.entropy();
      const bool settled = h < config.pbil.restart_entropy || search.stalled >= config.pbil.patience;
      if (search.radius > 0 && settled && !restart(search, config, fitness, out)) {
        converged = true;
        break;
      }
      if (search.radius == 0 && h < config.pbil.entropy_stop) {
        converged = true;
        break;
      }
      if (!search.pbil.best().bits.empty() && fitness.adapt(result_values(search.pbil, fitness, search.space)))
        search.pbil.forget_best_fitness();
    }
    Pbil& pbil = search.pbil;
    std::vector<Bits> population = pbil.sample_population();
    // The starting values compete in the first generation, so the result is never worse than them.
    if (gen == 0) population[0] = encode(start, search.space);
    std::vector<Values> values;
    for (const Bits& b : population) values.push_back(decode(b, search.space));
    auto scores = fitness.score(values, gen);
    CHESS_RETURN_IF_ERROR(scores);
    std::vector<Individual> scored;
    std::vector<harness::IndividualRow> rows;
    double mean = 0, gen_best = (*scores)[0].fitness;
    for (std::size_t i = 0; i < population.size(); ++i) {
      const Score& s = (*scores)[i];
      scored.push_back({population[i], s.fitness});
      rows.push_back({int(i), bit_string(population[i]), values_json(config, values[i]), s.fitness, s.match_run});
      mean += s.fitness / double(population.size());
      gen_best = std::min(gen_best, s.fitness);
    }
    const double best_before = pbil.best().bits.empty() ? std::numeric_limits<double>::infinity() : pbil.best().fitness;
    pbil.update(scored);
    search.stalled = pbil.best().fitness < best_before ? 0 : search.stalled + 1;
    nlohmann::json probs = pbil.probabilities();
    CHESS_RETURN_IF_ERROR(db.save_generation(run_id, {gen, pbil.entropy(), gen_best, mean, probs.dump(), search.save()}, rows));
    ++outcome.generations_run;
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    double remaining = elapsed / outcome.generations_run * double(config.pbil.generations - gen - 1);
    const Values now = result_values(pbil, fitness, search.space);
    const std::string note = hooks.progress_note ? hooks.progress_note(now) : "";
    print_progress(out, fitness, gen, config.pbil.generations, pbil.best().fitness, mean, pbil.entropy(), note, elapsed,
                   remaining);
    if (hooks.after_generation) {
      auto r = hooks.after_generation(gen + 1, now);
      CHESS_RETURN_IF_ERROR(r);
    }
  }
  outcome.complete = converged || gen >= config.pbil.generations;
  outcome.best = search.pbil.best().bits.empty() && !fitness.noisy() ? start : result_values(search.pbil, fitness, search.space);
  outcome.best_fitness = search.pbil.best().fitness;
  return outcome;
}

namespace {

class PbilMethod : public TuningMethod {
 public:
  const char* name() const override { return "pbil"; }
  const char* description() const override { return "Tune with population-based incremental learning"; }
  chess::Result<bool> check(const TunerConfig&, const std::string&) const override { return true; }
  int planned_generations(const TunerConfig& config) const override { return config.pbil.generations; }
  std::string games_plan(const TunerConfig& config) const override {
    return std::to_string(config.fitness.games_per_individual) + " games per individual at " + config.fitness.tc + " against " +
           config.fitness.opponent + ", a generation a harness run";
  }
  chess::Result<RunOutcome> run(const TuningContext& c) const override {
    return run_pbil(c.config, c.start, c.fitness, c.db, c.run_id, c.out, c.hooks);
  }
  std::string describe_generation(const TunerConfig&, const harness::GenerationRow& g,
                                  const std::function<std::string(double)>& text) const override {
    char entropy[32];
    std::snprintf(entropy, sizeof entropy, "%g", g.entropy);
    return "generation " + std::to_string(g.generation + 1) + "  best " + text(g.best_fitness) + "  mean " +
           text(g.mean_fitness) + "  entropy " + entropy;
  }
};

}  // namespace

std::unique_ptr<TuningMethod> make_pbil_method() { return std::make_unique<PbilMethod>(); }

}  // namespace tuner
