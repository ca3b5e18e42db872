#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "json/json_input.h"
#include "methods/spsa.h"
#include "methods/spsa_diagnosis.h"
#include "methods/tuning_method.h"
#include "space/method_settings.h"
#include "space/tuned_weights.h"

namespace tuner {

namespace {

// The section's keys: the settings, and those a style's defaults stand in for.
struct SpsaKeys : SpsaSettings {
  std::string rounding_name;
  int pairs_per_iteration = 0;
};

const SettingKey<SpsaKeys> KEYS[] = {{"style", &SpsaKeys::style},
                                     {"iterations", &SpsaKeys::iterations},
                                     {"alpha", &SpsaKeys::alpha},
                                     {"gamma", &SpsaKeys::gamma},
                                     {"a_ratio", &SpsaKeys::a_ratio},
                                     {"r_end", &SpsaKeys::r_end},
                                     {"c_end_fraction", &SpsaKeys::c_end_fraction},
                                     {"games_per_iteration", &SpsaKeys::games_per_iteration},
                                     {"pairs_per_iteration", &SpsaKeys::pairs_per_iteration},
                                     {"batch", &SpsaKeys::batch},
                                     {"seed", &SpsaKeys::seed},
                                     {"rounding", &SpsaKeys::rounding_name},
                                     {"int_c_floor", &SpsaKeys::int_c_floor}};

// How each framework runs SPSA, where the section does not say otherwise: OpenBench
// (OpenBench/spsa_utils.py) rounds theta+ and theta- with one uniform draw, floors an integer's
// c at 0.5 and plays 8 pairs an iteration; fishtest (worker/games.py) rounds each side with
// its own draw and counts a pair an iteration. Both: alpha 0.602, gamma 0.101, A 10 %.
struct SpsaStyle {
  const char* name;
  SpsaRounding rounding;
  double int_c_floor;
  int pairs_per_iteration;
};
constexpr SpsaStyle STYLES[] = {{"workbench", SpsaRounding::NEAREST, 0.0, 1},
                                {"openbench", SpsaRounding::STOCHASTIC_SHARED, 0.5, 8},
                                {"fishtest", SpsaRounding::STOCHASTIC, 0.0, 1}};
constexpr std::pair<const char*, SpsaRounding> ROUNDINGS[] = {
    {"nearest", SpsaRounding::NEAREST}, {"stochastic-shared", SpsaRounding::STOCHASTIC_SHARED}, {"stochastic", SpsaRounding::STOCHASTIC}};

// The style's defaults under the keys the section gives.
chess::Result<SpsaSettings> with_style(const nlohmann::json& section, SpsaKeys k, const std::string& where) {
  const SpsaStyle* style = nullptr;
  for (const SpsaStyle& s : STYLES)
    if (k.style == s.name) style = &s;
  if (!style) return chess::Error{where + ": 'style' must be workbench, openbench or fishtest, got '" + k.style + "'"};
  const bool given = section.is_object();
  if (!given || !section.contains("rounding")) k.rounding = style->rounding;
  if (!given || !section.contains("int_c_floor")) k.int_c_floor = style->int_c_floor;
  if (given && section.contains("rounding")) {
    auto found = std::find_if(std::begin(ROUNDINGS), std::end(ROUNDINGS), [&](const auto& r) { return k.rounding_name == r.first; });
    if (found == std::end(ROUNDINGS))
      return chess::Error{where + ": 'rounding' must be nearest, stochastic-shared or stochastic, got '" + k.rounding_name + "'"};
    k.rounding = found->second;
  }
  if (given && section.contains("pairs_per_iteration") && section.contains("games_per_iteration"))
    return chess::Error{where + ": give 'pairs_per_iteration' or 'games_per_iteration', not both"};
  if (given && section.contains("pairs_per_iteration"))
    k.games_per_iteration = 2 * k.pairs_per_iteration;
  else if (!given || !section.contains("games_per_iteration"))
    k.games_per_iteration = 2 * style->pairs_per_iteration;
  if (!(k.int_c_floor >= 0 && k.int_c_floor <= 100)) return chess::Error{where + ": 'int_c_floor' must be from 0 to 100"};
  return SpsaSettings(k);
}

}  // namespace

chess::Result<SpsaSettings> make_spsa_settings(const nlohmann::json& section, const std::string& where) {
  auto keys = read_method_settings(section, where, KEYS);
  CHESS_RETURN_IF_ERROR(keys);
  auto read = with_style(section, *keys, where);
  CHESS_RETURN_IF_ERROR(read);
  const SpsaSettings& s = *read;
  CHESS_RETURN_IF_ERROR(check_count(s.iterations, "iterations", 1, MAX_STEPS, where));
  if (s.r_end <= 0 || s.c_end_fraction <= 0 || s.c_end_fraction > 1 || s.a_ratio < 0)
    return chess::Error{where +
                        ": 'r_end' and 'c_end_fraction' must be positive (c_end_fraction at most 1), 'a_ratio' not negative"};
  if (s.batch < 1 || s.batch > 10000) return chess::Error{where + ": 'batch' must be from 1 to 10000"};
  if (s.games_per_iteration % 2) return chess::Error{where + ": 'games_per_iteration' must be even"};
  CHESS_RETURN_IF_ERROR(check_count(s.games_per_iteration, "games_per_iteration", 2, MAX_GAMES_PER_STEP, where));
  return read;
}

namespace {

SpsaSettings settings_of(const TunerConfig& config) { return make_spsa_settings(config.method_section("spsa"), "spsa").value(); }

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

// A run. The stored state is {"theta": the real-valued weights, "saved": theta, the scale and
// the random generator as text}.
class SpsaRun : public MethodRun {
 public:
  explicit SpsaRun(const MethodStart& m) : m_(m), s_(settings_of(m.config)), spsa_(m.config, s_, m.start) {}

  bool restore(const nlohmann::json& state) override {
    return state.is_object() && state.contains("saved") && state["saved"].is_string() &&
           spsa_.restore(state["saved"].get<std::string>());
  }

  chess::Result<bool> prepare() override {
    if (!m_.fitness.needs_scale()) return true;
    auto scale = calibrate_scale(spsa_, m_.fitness);
    CHESS_RETURN_IF_ERROR(scale);
    spsa_.set_scale(*scale);
    return true;
  }

  // A batch of iterations is drawn from the same theta and played at once (as a testing
  // framework's workers do), then applied in order.
  chess::Result<MethodSteps> step(int, int allowed) override {
    const int size = std::min({std::max(1, s_.batch), s_.iterations - spsa_.iteration(), allowed});
    std::vector<Spsa::Step> drawn;
    std::vector<std::pair<Values, Values>> pairs;
    for (int j = 0; j < size; ++j) {
      drawn.push_back(spsa_.perturb(j));
      pairs.emplace_back(drawn.back().plus, drawn.back().minus);
    }
    auto compared = m_.fitness.compare_all(pairs, spsa_.iteration());
    CHESS_RETURN_IF_ERROR(compared);
    MethodSteps steps;
    for (int j = 0; j < size; ++j) {
      const Spsa::Step& d = drawn[std::size_t(j)];
      const Comparison& c = (*compared)[std::size_t(j)];
      const int k = spsa_.iteration();
      spsa_.update(d, c.result);
      MethodStep step;
      step.best_fitness = std::min(c.a.fitness, c.b.fitness);
      step.mean_fitness = (c.a.fitness + c.b.fitness) / 2;
      step.candidates = {{0, "+", values_json(m_.config, d.plus), c.a.fitness, c.a.match_run},
                         {1, "-", values_json(m_.config, d.minus), c.b.fitness, c.b.match_run}};
      step.state = {{"theta", spsa_.theta()}, {"saved", spsa_.save()}};
      step.current = spsa_.current();
      auto progress = progress_line(k, c);
      CHESS_RETURN_IF_ERROR(progress);
      step.progress = *progress;
      steps.steps.push_back(std::move(step));
    }
    return steps;
  }

  chess::Result<MethodResult> result() override {
    MethodResult r{spsa_.current(), 0, ""};
    if (!m_.fitness.noisy()) {
      auto s = m_.fitness.score({r.best}, spsa_.iteration());
      CHESS_RETURN_IF_ERROR(s);
      r.best_fitness = (*s)[0].fitness;
    }
    return r;
  }

 private:
  // A line every hundredth of the run, after iteration k was applied.
  chess::Result<std::string> progress_line(int k, const Comparison& c) {
    const int print_every = std::max(1, s_.iterations / 100);
    if (spsa_.iteration() % print_every != 0 && spsa_.iteration() != s_.iterations) return std::string();
    std::string now = "theta+ " + m_.fitness.describe(c.a.fitness);
    if (!m_.fitness.noisy()) {  // a deterministic fitness can afford theta's own value
      auto s = m_.fitness.score({spsa_.current()}, k);
      CHESS_RETURN_IF_ERROR(s);
      now = "theta " + m_.fitness.describe((*s)[0].fitness);
    }
    char line[200];
    std::snprintf(line, sizeof line, "iteration %d/%d  %s  step %.4f", spsa_.iteration(), s_.iterations, now.c_str(),
                  spsa_.step_size(0, k));
    return std::string(line);
  }

  MethodStart m_;
  SpsaSettings s_;
  Spsa spsa_;
};

class SpsaMethod : public TuningMethod {
 public:
  const char* name() const override { return "spsa"; }
  const char* description() const override { return "Tune with SPSA (as Stockfish's testing framework does)"; }
  chess::Result<bool> check_settings(const nlohmann::json& section, const std::string& where) const override {
    auto s = make_spsa_settings(section, where);
    CHESS_RETURN_IF_ERROR(s);
    return true;
  }
  chess::Result<bool> check_run(const TunerConfig& config, const std::string& source) const override {
    return k_stays_fixed(config, source);
  }
  std::vector<std::string> diagnose(const TunerConfig& config) const override {
    return spsa_diagnosis(config, settings_of(config));
  }
  int planned_steps(const TunerConfig& config) const override { return settings_of(config).iterations; }
  std::string games_plan(const TunerConfig& config) const override {
    const SpsaSettings s = settings_of(config);
    return std::to_string(s.games_per_iteration) + " games per iteration (theta+ against theta-) at " + config.fitness.tc + ", " +
           std::to_string(s.batch) + " iterations a harness run";
  }
  int games_per_comparison(const TunerConfig& config) const override { return settings_of(config).games_per_iteration; }
  std::unique_ptr<MethodRun> start(const MethodStart& m) const override { return std::make_unique<SpsaRun>(m); }
  // An iteration's theta, rounded to the values the weights can take.
  chess::Result<std::optional<Values>> generation_values(TunerDatabase&, std::int64_t, const TunerConfig& config,
                                                         const GenerationRow& g) const override {
    const nlohmann::json state = json_input::parse_or_discarded(g.state);
    if (!state.is_object() || !state.contains("theta")) return std::optional<Values>();
    const nlohmann::json& theta = state["theta"];
    if (!theta.is_array() || theta.size() != config.weights.size()) return std::optional<Values>();
    for (const nlohmann::json& x : theta)
      if (!x.is_number()) return std::optional<Values>();
    return std::optional<Values>(nearest_values(config, theta.get<std::vector<double>>()));
  }
  // An iteration's two rows are theta+ and theta-: best is the lower, mean their middle.
  std::string describe_generation(const TunerConfig&, const GenerationRow& g,
                                  const std::function<std::string(double)>& text) const override {
    return "iteration " + std::to_string(g.generation + 1) + "  better of theta+/theta- " + text(g.best_fitness) + "  worse " +
           text(2 * g.mean_fitness - g.best_fitness);
  }
};

}  // namespace

std::unique_ptr<TuningMethod> make_spsa_method() { return std::make_unique<SpsaMethod>(); }

}  // namespace tuner
