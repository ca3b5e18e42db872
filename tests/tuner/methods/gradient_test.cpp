#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "data/labeled_positions.h"
#include "fitness/linear_texel.h"
#include "fitness/texel.h"
#include "search/search.h"
#include "search/versions.h"
#include "space/tuned_weights.h"
#include "space/tuner_config.h"
#include "tuner/methods/run_method.h"
#include "driver/tuner_configuration.h"

namespace {

// The queen's two values, started far too low: the labels say a queen up wins.
const char* QUEEN_CONFIG = R"({
  "parameters": [ {"name": "piece_value_mg[4]", "min": 100, "max": 1500},
                  {"name": "piece_value_eg[4]", "min": 100, "max": 1500, "step": 5},
                  {"name": "bishop_pair_mg", "min": 0, "max": 80} ],
  "gradient": {"epochs": 120, "learning_rate": 8, "record_every": 20},
  "fitness": {"type": "texel", "positions": "p.epd", "threads": 2}
})";

std::vector<tuner::LabeledPosition> positions() {
  std::istringstream in(
      "3qk3/8/8/8/8/8/8/3QK2Q w - - c9 \"1-0\";\n"
      "4k3/8/8/8/8/8/8/3QK2Q b - - [1.0]\n"
      "4k3/pp6/8/8/8/8/PP6/Q3K3 w - - [1.0]\n"
      "q3k3/pp6/8/8/8/8/PP6/4K3 b - - [0.0]\n"
      "r3k3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";\n"
      "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - c9 \"1/2-1/2\";\n"
      "4k3/8/8/8/8/8/3q4/3QK3 w - - c9 \"1/2-1/2\";\n");  // Black's queen hangs: not quiet
  std::vector<tuner::LabeledPosition> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    out.push_back(tuner::parse_labeled_line(line, "p.epd:" + std::to_string(n)).value());
  return out;
}

eval::EvalParams weak_queen() {
  eval::EvalParams p = eval::default_params();
  p.piece_value_mg[4] = p.piece_value_eg[4] = 100;
  return p;
}

tuner::TunerConfig queen_config() { return tuner::parse_tuner_config(QUEEN_CONFIG, "eval.json").value(); }

// K = 1: these six quiet positions all agree with material, so a K fitted to them would grow
// until the sigmoid saturates and no weight learns.
tuner::TexelFitness& fitted(tuner::TexelFitness& texel) {
  texel.set_k(1.0);
  return texel;
}

// The quiet positions with K = 1, and their linear model around the weak queen.
struct QueenModel {
  const tuner::TunerConfig c = queen_config();
  const eval::EvalParams start = weak_queen();
  tuner::TexelFitness texel{positions(), 2, start};
  const tuner::LinearTexel model{fitted(texel), c, start};
};

// The texel error as the engine itself gives it: its quiescence search on each board.
double engine_error(const std::vector<tuner::LabeledPosition>& positions, const eval::EvalParams& p, double k) {
  search::Searcher searcher;
  searcher.set_hash_mb(1);
  searcher.set_features(search::find_version("dev")->features);
  searcher.set_params(p);
  double sum = 0;
  for (const tuner::LabeledPosition& lp : positions) {
    const int q = searcher.quiescence_score(lp.position);
    const double white = lp.position.side_to_move() == chess::WHITE ? q : -q;
    const double d = lp.result - 1.0 / (1.0 + std::pow(10.0, -k * white / 400.0));
    sum += d * d;
  }
  return sum / double(positions.size());
}

TEST(LinearTexel, MatchesTheEngineErrorAndItsGradientMatchesDifferences) {
  QueenModel q;
  const auto& [c, start, texel, model] = q;
  EXPECT_EQ(model.size(), 6u);  // the hanging queen is left out: not quiet
  // On the quiet positions, the traced model's error is the engine's own, at the start... but
  // for the engine's rounding to whole centipawns: at most 1 cp a position, and the error
  // moves by at most 2 x 0.25 x K ln 10 / 400 (0.003) per centipawn.
  std::vector<tuner::LabeledPosition> quiet = positions();
  quiet.pop_back();
  std::vector<double> theta = tuner::tuned_real_values(c, start);
  std::vector<double> gradient;
  constexpr double ROUNDING = 0.003;
  EXPECT_NEAR(model.error(theta, &gradient), engine_error(quiet, start, texel.k()), ROUNDING);
  EXPECT_DOUBLE_EQ(texel.error(start), model.error(theta, nullptr));
  // ...and away from it: the evaluation is linear in every weight.
  eval::EvalParams moved = start;
  moved.piece_value_mg[4] = moved.piece_value_eg[4] = 700;
  EXPECT_NEAR(model.error(tuner::tuned_real_values(c, moved), nullptr), engine_error(quiet, moved, texel.k()), ROUNDING);
  ASSERT_EQ(gradient.size(), 3u);
  EXPECT_LT(gradient[0], 0);  // a dearer queen fits better
  for (std::size_t i = 0; i < theta.size(); ++i) {
    std::vector<double> up = theta, down = theta;
    up[i] += 0.5;
    down[i] -= 0.5;
    EXPECT_NEAR(gradient[i], model.error(up, nullptr) - model.error(down, nullptr), 1e-7) << c.weights[i].name;
  }
  EXPECT_EQ(gradient[2], 0);  // no position has a bishop pair
}

// Full-batch Adam, and AdaGrad over shuffled mini-batches of two positions.
class GradientRun : public ::testing::TestWithParam<const char*> {};

TEST_P(GradientRun, LowersTheErrorAndResumesExactly) {
  std::string text = QUEEN_CONFIG;
  const std::string plain = R"("gradient": {"epochs": 120, "learning_rate": 8, "record_every": 20})";
  text.replace(text.find(plain), plain.size(), GetParam());
  QueenModel q;
  auto& [c0, start, texel, model0] = q;
  const tuner::TunerConfig c = tuner::parse_tuner_config(text, "eval.json").value();
  const tuner::LinearTexel model{texel, c, start};
  const std::string dir = ::testing::TempDir() + "tuner_gradient/";
  std::filesystem::create_directories(dir);
  for (const char* name : {"whole.sqlite", "split.sqlite"}) std::filesystem::remove(dir + name);
  std::ostringstream sink;
  auto whole = tuner::TunerDatabase::open(dir + "whole.sqlite").value();
  const std::int64_t a = whole->create_run({harness::RunKind::TUNER_METHOD, "gradient"}, c.source_text).value();
  auto done = run_on_texel("gradient", c, start, texel, *whole, a, sink);
  ASSERT_TRUE(done) << done.error();
  EXPECT_TRUE(done->complete);
  EXPECT_LT(done->best_fitness, texel.error(start));
  const eval::EvalParams best = tuner::with_values(c, start, done->best);
  EXPECT_GT(best.piece_value_mg[4], 300) << best.piece_value_eg[4];
  EXPECT_EQ(best.piece_value_eg[4] % 5, 0);             // on its grid
  EXPECT_EQ(whole->generations(a).value().size(), 6u);  // 120 epochs, 20 a generation
  EXPECT_NE(sink.str().find(" s/epoch"), std::string::npos) << sink.str();

  auto split = tuner::TunerDatabase::open(dir + "split.sqlite").value();
  const std::int64_t b = split->create_run({harness::RunKind::TUNER_METHOD, "gradient"}, c.source_text).value();
  ASSERT_TRUE(run_on_texel("gradient", c, start, texel, *split, b, sink, {2, {}, {}}));  // "killed" after 2
  ASSERT_EQ(split->generations(b).value().size(), 2u);
  std::ostringstream resumed;
  auto rest = run_on_texel("gradient", c, start, texel, *split, b, resumed);
  ASSERT_TRUE(rest);
  EXPECT_NE(resumed.str().find("Resuming tuner run 1 at step 3"), std::string::npos) << resumed.str();
  EXPECT_EQ(whole->generations(a).value().back().state, split->generations(b).value().back().state);
}

INSTANTIATE_TEST_SUITE_P(Optimizers, GradientRun,
                         ::testing::Values(R"("gradient": {"epochs": 120, "learning_rate": 8, "record_every": 20})",
                                           R"("gradient": {"epochs": 120, "learning_rate": 40, "record_every": 20,
                                                           "optimizer": "adagrad", "batch_size": 2, "seed": 3})"));

// A rate far too high for the weights throws them from bound to bound: the run ends worse than
// it began, and the result is the lowest error it saw (here the start), not its last state.
TEST(GradientRun, ARunThatEndsWorseThanItBeganKeepsItsBest) {
  std::string text = QUEEN_CONFIG;
  const std::string plain = R"("gradient": {"epochs": 120, "learning_rate": 8, "record_every": 20})";
  text.replace(text.find(plain), plain.size(), R"("gradient": {"epochs": 6, "learning_rate": 1000, "record_every": 1})");
  const tuner::TunerConfig c = tuner::parse_tuner_config(text, "eval.json").value();
  // A queen up wins half the time and draws the other half: the best queen is worth about 190
  // (where the sigmoid gives 0.75), and the run starts there.
  std::vector<tuner::LabeledPosition> split;
  for (const char* line : {"4k3/8/8/8/8/8/8/3QK3 w - - [1.0]", "4k3/8/8/8/8/8/8/3QK3 w - - [0.5]",
                           "3qk3/8/8/8/8/8/8/4K3 b - - [0.0]", "3qk3/8/8/8/8/8/8/4K3 b - - [0.5]"})
    split.push_back(tuner::parse_labeled_line(line, "split.epd").value());
  eval::EvalParams start = eval::default_params();
  start.piece_value_mg[4] = start.piece_value_eg[4] = 190;
  tuner::TexelFitness texel{split, 2, start};
  fitted(texel);
  const tuner::LinearTexel model{texel, c, start};
  const std::string dir = ::testing::TempDir() + "tuner_gradient/";
  std::filesystem::create_directories(dir);
  std::filesystem::remove(dir + "overshoot.sqlite");
  auto db = tuner::TunerDatabase::open(dir + "overshoot.sqlite").value();
  const std::int64_t run = db->create_run({harness::RunKind::TUNER_METHOD, "gradient"}, c.source_text).value();
  std::ostringstream sink;
  auto done = run_on_texel("gradient", c, start, texel, *db, run, sink);
  ASSERT_TRUE(done) << done.error();
  const std::vector<double> last_theta = nlohmann::json::parse(db->generations(run).value().back().state)["theta"];
  const double last = texel.error(tuner::with_values(c, start, tuner::nearest_values(c, last_theta)));
  ASSERT_GT(last, texel.error(start)) << "the rate must overshoot for this test to mean anything";
  EXPECT_LE(done->best_fitness, texel.error(start));
  EXPECT_DOUBLE_EQ(done->best_fitness, texel.error(tuner::with_values(c, start, done->best)));
  EXPECT_NE(done->note.find("result: "), std::string::npos) << done->note;
  EXPECT_EQ(sink.str().find("rate 1000.000"), std::string::npos) << "rates print in short form:\n" << sink.str();
}

TEST(GradientConfig, ReadsSettingsAndNamesBadKeys) {
  EXPECT_EQ(section_of(queen_config(), "gradient")["epochs"], 120);
  EXPECT_EQ(tuner::find_tuning_method("gradient")->planned_steps(queen_config()), 6);  // 120 epochs, 20 a step
  auto bad = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "gradient": {"epoch": 5}, "fitness": {"positions": "x"}})", "e.json");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), "e.json: gradient: unknown key 'epoch' (did you mean 'epochs'?)");
  auto zero = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "gradient": {"learning_rate": 0}, "fitness": {"positions": "x"}})", "e.json");
  ASSERT_FALSE(zero);
  EXPECT_NE(zero.error().find("'learning_rate' must be positive"), std::string::npos);
  auto sgd = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "gradient": {"optimizer": "sgd"}, "fitness": {"positions": "x"}})", "e.json");
  ASSERT_FALSE(sgd);
  EXPECT_EQ(sgd.error(), "e.json: gradient: 'optimizer' must be \"adam\" or \"adagrad\", not \"sgd\"");
  auto batch = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "gradient": {"batch_size": -1}, "fitness": {"positions": "x"}})", "e.json");
  ASSERT_FALSE(batch);
  EXPECT_NE(batch.error().find("e.json: gradient: 'batch_size'"), std::string::npos);
  // Values that would run away: a rate of 1e308, a hundred thousand threads.
  auto rate = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "gradient": {"learning_rate": 1e308}, "fitness": {"positions": "x"}})", "e.json");
  ASSERT_FALSE(rate);
  EXPECT_EQ(rate.error(), "e.json: gradient: 'learning_rate' is a step in the weights' units, at most 1000, got 1e+308");
  auto threads = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "tempo_mg"}], "fitness": {"positions": "x", "threads": 100000}})", "e.json");
  ASSERT_FALSE(threads);
  EXPECT_EQ(threads.error(), "e.json: fitness: 'threads' must be at most 256, got 100000");
}

}  // namespace
