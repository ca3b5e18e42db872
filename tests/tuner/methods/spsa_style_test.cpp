// SPSA as the frameworks run it: OpenBench's style floors an integer's c at 0.5 and rounds
// theta+ and theta- with one uniform draw; fishtest's rounds each with its own; the diagnosis
// names each parameter whose pairs would carry no signal, before any game.
#include <gtest/gtest.h>

#include <cmath>

#include "methods/spsa.h"
#include "methods/spsa_diagnosis.h"
#include "methods/tuning_method.h"
#include "space/tuner_config.h"

namespace {

tuner::TunerConfig config_of(const std::string& lines, const std::string& spsa) {
  const std::string text = R"({"parameters": ")" + lines + R"(", "spsa": )" + spsa +
                           R"(, "fitness": {"type": "games"}, "validation": {"games": 0}})";
  auto c = tuner::parse_common_config(text, "cfg.json", {"spsa"});
  EXPECT_TRUE(c) << c.error();
  return *c;
}

tuner::SpsaSettings settings_of(const tuner::TunerConfig& c) {
  return tuner::make_spsa_settings(c.method_section("spsa"), "spsa").value();
}

TEST(SpsaStyle, OpenBenchFloorsAnIntegersCAtHalf) {
  const tuner::TunerConfig c = config_of("x, int, 10, 0, 20, 0.1, 0.002", R"({"style": "openbench", "iterations": 100})");
  const tuner::SpsaSettings s = settings_of(c);
  EXPECT_EQ(s.games_per_iteration, 16) << "OpenBench's default: 8 pairs an iteration";
  EXPECT_EQ(s.rounding, tuner::SpsaRounding::STOCHASTIC_SHARED);
  tuner::Spsa spsa(c, s, {10});
  EXPECT_DOUBLE_EQ(spsa.c(0, 99), 0.5);
  EXPECT_GT(spsa.c(0, 0), 0.1);
  EXPECT_TRUE(tuner::spsa_diagnosis(c, s).empty()) << tuner::spsa_diagnosis(c, s).front();
}

// With one draw for both sides theta+ and theta- differ by one step in about 2c of the pairs
// (c below half a step), and always in the direction of delta.
TEST(SpsaStyle, SharedStochasticRoundingKeepsTheSignOfDelta) {
  const tuner::TunerConfig c = config_of("x, int, 10, 0, 20, 0.3, 0.002", R"({"style": "openbench", "int_c_floor": 0, "iterations": 100})");
  tuner::Spsa spsa(c, settings_of(c), {10});
  int differ = 0;
  for (int i = 0; i < 4000; ++i) {
    const tuner::Spsa::Step step = spsa.perturb(99 - spsa.iteration());
    const int d = step.plus[0] - step.minus[0];
    EXPECT_TRUE(d == 0 || d == step.delta[0]) << d;
    EXPECT_GE(d * step.delta[0], 0);
    differ += d != 0;
  }
  EXPECT_NEAR(differ / 4000.0, 0.6, 0.05);
}

TEST(SpsaStyle, FishtestRoundsEachSideAlone) {
  const tuner::TunerConfig c = config_of("x,10,0,20,0.3,0.002", R"({"style": "fishtest", "iterations": 100})");
  const tuner::SpsaSettings s = settings_of(c);
  EXPECT_EQ(s.games_per_iteration, 2);
  EXPECT_EQ(s.rounding, tuner::SpsaRounding::STOCHASTIC);
  tuner::Spsa spsa(c, s, {10});
  bool two_steps = false;
  for (int i = 0; i < 2000; ++i) {
    const tuner::Spsa::Step step = spsa.perturb(99);
    const int d = (step.plus[0] - step.minus[0]) * step.delta[0];
    EXPECT_GE(d, 0);
    two_steps |= d == 2;
  }
  EXPECT_TRUE(two_steps) << "with a draw each, theta+ may round up while theta- rounds down (one shared draw never does)";
}

TEST(SpsaStyle, TheDiagnosisNamesEachSilentOrCrampedParameter) {
  const tuner::TunerConfig c =
      config_of("quiet,100,0,200,0.2,0.002\\nnarrow,5,4,6,3,0.002\\noutside,300,0,200,10,0.002", R"({"iterations": 1000})");
  const std::vector<std::string> problems = tuner::spsa_diagnosis(c, settings_of(c));
  auto said = [&](const std::string& part) {
    for (const std::string& p : problems)
      if (p.find(part) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(said("outside: start 300 lies outside [0, 200]; it starts at 200"));
  EXPECT_TRUE(said("quiet: c_end 0.2 is below half a step (0.5): from iteration "));
  EXPECT_TRUE(said("round to the same value"));
  EXPECT_TRUE(said("narrow: the range [4, 6] is narrower than the first perturbations"));
  EXPECT_EQ(problems.size(), 3u) << "narrow's c_end of 3 is no silent parameter";
}

TEST(SpsaStyle, AnUnknownStyleOrRoundingIsRefusedByKey) {
  auto style = tuner::make_spsa_settings(nlohmann::json{{"style", "chesscom"}}, "spsa");
  ASSERT_FALSE(style);
  EXPECT_NE(style.error().find("spsa: 'style' must be workbench, openbench or fishtest"), std::string::npos);
  auto rounding = tuner::make_spsa_settings(nlohmann::json{{"rounding", "up"}}, "spsa");
  ASSERT_FALSE(rounding);
  EXPECT_NE(rounding.error().find("'rounding' must be nearest"), std::string::npos);
  auto both = tuner::make_spsa_settings(nlohmann::json{{"pairs_per_iteration", 4}, {"games_per_iteration", 8}}, "spsa");
  ASSERT_FALSE(both);
}

}  // namespace
