// The nlopt method: NLopt's optimisers behind the tuner's one method interface, run by the driver.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "data/labeled_positions.h"
#include "tuner/methods/run_method.h"
#include "driver/tuner_configuration.h"

namespace {

// Two weights and an error whose minimum is known: the squared distance to (70, -20).
class DistanceFitness : public tuner::Fitness {
 public:
  int calls = 0, fail_at = -1;
  chess::Result<std::vector<tuner::Score>> score(const std::vector<tuner::Values>& population, int) override {
    if (++calls == fail_at) return chess::Error{"the fitness failed"};
    std::vector<tuner::Score> out;
    for (const auto& p : population) out.push_back({std::pow(p[0] - 70, 2) + std::pow(p[1] + 20, 2), 0});
    return out;
  }
  chess::Result<tuner::Comparison> compare(const tuner::Values&, const tuner::Values&, int) override {
    return chess::Error{"not compared"};
  }
  std::string describe(double f) const override { return std::to_string(f); }
  bool needs_scale() const override { return true; }
  bool noisy() const override { return false; }
};

tuner::TunerConfig distance_config(const std::string& nlopt) {
  return tuner::parse_tuner_config(R"({
    "parameters": [ {"name": "bishop_pair_mg", "min": 0, "max": 100}, {"name": "tempo_mg", "min": -50, "max": 50} ],
    "nlopt": )" + nlopt + R"(,
    "fitness": {"type": "texel", "positions": "unused.epd"}, "validation": {"games": 0}})",
                                   "nlopt.json")
      .value();
}

std::unique_ptr<tuner::TunerDatabase> fresh_db(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "tuner_nlopt/";
  std::filesystem::create_directories(dir);
  std::filesystem::remove(dir + name);
  return tuner::TunerDatabase::open(dir + name).value();
}

std::string nlopt_config_error(const std::string& nlopt, const std::string& fitness = R"({"positions": "x"})") {
  auto c = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "nlopt": )" + nlopt + R"(, "fitness": )" + fitness + "}", "e.json");
  if (!c) return c.error();
  auto run = tuner::find_tuning_method("nlopt")->check_run(*c, "e.json");
  return run ? "" : run.error();
}

TEST(NloptConfig, ReadsItsOwnSectionAndNamesBadKeysAndAlgorithms) {
  EXPECT_EQ(nlopt_config_error(R"({"algoritm": "lbfgs"})"), "e.json: nlopt: unknown key 'algoritm' (did you mean 'algorithm'?)");
  EXPECT_EQ(nlopt_config_error(R"({"algorithm": "bobyqua"})"),
            "e.json: nlopt: unknown 'algorithm' 'bobyqua' (did you mean 'bobyqa'?)");
  EXPECT_EQ(nlopt_config_error(R"({"evaluations": 0})"), "e.json: nlopt: 'evaluations' must be from 1 to 10000000, got 0");
  EXPECT_EQ(nlopt_config_error(R"({"evaluations": "many"})"), "e.json: nlopt: 'evaluations' must be an integer, got \"many\"");
  // L-BFGS needs the texel error's gradient; games give none.
  EXPECT_NE(nlopt_config_error(R"({"algorithm": "lbfgs"})", R"({"type": "games"})").find("needs the texel error's gradient"),
            std::string::npos);
  EXPECT_EQ(nlopt_config_error(R"({"algorithm": "crs"})", R"({"type": "games"})"), "");
  EXPECT_NE(
      nlopt_config_error(R"({"algorithm": "crs"})", R"({"type": "games", "mode": "round-robin"})").find("needs a population"),
      std::string::npos);
  EXPECT_EQ(tuner::find_tuning_method("nlopt")->planned_steps(
                distance_config(R"({"algorithm": "bobyqa", "evaluations": 100, "evaluations_per_step": 30})")),
            4);
}

// Derivative-free algorithms on the fitness itself, at the weights' grid points.
class NloptDerivativeFree : public ::testing::TestWithParam<const char*> {};

TEST_P(NloptDerivativeFree, FindsAKnownOptimumAndStoresEveryEvaluation) {
  const auto c = distance_config(std::string(R"({"algorithm": ")") + GetParam() +
                                 R"(", "evaluations": 300, "evaluations_per_step": 50, "initial_step": 0.2})");
  DistanceFitness fitness;
  auto db = fresh_db(std::string(GetParam()) + ".sqlite");
  const std::int64_t run = db->create_run({harness::RunKind::TUNER_METHOD, "nlopt"}, c.source_text).value();
  std::ostringstream out;
  auto done = run_method("nlopt", c, {20, 30}, fitness, *db, run, out);
  ASSERT_TRUE(done) << done.error();
  EXPECT_TRUE(done->complete);
  EXPECT_NEAR(done->best[0], 70, 3) << out.str();
  EXPECT_NEAR(done->best[1], -20, 3) << out.str();
  EXPECT_DOUBLE_EQ(done->best_fitness, std::pow(done->best[0] - 70, 2) + std::pow(done->best[1] + 20, 2));
  const auto steps = db->generations(run).value();
  ASSERT_FALSE(steps.empty());
  std::size_t rows = 0;
  for (const auto& g : steps) rows += db->individuals(run, g.generation).value().size();
  EXPECT_EQ(int(rows), fitness.calls);  // one row per evaluation, each with its fitness
  EXPECT_EQ(nlohmann::json::parse(steps.back().state)["evaluations"], fitness.calls);
}

INSTANTIATE_TEST_SUITE_P(Algorithms, NloptDerivativeFree, ::testing::Values("bobyqa", "neldermead", "sbplx"));

TEST(Nlopt, LbfgsLowersTheTexelErrorOfTheLinearModel) {
  const auto c = tuner::parse_tuner_config(R"({
    "parameters": [ {"name": "piece_value_mg[4]", "min": 100, "max": 1500},
                    {"name": "piece_value_eg[4]", "min": 100, "max": 1500, "step": 5} ],
    "nlopt": {"algorithm": "lbfgs", "evaluations": 60, "evaluations_per_step": 20},
    "fitness": {"type": "texel", "positions": "p.epd"}})",
                                           "eval.json")
                     .value();
  std::vector<tuner::LabeledPosition> positions;
  for (const char* line : {"3qk3/8/8/8/8/8/8/3QK2Q w - - [1.0]", "4k3/pp6/8/8/8/8/PP6/Q3K3 w - - [1.0]",
                           "q3k3/pp6/8/8/8/8/PP6/4K3 b - - [0.0]", "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - [0.5]"})
    positions.push_back(tuner::parse_labeled_line(line, "p.epd").value());
  eval::EvalParams start = eval::default_params();
  start.piece_value_mg[4] = start.piece_value_eg[4] = 100;  // a queen far too cheap for the labels
  tuner::TexelFitness texel(positions, 2, start);
  texel.set_k(1.0);
  auto db = fresh_db("lbfgs.sqlite");
  const std::int64_t run = db->create_run({harness::RunKind::TUNER_METHOD, "nlopt"}, c.source_text).value();
  std::ostringstream out;
  auto done = run_on_texel("nlopt", c, start, texel, *db, run, out);
  ASSERT_TRUE(done) << done.error();
  EXPECT_TRUE(done->complete);
  EXPECT_LT(done->best_fitness, texel.error(start));
  EXPECT_GT(tuner::with_values(c, start, done->best).piece_value_mg[4], 300) << out.str();
  const auto steps = db->generations(run).value();
  ASSERT_GE(steps.size(), 1u);
  ASSERT_LE(steps.size(), 3u);
  EXPECT_EQ(db->individuals(run, 0).value().size(), 1u);  // the linear model's evaluations: the step's best point
  EXPECT_NE(out.str().find("(lbfgs)"), std::string::npos) << out.str();
}

TEST(Nlopt, AStoppedRunResumesFromItsBestPointWithTheEvaluationsLeft) {
  const auto c = distance_config(R"({"algorithm": "neldermead", "evaluations": 200, "evaluations_per_step": 50,
                                     "initial_step": 0.2})");
  DistanceFitness fitness;
  auto db = fresh_db("resume.sqlite");
  const std::int64_t run = db->create_run({harness::RunKind::TUNER_METHOD, "nlopt"}, c.source_text).value();
  std::ostringstream out;
  auto first = run_method("nlopt", c, {20, 30}, fitness, *db, run, out, {1, {}, {}});  // NLopt stopped mid-way
  ASSERT_TRUE(first) << first.error();
  EXPECT_FALSE(first->complete);
  ASSERT_EQ(db->generations(run).value().size(), 1u);
  EXPECT_EQ(fitness.calls, 50);
  auto rest = run_method("nlopt", c, {20, 30}, fitness, *db, run, out);
  ASSERT_TRUE(rest) << rest.error();
  EXPECT_TRUE(rest->complete);
  EXPECT_NE(out.str().find("Resuming tuner run 1 at step 2"), std::string::npos) << out.str();
  EXPECT_LE(rest->best_fitness, first->best_fitness);
  EXPECT_LE(fitness.calls, 200);
  EXPECT_EQ(nlohmann::json::parse(db->generations(run).value().back().state)["evaluations"], fitness.calls);
}

// NLopt's random numbers belong to the thread that optimises: the seed must be set there.
TEST(Nlopt, AStochasticAlgorithmRepeatsItselfWithTheSameSeed) {
  const auto c = distance_config(R"({"algorithm": "crs", "evaluations": 120, "evaluations_per_step": 40, "seed": 9})");
  std::string last_state[2];
  for (int i = 0; i < 2; ++i) {
    DistanceFitness fitness;
    auto db = fresh_db("seeded" + std::to_string(i) + ".sqlite");
    const std::int64_t run = db->create_run({harness::RunKind::TUNER_METHOD, "nlopt"}, c.source_text).value();
    std::ostringstream out;
    ASSERT_TRUE(run_method("nlopt", c, {20, 30}, fitness, *db, run, out));
    last_state[i] = db->generations(run).value().back().state;
  }
  EXPECT_EQ(last_state[0], last_state[1]);
}

// L-BFGS starts from the start weights clamped into the tuned ranges: NLopt refuses a start
// outside its bounds, and that must not pass for a run that ended at once.
TEST(Nlopt, AStartOutsideTheRangesIsMovedIntoThem) {
  const auto c = tuner::parse_tuner_config(R"({
    "parameters": [ {"name": "piece_value_mg[4]", "min": 900, "max": 1500} ],
    "nlopt": {"algorithm": "lbfgs", "evaluations": 10, "evaluations_per_step": 5},
    "fitness": {"type": "texel", "positions": "p.epd"}})",
                                           "eval.json")
                     .value();
  std::vector<tuner::LabeledPosition> positions{tuner::parse_labeled_line("4k3/8/8/8/8/8/8/3QK3 w - - [1.0]", "p.epd").value()};
  eval::EvalParams start = eval::default_params();
  start.piece_value_mg[4] = 100;
  tuner::TexelFitness texel(positions, 1, start);
  texel.set_k(1.0);
  auto db = fresh_db("clamped.sqlite");
  const std::int64_t run = db->create_run({harness::RunKind::TUNER_METHOD, "nlopt"}, c.source_text).value();
  std::ostringstream out;
  tuner::TexelFitnessAdapter fitness(texel, c, start);
  const tuner::MethodStart m{c, {900}, start, fitness, &texel, out};
  auto done = tuner::drive(*tuner::find_tuning_method("nlopt"), m, *db, run);
  ASSERT_TRUE(done) << done.error();
  ASSERT_FALSE(db->generations(run).value().empty()) << out.str();
  EXPECT_GT(nlohmann::json::parse(db->generations(run).value().front().state)["evaluations"].get<int>(), 0);
  EXPECT_GE(done->best[0], 900);
}

TEST(Nlopt, AFitnessThatFailsEndsTheRunWithItsMessage) {
  const auto c = distance_config(R"({"algorithm": "sbplx", "evaluations": 100, "evaluations_per_step": 10})");
  DistanceFitness fitness;
  fitness.fail_at = 15;
  auto db = fresh_db("fails.sqlite");
  const std::int64_t run = db->create_run({harness::RunKind::TUNER_METHOD, "nlopt"}, c.source_text).value();
  std::ostringstream out;
  auto done = run_method("nlopt", c, {20, 30}, fitness, *db, run, out);
  ASSERT_FALSE(done);
  EXPECT_EQ(done.error(), "the fitness failed");
  EXPECT_EQ(db->generations(run).value().size(), 1u);  // the first step is stored, the second never was
}

}  // namespace
