#include "methods/pbil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>
#include <sstream>

#include "data/labeled_positions.h"
#include "data/position_tracing.h"
#include "driver/holdout_choice.h"
#include "fitness/texel.h"
#include "fitness/texel_fitness.h"
#include "methods/genome.h"
#include "space/tuner_config.h"
#include "tuner/data/labeled_file.h"
#include "tuner/methods/run_method.h"

namespace {

const char* MATERIAL_CONFIG = R"({
  "name": "test",
  "parameters": [ {"name": "piece_value_mg[1]", "min": 100, "max": 600, "step": 10},
                  {"name": "bishop_pair_mg", "min": 0, "max": 63, "bits": 6} ],
  "pbil": {"population": 16, "generations": 5, "seed": 7},
  "fitness": {"type": "texel", "positions": "p.epd", "threads": 2}
})";

std::string config_error(const std::string& text) {
  auto c = tuner::parse_tuner_config(text, "eval.json");
  return c ? "" : c.error();
}

TEST(TunerConfig, ReadsParametersAndDerivesBits) {
  auto c = tuner::parse_tuner_config(MATERIAL_CONFIG, "configs/eval.json");
  ASSERT_TRUE(c) << c.error();
  ASSERT_EQ(c->weights.size(), 2u);
  EXPECT_EQ(c->weights[0].name, "piece_value_mg[1]");
  EXPECT_EQ(c->weights[0].bits, 6);  // 51 values
  EXPECT_EQ(c->weights[1].bits, 6);
  EXPECT_EQ(c->method_section("pbil")["population"], 16);  // the section as written, for PBIL to read
  EXPECT_TRUE(c->method_section("spsa").is_null());        // none: every default
  EXPECT_EQ(c->fitness.positions, "configs/p.epd");
  auto table = tuner::parse_tuner_config(
      R"({"parameters": [{"name": "passed_pawn_eg", "min": 0, "max": 200, "step": 8}], "fitness": {"positions": "x"}})",
      "e.json");
  ASSERT_TRUE(table) << table.error();
  EXPECT_EQ(table->weights.size(), 8u);  // a whole table expands to its elements
}

TEST(TunerConfig, ErrorsNameTheKeyAndSuggest) {
  EXPECT_EQ(config_error(R"({"parameters": [{"name": "bishop_pair_mgg"}], "fitness": {"positions": "x"}})"),
            "eval.json: parameters[0]: unknown weight 'bishop_pair_mgg' (did you mean 'bishop_pair_mg'?)");
  EXPECT_EQ(config_error(R"({"parameter": []})"), "eval.json: unknown key 'parameter' (did you mean 'parameters'?)");
  EXPECT_EQ(config_error(R"({"parameters": [{"name": "tempo_mg", "mni": 1}], "fitness": {"positions": "x"}})"),
            "eval.json: parameters[0]: unknown key 'mni' (did you mean 'min'?)");
  EXPECT_NE(config_error(R"({"parameters": [{"name": "tempo_mg", "min": -500}], "fitness": {"positions": "x"}})")
                .find("must lie within [-100, 100]"),
            std::string::npos);
  EXPECT_NE(
      config_error(R"({"parameters": [{"name": "piece_value_mg[7]"}], "fitness": {"positions": "x"}})").find("is not an element"),
      std::string::npos);
  EXPECT_NE(config_error(R"({"parameters": [{"name": "tempo_mg"}], "pbil": {"populaton": 3}, "fitness": {"positions": "x"}})")
                .find("did you mean 'population'"),
            std::string::npos);
  EXPECT_NE(config_error(R"({"parameters": [{"name": "tempo_mg"}], "fitness": {"type": "spsa"}})")
                .find("'type' must be 'texel' or 'games'"),
            std::string::npos);
  EXPECT_NE(config_error("{").find("not valid JSON"), std::string::npos);
}

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

std::string labeled_file() {
  std::string path = ::testing::TempDir() + "labeled.epd";
  std::ofstream out(path);
  // White is a queen up and won; Black is a rook up and won; equal material drawn.
  out << "3qk3/8/8/8/8/8/8/3QK2Q w - - c9 \"1-0\";\n"
      << "4k3/8/8/8/8/8/8/3QK2Q b - - [1.0]\n"
      << "r3k3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";\n"
      << "r3k3/8/8/8/8/8/8/4K3 b - - [0.0]\n"
      << "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - c9 \"1/2-1/2\";\n"
      << "4k3/pppp4/8/8/8/8/PPPP4/4K3 b - - [0.5]\n";
  return path;
}

TEST(Texel, ReadsLabelsFitsKAndPrefersSensibleWeights) {
  auto positions = std::make_optional(labeled_positions_of(labeled_file()));
  ASSERT_EQ(positions->size(), 6u);
  EXPECT_EQ((*positions)[1].result, 1.0);
  EXPECT_EQ((*positions)[4].result, 0.5);
  tuner::TexelFitness fitness(*positions, 2, eval::default_params());
  double k = fitness.fit_k(eval::default_params());
  EXPECT_GT(k, 0.05);
  EXPECT_LT(k, 5.0);
  double sensible = fitness.error(eval::default_params());
  eval::EvalParams silly = eval::default_params();
  silly.piece_value_mg[4] = silly.piece_value_eg[4] = 0;  // a queen worth nothing
  EXPECT_LT(sensible, fitness.error(silly));
  EXPECT_NE(tuner::parse_labeled_line("4k3/8/8/8/8/8/8/4K3 w - -", "x:1").error().find("x:1: no result label"),
            std::string::npos);
  EXPECT_NE(tuner::read_labeled_file("/nonexistent", [](tuner::LabeledPosition&&) {}).error().find("cannot open"),
            std::string::npos);
}

TEST(Texel, HoldoutTakesWholeBlocksOfConsecutivePositions) {
  std::vector<tuner::LabeledPosition> all;
  for (int i = 0; i < 1000; ++i)
    all.push_back({chess::Position::startpos(), double(i), std::nullopt});  // result = original index
  const tuner::TracedSets none = tuner::trace_labeled_positions(all, 0, eval::dev_params(), 2);
  EXPECT_EQ(none.heldout.size(), 0u);
  EXPECT_EQ(none.tuning.size(), 1000u);
  const tuner::TracedSets sets = tuner::trace_labeled_positions(all, 0.1, eval::dev_params(), 2);
  ASSERT_EQ(sets.heldout.size(), 100u);
  ASSERT_EQ(sets.tuning.size(), 900u);
  for (std::size_t i = 0; i < sets.heldout.size(); ++i) EXPECT_EQ(sets.heldout.result(i), double(900 + i));  // the tenth block
  for (std::size_t i = 0; i < sets.tuning.size(); ++i) EXPECT_EQ(sets.tuning.result(i), double(i));
  EXPECT_NE(config_error(R"({"parameters": [{"name": "tempo_mg"}], "fitness": {"positions": "x", "holdout": 0.9}})")
                .find("'holdout' must lie within [0, 0.5]"),
            std::string::npos);
}

// Classic PBIL over whole ranges, and windows that restart (patience 1 forces restarts within
// five generations, before and after the stop).
class PbilResume : public ::testing::TestWithParam<const char*> {};

TEST_P(PbilResume, ResumeAfterAStopGivesTheSameVectorAsOneRun) {
  std::string text = MATERIAL_CONFIG;
  text.replace(text.find(R"("seed": 7)"), 9, GetParam());
  std::string dir = ::testing::TempDir() + "tuner_resume/";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "p.epd") << std::ifstream(labeled_file()).rdbuf();
  auto config = tuner::parse_tuner_config(text, dir + "eval.json").value();
  auto positions = labeled_positions_of(dir + "p.epd");
  tuner::TexelFitness texel(positions, 2, eval::default_params());
  texel.fit_k(eval::default_params());
  tuner::TexelFitnessAdapter fitness(texel, config, eval::default_params());
  const tuner::Values start = tuner::start_values(config, eval::default_params()).value();
  std::ostringstream sink;
  for (const char* name : {"whole.sqlite", "split.sqlite"}) std::filesystem::remove(dir + name);
  auto whole = harness::Database::open(dir + "whole.sqlite").value();
  std::int64_t a = whole->create_run("tuner-pbil", config.source_text).value();
  ASSERT_TRUE(run_method("pbil", config, start, fitness, *whole, a, sink));
  auto split = harness::Database::open(dir + "split.sqlite").value();
  std::int64_t b = split->create_run("tuner-pbil", config.source_text).value();
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

namespace {

TEST(HoldoutChoice, PicksTheStoredGenerationThatFitsTheHeldOutPositionsBest) {
  std::string dir = ::testing::TempDir() + "tuner_holdout/";
  std::filesystem::create_directories(dir);
  auto config = tuner::parse_tuner_config(MATERIAL_CONFIG, dir + "eval.json").value();
  auto positions = labeled_positions_of(labeled_file());
  tuner::TexelFitness texel(positions, 1, eval::default_params());
  texel.fit_k(eval::default_params());
  // "Held-out" positions that disagree with the tuning ones: every label reversed.
  auto reversed = positions;
  for (auto& p : reversed) p.result = 1 - p.result;
  tuner::TexelFitness heldout(reversed, 1, eval::default_params());
  heldout.set_k(texel.k());
  tuner::TexelFitnessAdapter fitness(texel, config, eval::default_params());
  std::filesystem::remove(dir + "h.sqlite");
  auto db = harness::Database::open(dir + "h.sqlite").value();
  const std::int64_t run = db->create_run("tuner-pbil", config.source_text).value();
  std::ostringstream sink;
  ASSERT_TRUE(run_method("pbil", config, tuner::start_values(config, eval::default_params()).value(), fitness, *db, run, sink));
  auto choice =
      tuner::best_on_holdout(*db, run, *tuner::find_tuning_method("pbil"), config, eval::default_params(), heldout).value();
  ASSERT_TRUE(choice);
  // Recomputed by hand: each generation's best individual, scored on the held-out positions.
  double lowest = 1e9;
  for (const harness::GenerationRow& g : db->generations(run).value()) {
    auto rows = db->individuals(run, g.generation).value();
    auto best = std::min_element(rows.begin(), rows.end(), [](auto& a, auto& b) { return a.fitness < b.fitness; });
    auto w = nlohmann::json::parse(best->weights);
    eval::EvalParams p = eval::default_params();
    p.piece_value_mg[1] = w["piece_value_mg[1]"];
    p.bishop_pair_mg = w["bishop_pair_mg"];
    lowest = std::min(lowest, heldout.error(p));
  }
  EXPECT_DOUBLE_EQ(choice->error, lowest);
  EXPECT_DOUBLE_EQ(heldout.error(tuner::with_values(config, eval::default_params(), choice->values)), lowest);
}

}  // namespace

namespace {

TEST(OptionParameters, SpinCheckAndRealValuesOnTheirGrids) {
  auto c = tuner::parse_tuner_config(R"({
    "parameters": [{"option": "LmrBase", "min": 50, "max": 150, "step": 5, "start": 100, "c_end": 10, "r_end": 0.004},
                   {"option": "Ponder", "type": "check"},
                   {"option": "Aspiration", "min": 0.5, "max": 2.5, "step": 0.05, "scale": 100}],
    "fitness": {"type": "games"}})",
                                     "o.json");
  ASSERT_TRUE(c) << c.error();
  ASSERT_TRUE(c->tunes_options());
  const auto& w = c->weights;
  EXPECT_EQ(w[0].step, 5);
  EXPECT_EQ(*w[0].start, 100);
  EXPECT_DOUBLE_EQ(w[0].c_end, 10);
  EXPECT_DOUBLE_EQ(w[0].r_end, 0.004);
  EXPECT_EQ(w[1].min, 0);
  EXPECT_EQ(w[1].max, 1);
  EXPECT_EQ(w[2].type, "real");
  EXPECT_EQ(w[2].min, 50);
  EXPECT_EQ(w[2].max, 250);
  EXPECT_EQ(w[2].step, 5);
  auto settings = tuner::option_settings(*c, {85, 1, 125});
  ASSERT_EQ(settings.size(), 3u);
  EXPECT_EQ(settings[0], (std::pair<std::string, std::string>{"LmrBase", "85"}));
  EXPECT_EQ(settings[1].second, "true");
  EXPECT_EQ(settings[2].second, "1.25");
  EXPECT_EQ(tuner::values_json(*c, {85, 0, 125}), R"({"Aspiration":1.25,"LmrBase":85,"Ponder":false})");
}

TEST(OptionParameters, MistakesNameTheParameter) {
  auto error = [](const std::string& parameters, const std::string& fitness = R"({"type": "games"})") {
    auto c = tuner::parse_tuner_config(R"({"parameters": )" + parameters + R"(, "fitness": )" + fitness + "}", "o.json");
    return c ? std::string() : c.error();
  };
  EXPECT_NE(error(R"([{"option": "X", "min": 1.5, "max": 3}])").find("'min' must be an integer (or give 'scale')"),
            std::string::npos);
  EXPECT_NE(error(R"([{"option": "X", "type": "check", "min": 0}])").find("a check option takes no 'min'"), std::string::npos);
  EXPECT_NE(error(R"([{"option": "X", "min": 1, "max": 3}, {"name": "tempo_mg"}])").find("every one a UCI option"),
            std::string::npos);
  EXPECT_NE(error(R"([{"option": "X", "min": 1, "max": 3}])", R"({"positions": "p.epd"})").find("UCI options are tuned by games"),
            std::string::npos);
  EXPECT_NE(error(R"([{"option": "X", "min": 1, "max": 3, "start": 9}])").find("'start' lies outside [min, max]"),
            std::string::npos);
}

}  // namespace

namespace {

TEST(PositionTracing, ReadsAFileInBlocksAndNamesTheLineOfABadOne) {
  const std::string dir = ::testing::TempDir() + "tuner_tracing/";
  std::filesystem::create_directories(dir);
  {
    std::ofstream out(dir + "many.epd");
    for (int i = 0; i < 70000; ++i)  // more than one block
      out << (i % 2 ? "4k3/8/8/8/8/8/8/R3K3 w - - c9 \"1-0\";\n" : "4k3/8/8/8/8/8/3q4/3QK3 w - - [0.5]\n");
  }
  auto sets = tuner::trace_labeled_file(dir + "many.epd", {.holdout = 0.2, .threads = 2}, eval::dev_params());
  ASSERT_TRUE(sets) << sets.error();
  EXPECT_EQ(sets->read, 70000u);
  EXPECT_EQ(sets->not_quiet, 35000u);  // the hanging queens
  EXPECT_EQ(sets->tuning.size() + sets->heldout.size(), 35000u);
  EXPECT_EQ(sets->heldout.size(), 7000u);  // every fifth block of 100
  for (std::size_t i = 0; i < sets->tuning.size(); i += 997) EXPECT_EQ(sets->tuning.result(i), 1.0);
  EXPECT_GT(sets->tuning.bytes(), sets->tuning.size() * 4);

  std::ofstream(dir + "bad.epd") << "4k3/8/8/8/8/8/8/R3K3 w - - c9 \"1-0\";\n4k3/8/8/8/8/8/8/R3K3 w - - c9 \"2-0\";\n";
  auto bad = tuner::trace_labeled_file(dir + "bad.epd", {.threads = 2}, eval::dev_params());
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("bad.epd:2"), std::string::npos) << bad.error();
  EXPECT_NE(bad.error().find("no result label"), std::string::npos) << bad.error();
  std::ofstream(dir + "empty.epd") << "\n";
  EXPECT_NE(tuner::trace_labeled_file(dir + "empty.epd", {}, eval::dev_params()).error().find("no labeled positions"),
            std::string::npos);
}

}  // namespace

namespace {

// Every configuration the project ships is one the tuner reads (its position files may be made
// later, by scripts: the text is checked here, not the paths).
TEST(TunerConfig, EveryShippedConfigurationParses) {
  std::vector<std::filesystem::path> files{std::filesystem::path(PROJECT_DIR) / "configs/eval.json"};
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(PROJECT_DIR) / "configs/tuner"))
    files.push_back(entry.path());
  ASSERT_GE(files.size(), 9u);
  for (const auto& path : files) {
    std::ostringstream text;
    text << std::ifstream(path).rdbuf();
    auto config = tuner::parse_tuner_config(text.str(), path.string());
    EXPECT_TRUE(config) << path << ": " << config.error();
  }
}

}  // namespace
