// PBIL on a known answer: positions labeled by the engine's own default evaluation (each
// position's label is the win probability the default weights give it), so that the default
// weights fit them exactly. From every piece worth 300, PBIL must recover the default material
// values within 15 %. The positions are the project's own (suites/labeled.epd).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "data/labeled_positions.h"
#include "eval/evaluate.h"
#include "fitness/texel_fitness.h"
#include "search/versions.h"
#include "space/tuner_config.h"
#include "tuner/data/labeled_file.h"
#include "tuner/methods/run_method.h"
#include "driver/tuner_configuration.h"

namespace {

constexpr double K = 1.0;

// Every `every`th position of suites/labeled.epd, labeled by the default evaluation itself.
std::vector<tuner::LabeledPosition> self_labeled(std::size_t every) {
  auto all = labeled_positions_of(std::string(PROJECT_DIR) + "/suites/labeled.epd");
  std::vector<tuner::LabeledPosition> positions;
  for (std::size_t i = 0; i < all.size(); i += every) {
    tuner::LabeledPosition p = all[i];
    const int score = eval::evaluate(p.position, eval::default_params(), search::find_version("dev")->features.eval);
    const double white = p.position.side_to_move() == chess::WHITE ? score : -score;
    p.result = 1.0 / (1.0 + std::pow(10.0, -K * white / 400.0));
    positions.push_back(p);
  }
  return positions;
}

TEST(PbilKnownAnswer, RecoversTheDefaultMaterialFromEveryPieceWorth300) {
  tuner::TexelFitness texel(self_labeled(64), 2, eval::default_params());  // about 2,000 positions, the quiet ones
  texel.set_k(K);
  auto config = tuner::parse_tuner_config(R"({
    "parameters": [{"name": "piece_value_mg", "min": 0, "max": 1500, "step": 5},
                   {"name": "piece_value_eg", "min": 0, "max": 1500, "step": 5}],
    "pbil": {"population": 32, "generations": 500, "radius": 32, "seed": 1},
    "fitness": {"type": "texel", "positions": "unused"}, "validation": {"games": 0}})",
                                          "known.json")
                    .value();
  eval::EvalParams flat = eval::default_params();
  for (int p = 0; p < 5; ++p) flat.piece_value_mg[p] = flat.piece_value_eg[p] = 300;
  tuner::TexelFitnessAdapter fitness(texel, config, flat);
  const std::string dir = ::testing::TempDir() + "pbil_known/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto db = tuner::TunerDatabase::open(dir + "t.sqlite").value();
  const std::int64_t run = db->create_run({harness::RunKind::TUNER_METHOD, "pbil"}, config.source_text).value();
  std::ostringstream log;
  auto done = run_method("pbil", config, tuner::start_values(config, flat).value(), fitness, *db, run, log);
  ASSERT_TRUE(done) << done.error();
  if (std::getenv("SHOW_LOG")) std::printf("%s", log.str().c_str());
  const eval::EvalParams found = tuner::with_values(config, flat, done->best);
  const eval::EvalParams truth = eval::default_params();
  std::string table;
  for (int p = 0; p < 5; ++p) {
    char line[120];
    std::snprintf(line, sizeof line, "piece %d: mg %d (default %d), eg %d (default %d)\n", p, found.piece_value_mg[p],
                  truth.piece_value_mg[p], found.piece_value_eg[p], truth.piece_value_eg[p]);
    table += line;
  }
  std::printf("%s%s generations, error %.6f (start %.6f)\n", table.c_str(),
              std::to_string(db->generations(run).value().size()).c_str(), done->best_fitness, texel.error(flat));
  for (int p = 0; p < 5; ++p) {
    EXPECT_NEAR(found.piece_value_mg[p], truth.piece_value_mg[p], 0.15 * truth.piece_value_mg[p]) << table;
    EXPECT_NEAR(found.piece_value_eg[p], truth.piece_value_eg[p], 0.15 * truth.piece_value_eg[p]) << table;
  }
}

}  // namespace
