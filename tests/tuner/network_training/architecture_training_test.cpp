// The trainer learns each architecture past the simple network (output buckets, mirrored king
// buckets with a factoriser, the layer stack), resumes each byte for byte, and writes each as
// bullet's SavedFormat list does: read back by the engine and by the test tree's own reader.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "network_training/training_run.h"
#include "inference/accumulator.h"
#include "nnue/network.h"
#include "support/bucketed_networks.h"
#include "support/material_training.h"
#include "support/random_games.h"

namespace {

struct TrainedArchitecture {
  const char* spec;
  int king_buckets;  // 0: Chess768
  bool stack;
  std::size_t value_bytes;  // bullet's sizes at N = 32: 1570N + 16, 15394N + 16, 1536KN + 130N + 18976
  double loss_bound;        // the validation loss after 6 superbatches of 100 batches of 256 (measured:
                            // 0.0005, 0.001 and 0.009: the stack learns slower from bullet's
                            // wide first weights, sqrt(2 / 32))
};

constexpr int ARCH_HIDDEN = 32;
const TrainedArchitecture TRAINED[] = {
    {"(768->32)x2->1x8", 0, false, 1570 * 32 + 16, 0.002},
    {"(768x10hm->32)x2->1x8", 10, false, 15394 * 32 + 16, 0.002},
    {"(768x10hm->32)x2->pairwise->(16->32->1)x8", 10, true, 1536 * 10 * 32 + 130 * 32 + 18976, 0.012},
};

nnue::Architecture architecture(const char* spec) {
  auto a = nnue::parse_architecture(spec);
  EXPECT_TRUE(a.ok()) << a.error();
  return *a;
}

tuner::TrainingConfig architecture_config(const char* spec) {
  return testing_support::material_training_config(architecture(spec),
                                                   testing_support::material_data_file("architecture-material.txt"));
}

TEST(ArchitectureTraining, EachArchitectureLearnsMaterialBelowAStatedLoss) {
  for (const TrainedArchitecture& t : TRAINED) {
    tuner::TrainingRun run = testing_support::prepared_training_run(architecture_config(t.spec));
    double first = 0, last = 0;
    for (int s = 0; s < 6; ++s) {
      const tuner::SuperbatchResult r = run.run_superbatch();
      if (s == 0) first = r.validation_loss;
      last = r.validation_loss;
    }
    EXPECT_LT(last, t.loss_bound) << t.spec << ": first superbatch " << first;
    EXPECT_LT(last, first / 2) << t.spec;
    std::cout << t.spec << ": validation loss " << first << " after the first superbatch, " << last << " after the sixth\n";
  }
}

TEST(ArchitectureTraining, EachResumesFromACheckpointByteForByte) {
  for (const TrainedArchitecture& t : TRAINED) {
    auto config = architecture_config(t.spec);
    config.batches_per_superbatch = 20;
    tuner::TrainingRun whole = testing_support::prepared_training_run(config);
    for (int s = 0; s < 3; ++s) whole.run_superbatch();
    tuner::TrainingRun first = testing_support::prepared_training_run(config);
    first.run_superbatch();
    auto checkpoint = tuner::Checkpoint::from_bytes(first.checkpoint().bytes(), "checkpoint", config.arch);
    ASSERT_TRUE(checkpoint.ok()) << checkpoint.error();
    tuner::TrainingRun second = testing_support::prepared_training_run(config);
    ASSERT_TRUE(second.restore(std::move(checkpoint).value(), "checkpoint").ok());
    second.run_superbatch();
    second.run_superbatch();
    EXPECT_EQ(second.checkpoint().bytes(), whole.checkpoint().bytes()) << t.spec;
  }
}

// The padding after the values: bullet's text repeated to a multiple of 64 bytes.
void expect_bullet_padding(const std::string& bytes, std::size_t values, const char* spec) {
  EXPECT_EQ(bytes.size(), (values + 63) / 64 * 64) << spec;
  for (std::size_t i = values; i < bytes.size(); ++i) ASSERT_EQ(bytes[i], "bullet"[(i - values) % 6]) << spec << " byte " << i;
}

TEST(ArchitectureTraining, EachFileIsBulletsLayoutReadAlikeByTheEngineAndAnIndependentReader) {
  for (const TrainedArchitecture& t : TRAINED) {
    auto config = architecture_config(t.spec);
    config.superbatches = 1;
    tuner::TrainingRun run = testing_support::prepared_training_run(config);
    run.run_superbatch();
    auto quantised = run.network().quantised();
    ASSERT_TRUE(quantised.ok()) << quantised.error();
    const std::string bytes = nnue::serialize_network(*quantised);
    expect_bullet_padding(bytes, t.value_bytes, t.spec);
    auto engine = nnue::parse_network(bytes, "trained.bin", config.arch);
    ASSERT_TRUE(engine.ok()) << engine.error();
    int checked = 0;
    if (t.stack) {
      const auto ref = testing_support::read_layer_stack(bytes, ARCH_HIDDEN);
      testing_support::for_each_random_move(8, 80, 21, [&](chess::Position& pos, chess::Move) {
        const double expected = testing_support::layer_stack_evaluate(ref, pos);
        ASSERT_LE(std::abs(nnue::evaluate_position(*engine, pos) - expected), 1 + 0.01 * std::abs(expected)) << pos.fen();
        ++checked;
      });
    } else {
      const auto ref = testing_support::read_bucketed(bytes, ARCH_HIDDEN, t.king_buckets);
      testing_support::for_each_random_move(8, 80, 21, [&](chess::Position& pos, chess::Move) {
        ASSERT_EQ(nnue::evaluate_position(*engine, pos), testing_support::bucketed_evaluate(ref, pos)) << t.spec << " " << pos.fen();
        ++checked;
      });
    }
    EXPECT_GT(checked, 300) << t.spec;
  }
}

TEST(ArchitectureTraining, TheFactoriserIsAddedToEveryBucketsRowsBeforeRounding) {
  auto config = architecture_config("(768x10hm->32)x2->1x8");
  config.superbatches = 1;
  tuner::TrainingRun run = testing_support::prepared_training_run(config);
  run.run_superbatch();
  const tuner::FloatNetwork& net = run.network();
  const std::string bytes = nnue::serialize_network(net.quantised().value());
  const auto ref = testing_support::read_bucketed(bytes, ARCH_HIDDEN, 10);
  const float* l0f = net.at(tuner::TensorId::L0F);
  int factorised = 0;
  for (int bucket : {0, 4, 9})
    for (int feature : {0, 100, 383, 767})
      for (int i = 0; i < ARCH_HIDDEN; ++i) {
        const int row = bucket * 768 + feature;
        const float f = l0f[feature * ARCH_HIDDEN + i];
        const double merged = std::round(double(net.feature_row(row)[i] + f) * 255);
        EXPECT_EQ(ref.l0w[std::size_t(row * ARCH_HIDDEN + i)], int(merged)) << row << " " << i;
        factorised += f != 0.0f;
      }
  EXPECT_GT(factorised, 100) << "a trained factoriser is not zero";
}

TEST(ArchitectureTraining, AValueThatDoesNotFitItsTypeIsRefusedNamingTheTensor) {
  tuner::FloatNetwork buckets(architecture("(768x10hm->32)x2->1x8"));
  buckets.params()[buckets.offset(tuner::TensorId::L0F) + 5] = 200.0f;  // merged into every bucket's l0w
  auto wide = buckets.quantised();
  ASSERT_FALSE(wide.ok());
  EXPECT_NE(wide.error().find("l0w[5] = 200.000000 times 255 does not fit in i16"), std::string::npos) << wide.error();
  tuner::FloatNetwork stack(architecture("(768x10hm->32)x2->pairwise->(16->32->1)x8"));
  stack.params()[stack.offset(tuner::TensorId::L1W) + 3] = 2.5f;
  auto stacked = stack.quantised();
  ASSERT_FALSE(stacked.ok());
  EXPECT_NE(stacked.error().find("l1w[3] = 2.500000 times 64 does not fit in i8"), std::string::npos) << stacked.error();
}

}  // namespace
