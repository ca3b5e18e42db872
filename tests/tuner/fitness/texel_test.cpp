// The texel fitness: labels read, K fitted, sensible weights preferred, and held-out positions
// taken as whole blocks.
#include "fitness/texel.h"

#include <gtest/gtest.h>

#include <optional>

#include "data/labeled_positions.h"
#include "data/position_tracing.h"
#include "fitness/texel_fitness.h"
#include "tuner/data/labeled_file.h"
#include "tuner/space/material_config.h"

namespace {

TEST(Texel, ReadsLabelsFitsKAndPrefersSensibleWeights) {
  auto positions = std::make_optional(labeled_positions_of(small_labeled_file()));
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

}  // namespace
