#include "methods/spsa.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "space/tuner_config.h"
#include "tuner/methods/run_method.h"
#include "driver/tuner_configuration.h"

namespace {

// Two weights whose best values are known: the error is the squared distance to a target.
const char* CONFIG = R"({
  "parameters": [ {"name": "bishop_pair_mg", "min": 0, "max": 100},
                  {"name": "tempo_mg", "min": -50, "max": 50} ],
  "spsa": {"iterations": 400, "seed": 3, "r_end": 0.2, "c_end_fraction": 0.04},
  "fitness": {"type": "texel", "positions": "unused.epd"},
  "validation": {"games": 0}
})";

class ComparedDistanceFitness : public tuner::Fitness {
 public:
  chess::Result<std::vector<tuner::Score>> score(const std::vector<tuner::Values>& population, int) override {
    std::vector<tuner::Score> out;
    for (const auto& p : population) out.push_back({error(p), 0});
    return out;
  }
  chess::Result<tuner::Comparison> compare(const tuner::Values& a, const tuner::Values& b, int) override {
    tuner::Comparison c;
    c.a.fitness = error(a);
    c.b.fitness = error(b);
    c.result = c.b.fitness - c.a.fitness;
    return c;
  }
  std::string describe(double f) const override { return std::to_string(f); }
  bool needs_scale() const override { return true; }
  bool noisy() const override { return false; }
  // values[0] is bishop_pair_mg, values[1] tempo_mg.
  static double error(const tuner::Values& v) { return std::pow(v[0] - 70, 2) + std::pow(v[1] - (-20), 2); }
};

tuner::TunerConfig spsa_config() { return tuner::parse_tuner_config(CONFIG, "spsa.json").value(); }

// The settings of CONFIG's "spsa" section.
tuner::SpsaSettings settings() {
  tuner::SpsaSettings s;
  s.iterations = 400;
  s.seed = 3;
  s.r_end = 0.2;
  s.c_end_fraction = 0.04;
  return s;
}

TEST(SpsaConfig, ReadsSettingsAndNamesBadKeys) {
  auto c = spsa_config();
  EXPECT_EQ(section_of(c, "spsa")["iterations"], 400);
  EXPECT_EQ(tuner::find_tuning_method("spsa")->planned_steps(c), 400);
  EXPECT_EQ(c.validation.games, 0);
  auto bad = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "spsa": {"iteratons": 5}, "fitness": {"positions": "x"}})", "e.json");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), "e.json: spsa: unknown key 'iteratons' (did you mean 'iterations'?)");
  auto odd = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "spsa": {"games_per_iteration": 3}, "fitness": {"positions": "x"}})", "e.json");
  ASSERT_FALSE(odd);
  EXPECT_NE(odd.error().find("'games_per_iteration' must be even"), std::string::npos);
  auto validation = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "validation": {"game": 5}, "fitness": {"positions": "x"}})", "e.json");
  ASSERT_FALSE(validation);
  EXPECT_EQ(validation.error(), "e.json: validation: unknown key 'game' (did you mean 'games'?)");
  auto mode = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "fitness": {"type": "games", "mode": "knockout"}})", "e.json");
  ASSERT_FALSE(mode);
  EXPECT_NE(mode.error().find("'mode' must be 'opponent' or 'round-robin'"), std::string::npos);
}

TEST(Spsa, PerturbsEveryWeightByCkAndShrinksItsSteps) {
  auto c = spsa_config();
  const tuner::Values start{20, 30};
  tuner::Spsa spsa(c, settings(), start);
  EXPECT_DOUBLE_EQ(spsa.c(0), 4.0 * std::pow(400.0, 0.101));  // c_end = 4% of the range 100
  tuner::Spsa::Step step = spsa.perturb();
  ASSERT_EQ(step.delta.size(), 2u);
  const int c0 = int(std::round(spsa.c(0)));
  EXPECT_EQ(step.plus[0], 20 + c0 * step.delta[0]);
  EXPECT_EQ(step.minus[0], 20 - c0 * step.delta[0]);
  // The step is R_k c_k = a_k / c_k with a_k = r_end c_end^2 ((A + N) / (A + k))^alpha.
  const double a_1 = 0.2 * 16 * std::pow((40.0 + 400) / (40 + 1), 0.602);
  EXPECT_NEAR(spsa.step_size(0, 0), a_1 / spsa.c(0), 1e-9);
  double step0 = spsa.step_size(0, 0), c_first = spsa.c(0);
  spsa.update(step, 1.0);
  EXPECT_EQ(spsa.iteration(), 1);
  EXPECT_NEAR(spsa.theta()[0], 20 + step0 * step.delta[0], 1e-9);
  EXPECT_LT(spsa.c(0), c_first);
  // At the last iteration the perturbation is c_end and the step r_end c_end.
  EXPECT_NEAR(spsa.c(0, 399), 4.0, 1e-9);
  EXPECT_NEAR(spsa.step_size(0, 399), 0.2 * 4.0, 1e-9);
}

TEST(SpsaRun, ConvergesToAKnownOptimumAndResumesExactly) {
  auto c = spsa_config();
  const tuner::Values start{20, 30};
  ComparedDistanceFitness fitness;
  std::string dir = ::testing::TempDir() + "spsa_run/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ostringstream sink;
  auto whole = tuner::TunerDatabase::open(dir + "whole.sqlite").value();
  std::int64_t a = whole->create_run({harness::RunKind::TUNER_METHOD, "spsa"}, c.source_text).value();
  auto done = run_method("spsa", c, start, fitness, *whole, a, sink);
  ASSERT_TRUE(done) << done.error();
  EXPECT_TRUE(done->complete);
  EXPECT_NEAR(done->best[0], 70, 6);
  EXPECT_NEAR(done->best[1], -20, 6);
  EXPECT_LT(done->best_fitness, ComparedDistanceFitness::error(start) / 20);
  ASSERT_EQ(whole->generations(a).value().size(), 400u);
  EXPECT_EQ(whole->individuals(a, 0).value().size(), 2u);

  auto split = tuner::TunerDatabase::open(dir + "split.sqlite").value();
  std::int64_t b = split->create_run({harness::RunKind::TUNER_METHOD, "spsa"}, c.source_text).value();
  auto first = run_method("spsa", c, start, fitness, *split, b, sink, {150, {}, {}});
  ASSERT_TRUE(first);
  EXPECT_FALSE(first->complete);
  ASSERT_TRUE(run_method("spsa", c, start, fitness, *split, b, sink));
  EXPECT_EQ(whole->generations(a).value().back().state, split->generations(b).value().back().state);
}

}  // namespace
