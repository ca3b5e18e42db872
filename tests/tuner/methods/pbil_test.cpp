// PBIL: the genome's encoding, the algorithm on known optima, and a stopped run resumed to the
// same vector as one run.
#include "methods/pbil.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include "fitness/texel.h"
#include "fitness/texel_fitness.h"
#include "methods/genome.h"
#include "space/tuned_weights.h"
#include "tuner/data/labeled_file.h"
#include "tuner/methods/run_method.h"
#include "tuner/space/material_config.h"
#include "driver/tuner_configuration.h"

namespace {

TEST(Genome, EncodeDecodeRoundTripsWithAndWithoutGrayCode) {
  for (bool gray : {true, false}) {
    auto c = tuner::parse_tuner_config(MATERIAL_CONFIG, "e.json").value();
    eval::EvalParams p = eval::default_params();
    p.piece_value_mg[1] = 330;
    p.bishop_pair_mg = 41;
    tuner::Bits bits = tuner::encode(tuner::start_values(c, p).value(), c.weights, gray);
    ASSERT_EQ(int(bits.size()), tuner::total_bits(c.weights));
    eval::EvalParams back = tuner::with_values(c, eval::default_params(), tuner::decode(bits, c.weights, gray));
    EXPECT_EQ(back.piece_value_mg[1], 330);
    EXPECT_EQ(back.bishop_pair_mg, 41);
  }
  for (unsigned v = 0; v < 1000; ++v) EXPECT_EQ(tuner::gray_to_binary(tuner::binary_to_gray(v)), v);
}

// PBIL on synthetic objectives with known optima.
double run_synthetic(int bits, const std::function<double(const tuner::Bits&)>& f, std::uint64_t seed,
                     std::vector<double>* final_p = nullptr) {
  tuner::PbilSettings s;
  s.population = 32;
  s.seed = seed;
  tuner::Pbil pbil(bits, s);
  for (int g = 0; g < 150; ++g) {
    std::vector<tuner::Individual> scored;
    for (auto& b : pbil.sample_population()) scored.push_back({b, f(b)});
    pbil.update(scored);
  }
  if (final_p) *final_p = pbil.probabilities();
  return pbil.best().fitness;
}

TEST(Pbil, ConvergesOnOneMaxAndATargetVectorAndIsDeterministic) {
  auto onemax = [](const tuner::Bits& b) { return double(std::count(b.begin(), b.end(), 0)); };
  EXPECT_EQ(run_synthetic(40, onemax, 1), 0.0);
  tuner::Bits target;
  for (int i = 0; i < 40; ++i) target.push_back(std::uint8_t((i * 7) % 3 == 0));
  auto distance = [&](const tuner::Bits& b) {
    double d = 0;
    for (std::size_t i = 0; i < b.size(); ++i) d += b[i] != target[i];
    return d;
  };
  std::vector<double> p1, p2;
  EXPECT_EQ(run_synthetic(40, distance, 5, &p1), 0.0);
  run_synthetic(40, distance, 5, &p2);
  EXPECT_EQ(p1, p2);  // same seed, same vector
  for (std::size_t i = 0; i < p1.size(); ++i) EXPECT_EQ(p1[i] > 0.5, target[i] == 1) << i;
}

TEST(Pbil, SavedStateRestoresExactly) {
  tuner::PbilSettings s;
  s.population = 8;
  tuner::Pbil a(20, s), b(20, s);
  auto f = [](const tuner::Bits& bits) { return double(std::accumulate(bits.begin(), bits.end(), 0)); };
  for (int g = 0; g < 5; ++g) {
    std::vector<tuner::Individual> scored;
    for (auto& bits : a.sample_population()) scored.push_back({bits, f(bits)});
    a.update(scored);
  }
  ASSERT_TRUE(b.restore(a.save()));
  EXPECT_EQ(a.sample_population(), b.sample_population());
  EXPECT_EQ(a.save(), b.save());
}

// Classic PBIL over whole ranges, and windows that restart (patience 1 forces restarts within
// five generations, before and after the stop).
class PbilResume : public ::testing::TestWithParam<const char*> {};

TEST_P(PbilResume, ResumeAfterAStopGivesTheSameVectorAsOneRun) {
  std::string text = MATERIAL_CONFIG;
  text.replace(text.find(R"("seed": 7)"), 9, GetParam());
  std::string dir = ::testing::TempDir() + "tuner_resume/";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "p.epd") << std::ifstream(small_labeled_file()).rdbuf();
  auto config = tuner::parse_tuner_config(text, dir + "eval.json").value();
  auto positions = labeled_positions_of(dir + "p.epd");
  tuner::TexelFitness texel(positions, 2, eval::default_params());
  texel.fit_k(eval::default_params());
  tuner::TexelFitnessAdapter fitness(texel, config, eval::default_params());
  const tuner::Values start = tuner::start_values(config, eval::default_params()).value();
  std::ostringstream sink;
  for (const char* name : {"whole.sqlite", "split.sqlite"}) std::filesystem::remove(dir + name);
  auto whole = tuner::TunerDatabase::open(dir + "whole.sqlite").value();
  std::int64_t a = whole->create_run({harness::RunKind::TUNER_METHOD, "pbil"}, config.source_text).value();
  ASSERT_TRUE(run_method("pbil", config, start, fitness, *whole, a, sink));
  auto split = tuner::TunerDatabase::open(dir + "split.sqlite").value();
  std::int64_t b = split->create_run({harness::RunKind::TUNER_METHOD, "pbil"}, config.source_text).value();
  ASSERT_TRUE(run_method("pbil", config, start, fitness, *split, b, sink, {2, {}, {}}));  // "killed" after 2 generations
  ASSERT_EQ(split->generations(b).value().size(), 2u);
  // Resumed, with a note on every progress line (the tuner's held-out error goes there).
  std::ostringstream resumed;
  tuner::RunHooks noted;
  noted.progress_note = [&](const tuner::Values& v) {
    return "queen " + std::to_string(tuner::with_values(config, eval::default_params(), v).piece_value_mg[4]);
  };
  ASSERT_TRUE(run_method("pbil", config, start, fitness, *split, b, resumed, noted));
  EXPECT_NE(resumed.str().find("generation 5/5  best error"), std::string::npos) << resumed.str();
  EXPECT_NE(resumed.str().find("  queen "), std::string::npos) << resumed.str();
  if (section_of(config, "pbil").contains("radius")) {
    EXPECT_NE(resumed.str().find("restart around the best"), std::string::npos) << resumed.str();
  }
  auto ga = whole->generations(a).value(), gb = split->generations(b).value();
  ASSERT_EQ(ga.size(), 5u);
  ASSERT_EQ(gb.size(), 5u);
  EXPECT_EQ(ga.back().state, gb.back().state);
}

INSTANTIATE_TEST_SUITE_P(Pbil, PbilResume, ::testing::Values(R"("seed": 7)", R"("seed": 7, "radius": 4, "patience": 1)"));

}  // namespace
