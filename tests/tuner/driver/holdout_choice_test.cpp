// The held-out choice: the stored generation that fits the held-out positions best.
#include "driver/holdout_choice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "fitness/texel.h"
#include "fitness/texel_fitness.h"
#include "space/tuned_weights.h"
#include "tuner/data/labeled_file.h"
#include "tuner/methods/run_method.h"
#include "tuner/space/material_config.h"
#include "driver/tuner_configuration.h"

namespace {

TEST(HoldoutChoice, PicksTheStoredGenerationThatFitsTheHeldOutPositionsBest) {
  std::string dir = ::testing::TempDir() + "tuner_holdout/";
  std::filesystem::create_directories(dir);
  auto config = tuner::parse_tuner_config(MATERIAL_CONFIG, dir + "eval.json").value();
  auto positions = labeled_positions_of(small_labeled_file());
  tuner::TexelFitness texel(positions, 1, eval::default_params());
  texel.fit_k(eval::default_params());
  // "Held-out" positions that disagree with the tuning ones: every label reversed.
  auto reversed = positions;
  for (auto& p : reversed) p.result = 1 - p.result;
  tuner::TexelFitness heldout(reversed, 1, eval::default_params());
  heldout.set_k(texel.k());
  tuner::TexelFitnessAdapter fitness(texel, config, eval::default_params());
  std::filesystem::remove(dir + "h.sqlite");
  auto db = tuner::TunerDatabase::open(dir + "h.sqlite").value();
  const std::int64_t run = db->create_run({harness::RunKind::TUNER_METHOD, "pbil"}, config.source_text).value();
  std::ostringstream sink;
  ASSERT_TRUE(run_method("pbil", config, tuner::start_values(config, eval::default_params()).value(), fitness, *db, run, sink));
  auto choice =
      tuner::best_on_holdout(*db, run, *tuner::find_tuning_method("pbil"), config, eval::default_params(), heldout).value();
  ASSERT_TRUE(choice);
  // Recomputed by hand: each generation's best individual, scored on the held-out positions.
  double lowest = 1e9;
  for (const tuner::GenerationRow& g : db->generations(run).value()) {
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
