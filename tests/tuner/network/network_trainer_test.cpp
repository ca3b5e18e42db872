#include "network/network_trainer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "network/training_run.h"
#include "nnue/accumulator.h"
#include "support/material_positions.h"
#include "support/test_networks.h"

namespace {

namespace fs = std::filesystem;

tuner::TrainingConfig material_config(const std::string& data) {
  tuner::TrainingConfig c;
  c.arch = nnue::simple_architecture(32);
  c.data = {{data, tuner::PositionsFormat::TEXT}};
  c.batch_size = 256;
  c.batches_per_superbatch = 100;
  c.superbatches = 6;
  c.wdl = 0.0;  // the score alone: sigmoid(material / 400)
  c.validation_fraction = 0.1;
  c.lr.schedule = tuner::LearningRate::Schedule::CONSTANT;
  c.lr.start = 0.001;
  c.threads = 2;
  return c;
}

tuner::TrainingRun prepared(const tuner::TrainingConfig& config) {
  std::ostringstream out;
  auto run = tuner::TrainingRun::prepare(config, out);
  EXPECT_TRUE(run.ok()) << run.error();
  return std::move(run).value();
}

std::string data_file() {
  const std::string path = (fs::temp_directory_path() / "material.txt").string();
  if (!fs::exists(path)) testing_support::write_material_positions(path, 400, 9);
  return path;
}

TEST(NetworkTrainer, LearnsMaterialBelowAStatedLoss) {
  tuner::TrainingRun run = prepared(material_config(data_file()));
  double first = 0, last = 0;
  for (int s = 0; s < 6; ++s) {
    const tuner::SuperbatchResult r = run.run_superbatch();
    if (s == 0) first = r.validation_loss;
    last = r.validation_loss;
  }
  // The validation loss of a network that has learnt sigmoid(material / 400) closely.
  EXPECT_LT(last, 0.0005) << "first superbatch " << first;
  EXPECT_LT(last, first / 4);
}

TEST(NetworkTrainer, TheSameSeedGivesTheSameWeightsAndAnotherSeedOthers) {
  auto config = material_config(data_file());
  config.superbatches = 2;
  auto train = [&](std::uint64_t seed) {
    config.seed = seed;
    tuner::TrainingRun run = prepared(config);
    run.run_superbatch();
    run.run_superbatch();
    return run.network().raw_bytes();
  };
  const std::string a = train(1);
  EXPECT_EQ(a, train(1));
  EXPECT_NE(a, train(2));
}

TEST(NetworkTrainer, ACheckpointContinuesAsTheRunWouldHave) {
  const auto config = material_config(data_file());
  tuner::TrainingRun whole = prepared(config);
  for (int s = 0; s < 3; ++s) whole.run_superbatch();
  tuner::TrainingRun first = prepared(config);
  first.run_superbatch();
  auto checkpoint = tuner::Checkpoint::from_bytes(first.checkpoint().bytes(), "checkpoint", first.network().arch());
  ASSERT_TRUE(checkpoint.ok()) << checkpoint.error();
  tuner::TrainingRun second = prepared(config);
  ASSERT_TRUE(second.restore(std::move(checkpoint).value()).ok());
  second.run_superbatch();
  second.run_superbatch();
  EXPECT_EQ(second.network().raw_bytes(), whole.network().raw_bytes());
  EXPECT_EQ(second.checkpoint().bytes(), whole.checkpoint().bytes());
}

// The float network's evaluation in centipawns (its output times the eval scale, 400).
double float_evaluation(const tuner::FloatNetwork& net, const chess::Position& pos) {
  const int n = net.hidden();
  double out = net.l1b();
  for (int half = 0; half < 2; ++half) {
    const chess::Color perspective = half == 0 ? pos.side_to_move() : ~pos.side_to_move();
    std::vector<double> acc(net.l0b(), net.l0b() + n);
    for (int sq = 0; sq < 64; ++sq) {
      const chess::Piece p = pos.piece_on(chess::Square(sq));
      if (p == chess::NO_PIECE) continue;
      const int feature = (chess::color_of(p) == perspective ? 0 : 384) + 64 * (chess::type_of(p) - 1) +
                          (perspective == chess::BLACK ? sq ^ 56 : sq);
      for (int i = 0; i < n; ++i) acc[std::size_t(i)] += net.feature_row(feature)[i];
    }
    for (int i = 0; i < n; ++i) {
      const double c = std::clamp(acc[std::size_t(i)], 0.0, 1.0);
      out += c * c * net.l1w()[half * n + i];
    }
  }
  return out * 400;
}

TEST(NetworkTrainer, TheQuantisedNetworkEvaluatesAsTheFloatOneWithinRounding) {
  tuner::TrainingRun run = prepared(material_config(data_file()));
  for (int s = 0; s < 3; ++s) run.run_superbatch();
  auto net = run.network().quantised();
  ASSERT_TRUE(net.ok()) << net.error();
  const std::string bytes = nnue::serialize_network(*net);
  const auto ref = testing_support::read_reference_network(bytes, 32);
  double worst = 0, sum = 0;
  int total = 0;
  testing_support::for_each_random_move(20, 40, 77, [&](chess::Position& pos, chess::Move) {
    const int engine = nnue::evaluate_position(*net, pos);
    ASSERT_EQ(engine, testing_support::reference_evaluation(ref, pos));
    const double error = std::abs(engine - float_evaluation(run.network(), pos));
    worst = std::max(worst, error);
    sum += error;
    ++total;
  });
  EXPECT_GT(total, 700);
  // Centipawns lost to rounding each weight to 1/255 and each output weight to 1/64 (the coarsest step:
  // about 4 centipawns on average here), and to the integer divisions.
  EXPECT_LT(sum / total, 8.0);
  EXPECT_LT(worst, 40.0);
}

TEST(FloatNetwork, QuantisationRoundsEachValueByItsFactorAndRefusesOverflow) {
  tuner::FloatNetwork net(16);
  net.params()[0] = 0.5f;              // l0w: x 255 = 127.5 -> 128
  net.params()[net.l0b_offset()] = -0.1f;  // l0b: -25.5 -> -26
  net.params()[net.l1w_offset()] = 1.0f;   // l1w: 64
  net.params()[net.l1b_offset()] = 0.5f;   // l1b: x 16320 = 8160
  auto q = net.quantised();
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->feature_row(0)[0], 128);
  EXPECT_EQ(q->l0b[0], -26);
  EXPECT_EQ(q->l1w[0], 64);
  EXPECT_EQ(q->l1b[0], 8160);
  net.params()[net.l1b_offset()] = 2.5f;
  auto overflow = net.quantised();
  ASSERT_FALSE(overflow.ok());
  EXPECT_NE(overflow.error().find("l1b[0]"), std::string::npos) << overflow.error();
}

TEST(FloatNetwork, RawBytesReadBackAndOtherSizesAreRefused) {
  const tuner::FloatNetwork net = tuner::FloatNetwork::initialised(48, 3);
  const std::string raw = net.raw_bytes();
  EXPECT_EQ(raw.size(), 4u * (771u * 48u + 1u));
  auto back = tuner::FloatNetwork::from_raw_bytes(raw, "raw.bin");
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->raw_bytes(), raw);
  auto bad = tuner::FloatNetwork::from_raw_bytes(raw.substr(4), "x/raw.bin");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("x/raw.bin"), std::string::npos);
}

}  // namespace
