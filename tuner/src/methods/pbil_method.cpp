// The pbil method: population-based incremental learning (methods/pbil.h) over the parameters'
// bit strings (methods/genome.h), whole ranges at once or in windows around the best so far.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>

#include "methods/genome.h"
#include "json/json_input.h"
#include "methods/pbil.h"
#include "methods/tuning_method.h"
#include "space/method_settings.h"
#include "space/tuned_weights.h"

namespace tuner {

namespace {

std::string bit_string(const Bits& bits) {
  std::string s;
  for (std::uint8_t b : bits) s += char('0' + b);
  return s;
}

const SettingKey<PbilSettings> KEYS[] = {{"population", &PbilSettings::population},
                                         {"learning_rate", &PbilSettings::learning_rate},
                                         {"negative_learning_rate", &PbilSettings::negative_learning_rate},
                                         {"mutation_probability", &PbilSettings::mutation_probability},
                                         {"mutation_shift", &PbilSettings::mutation_shift},
                                         {"elitism", &PbilSettings::elitism},
                                         {"generations", &PbilSettings::generations},
                                         {"entropy_stop", &PbilSettings::entropy_stop},
                                         {"gray_code", &PbilSettings::gray_code},
                                         {"seed", &PbilSettings::seed},
                                         {"radius", &PbilSettings::radius},
                                         {"restart_entropy", &PbilSettings::restart_entropy},
                                         {"patience", &PbilSettings::patience}};

chess::Result<PbilSettings> read_settings(const nlohmann::json& section, const std::string& where) {
  auto read = read_method_settings(section, where, KEYS);
  CHESS_RETURN_IF_ERROR(read);
  const PbilSettings& s = *read;
  CHESS_RETURN_IF_ERROR(check_count(s.population, "population", 2, MAX_POPULATION, where));
  CHESS_RETURN_IF_ERROR(check_count(s.generations, "generations", 1, MAX_STEPS, where));
  if (s.radius < 0 || s.radius > 100000) return chess::Error{where + ": 'radius' must be from 0 (whole ranges) to 100000 steps"};
  CHESS_RETURN_IF_ERROR(check_count(s.patience, "patience", 1, MAX_STEPS, where));
  if (!(s.restart_entropy > 0 && s.restart_entropy < 1))
    return chess::Error{where + ": 'restart_entropy' must lie within (0, 1)"};
  for (double v : {s.learning_rate, s.negative_learning_rate, s.mutation_probability, s.mutation_shift})
    if (v < 0 || v > 1) return chess::Error{where + ": rates and probabilities must be within [0, 1]"};
  return read;
}

PbilSettings settings_of(const TunerConfig& config) { return read_settings(config.method_section("pbil"), "pbil").value(); }

using Space = std::vector<TunedWeight>;

Values result_values(const Pbil& pbil, const Fitness& fitness, const Space& space, bool gray_code) {
  return decode(fitness.noisy() ? pbil.most_likely() : pbil.best().bits, space, gray_code);
}

// The search space of one window: each parameter's grid within `radius` steps of its centre,
// every parameter with the bits of 2 radius + 1 values; radius 0 is the whole configuration.
Space window_space(const TunerConfig& config, const Values& centre, int radius) {
  Space space = config.weights;
  if (radius == 0) return space;
  int bits = 1;
  while ((1 << bits) < 2 * radius + 1) ++bits;
  for (std::size_t i = 0; i < space.size(); ++i) {
    const TunedWeight& whole = config.weights[i];
    TunedWeight& w = space[i];
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
  Space space;
  Pbil pbil;
  Search(const TunerConfig& config, const PbilSettings& s, Values c, int r)
      : centre(std::move(c)), radius(r), space(window_space(config, centre, r)), pbil(total_bits(space), s) {
    pbil.lean_toward(encode(centre, space, s.gray_code));
  }
  // "radius c1 c2 ... |" followed by the vector's own state.
  std::string save() const {
    std::string text = std::to_string(radius) + " " + std::to_string(stalled);
    for (int v : centre) text += " " + std::to_string(v);
    return text + " |" + pbil.save();
  }
};

std::optional<Search> restore_search(const TunerConfig& config, const PbilSettings& s, const std::string& state) {
  const std::size_t bar = state.find('|');
  if (bar == std::string::npos) return std::nullopt;
  std::istringstream is(state.substr(0, bar));
  int radius = 0, stalled = 0;
  Values centre(config.weights.size());
  if (!(is >> radius >> stalled)) return std::nullopt;
  for (int& v : centre)
    if (!(is >> v)) return std::nullopt;
  Search search(config, s, centre, radius);
  search.stalled = stalled;
  if (!search.pbil.restore(state.substr(bar + 1))) return std::nullopt;
  return search;
}

// A new window around the best so far. Its radius halves when the centre held (the optimum is
// near), doubles back toward the configured one when the best moved half a radius or more in
// some parameter (it is far), and stays otherwise. False when a one-step window found nothing.
bool restart(Search& search, const TunerConfig& config, const PbilSettings& s, const Fitness& fitness, std::ostream& out) {
  const Values best = result_values(search.pbil, fitness, search.space, s.gray_code);
  const bool moved = best != search.centre;
  if (!moved && search.radius == 1) return false;
  int furthest = 0;  // steps
  for (std::size_t i = 0; i < best.size(); ++i)
    furthest = std::max(furthest, std::abs(best[i] - search.centre[i]) / config.weights[i].step);
  const int radius = !moved                          ? search.radius / 2
                     : 2 * furthest >= search.radius ? std::min(s.radius, 2 * search.radius)
                                                     : search.radius;
  const Individual kept{encode(best, window_space(config, best, radius), s.gray_code), search.pbil.best().fitness};
  Search next(config, s, best, radius);
  next.pbil.set_best(kept);
  out << "restart around the best so far, " << radius << " steps either side" << (moved ? "" : " (the centre held)") << "\n";
  search = std::move(next);
  return true;
}

// A run: the search and its settings. The stored state is {"probabilities": PBIL's vector,
// "entropy": its mean bit entropy, "saved": the search as text (window, vector, best so far,
// random generator)}.
class PbilRun : public MethodRun {
 public:
  explicit PbilRun(const MethodStart& m) : m_(m), s_(settings_of(m.config)), search_(m.config, s_, m.start, s_.radius) {}

  bool restore(const nlohmann::json& state) override {
    if (!state.is_object() || !state.contains("saved") || !state["saved"].is_string()) return false;
    auto restored = restore_search(m_.config, s_, state["saved"].get<std::string>());
    if (!restored) return false;
    search_ = std::move(*restored);
    return true;
  }

  chess::Result<MethodSteps> step(int gen, int) override {
    if (gen > 0 && converged())
      return MethodSteps{{},
                         true,
                         s_.radius > 0 ? "PBIL ended: a window of one step around the best found nothing better"
                                       : "PBIL ended: the vector's entropy fell below 'entropy_stop'"};
    Pbil& pbil = search_.pbil;
    std::vector<Bits> population = pbil.sample_population();
    // The starting values compete in the first generation, so the result is never worse than them.
    if (gen == 0) population[0] = encode(m_.start, search_.space, s_.gray_code);
    std::vector<Values> values;
    for (const Bits& b : population) values.push_back(decode(b, search_.space, s_.gray_code));
    auto scores = m_.fitness.score(values, gen);
    CHESS_RETURN_IF_ERROR(scores);
    MethodStep step;
    std::vector<Individual> scored;
    step.best_fitness = (*scores)[0].fitness;
    for (std::size_t i = 0; i < population.size(); ++i) {
      const Score& score = (*scores)[i];
      scored.push_back({population[i], score.fitness});
      step.candidates.push_back(
          {int(i), bit_string(population[i]), values_json(m_.config, values[i]), score.fitness, score.match_run});
      step.mean_fitness += score.fitness / double(population.size());
      step.best_fitness = std::min(step.best_fitness, score.fitness);
    }
    const double best_before = pbil.best().bits.empty() ? std::numeric_limits<double>::infinity() : pbil.best().fitness;
    pbil.update(scored);
    search_.stalled = pbil.best().fitness < best_before ? 0 : search_.stalled + 1;
    step.state = {{"probabilities", pbil.probabilities()}, {"entropy", pbil.entropy()}, {"saved", search_.save()}};
    step.current = result_values(pbil, m_.fitness, search_.space, s_.gray_code);
    char line[200];
    std::snprintf(line, sizeof line, "generation %d/%d  best %s  mean %s  entropy %.4f", gen + 1, s_.generations,
                  m_.fitness.describe(pbil.best().fitness).c_str(), m_.fitness.describe(step.mean_fitness).c_str(),
                  pbil.entropy());
    step.progress = line;
    MethodSteps steps;
    steps.steps.push_back(std::move(step));
    return steps;
  }

  chess::Result<MethodResult> result() override {
    const Pbil& pbil = search_.pbil;
    const bool none = pbil.best().bits.empty() && !m_.fitness.noisy();
    return MethodResult{none ? m_.start : result_values(pbil, m_.fitness, search_.space, s_.gray_code), pbil.best().fitness, ""};
  }

 private:
  // Before a generation: a window that has settled restarts around the best (or the search ends),
  // the whole-range search ends at its entropy stop, and a refitted fitness forgets old scores.
  bool converged() {
    const double h = search_.pbil.entropy();
    const bool settled = h < s_.restart_entropy || search_.stalled >= s_.patience;
    if (search_.radius > 0 && settled && !restart(search_, m_.config, s_, m_.fitness, m_.out)) return true;
    if (search_.radius == 0 && h < s_.entropy_stop) return true;
    if (!search_.pbil.best().bits.empty() &&
        m_.fitness.adapt(result_values(search_.pbil, m_.fitness, search_.space, s_.gray_code)))
      search_.pbil.forget_best_fitness();
    return false;
  }

  MethodStart m_;
  PbilSettings s_;
  Search search_;
};

class PbilMethod : public TuningMethod {
 public:
  const char* name() const override { return "pbil"; }
  const char* description() const override { return "Tune with population-based incremental learning"; }
  chess::Result<bool> check_settings(const nlohmann::json& section, const std::string& where) const override {
    auto s = read_settings(section, where);
    CHESS_RETURN_IF_ERROR(s);
    return true;
  }
  int planned_steps(const TunerConfig& config) const override { return settings_of(config).generations; }
  std::string games_plan(const TunerConfig& config) const override {
    return std::to_string(config.fitness.games_per_individual) + " games per individual at " + config.fitness.tc + " against " +
           config.fitness.opponent + ", a generation a harness run";
  }
  std::unique_ptr<MethodRun> start(const MethodStart& m) const override { return std::make_unique<PbilRun>(m); }
  std::string describe_generation(const TunerConfig&, const GenerationRow& g,
                                  const std::function<std::string(double)>& text) const override {
    const nlohmann::json state = json_input::parse_or_discarded(g.state);
    char entropy[32] = "";
    if (state.is_object() && state.contains("entropy") && state["entropy"].is_number())
      std::snprintf(entropy, sizeof entropy, "  entropy %g", state["entropy"].get<double>());
    return "generation " + std::to_string(g.generation + 1) + "  best " + text(g.best_fitness) + "  mean " +
           text(g.mean_fitness) + entropy;
  }
};

}  // namespace

std::unique_ptr<TuningMethod> make_pbil_method() { return std::make_unique<PbilMethod>(); }

}  // namespace tuner
