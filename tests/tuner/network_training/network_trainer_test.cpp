#include "network_training/network_trainer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "network_training/training_run.h"
#include "inference/accumulator.h"
#include "support/material_training.h"
#include "support/test_networks.h"

namespace {

// The simple network of 32 neurons on material.
tuner::TrainingConfig simple_material_config() {
  return testing_support::material_training_config(nnue::simple_architecture(32),
                                                   testing_support::material_data_file("material.txt"));
}

TEST(NetworkTrainer, LearnsMaterialBelowAStatedLoss) {
  tuner::TrainingRun run = testing_support::prepared_training_run(simple_material_config());
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
  auto config = simple_material_config();
  config.superbatches = 2;
  auto train = [&](std::uint64_t seed) {
    config.seed = seed;
    tuner::TrainingRun run = testing_support::prepared_training_run(config);
    run.run_superbatch();
    run.run_superbatch();
    return run.network().raw_bytes();
  };
  const std::string a = train(1);
  EXPECT_EQ(a, train(1));
  EXPECT_NE(a, train(2));
}

TEST(NetworkTrainer, ACheckpointContinuesAsTheRunWouldHave) {
  const auto config = simple_material_config();
  tuner::TrainingRun whole = testing_support::prepared_training_run(config);
  for (int s = 0; s < 3; ++s) whole.run_superbatch();
  tuner::TrainingRun first = testing_support::prepared_training_run(config);
  first.run_superbatch();
  auto checkpoint = tuner::Checkpoint::from_bytes(first.checkpoint().bytes(), "checkpoint", first.network().arch());
  ASSERT_TRUE(checkpoint.ok()) << checkpoint.error();
  tuner::TrainingRun second = testing_support::prepared_training_run(config);
  ASSERT_TRUE(second.restore(std::move(checkpoint).value(), "checkpoint").ok());
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
  tuner::TrainingRun run = testing_support::prepared_training_run(simple_material_config());
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

namespace {

nnue::Architecture stack_architecture() {
  auto a = nnue::parse_architecture("(768x10hm->32)x2->pairwise->(16->32->1)x8");
  EXPECT_TRUE(a.ok()) << a.error();
  return *a;
}

// The four bytes at `at` of raw.bin's (or a checkpoint's) set to `value`, little-endian as on x86-64.
void set_raw_value(std::string& raw, std::size_t at, float value) { std::memcpy(raw.data() + at, &value, sizeof value); }

TEST(FloatNetwork, ANaNOrInfinityInTheFileIsRefusedNamingTheFileAndTheTensor) {
  const tuner::FloatNetwork simple = tuner::FloatNetwork::initialised(32, 5);
  std::string raw = simple.raw_bytes();
  set_raw_value(raw, (simple.l0b_offset() + 3) * 4, std::numeric_limits<float>::quiet_NaN());
  auto with_nan = tuner::FloatNetwork::from_raw_bytes(raw, "start.raw.bin");
  ASSERT_FALSE(with_nan.ok());
  EXPECT_NE(with_nan.error().find("start.raw.bin: tensor l0b[3] = nan is not a finite number"), std::string::npos)
      << with_nan.error();

  const tuner::FloatNetwork stack(stack_architecture());
  raw = stack.raw_bytes();
  set_raw_value(raw, (stack.offset(tuner::TensorId::L2W) + 7) * 4, std::numeric_limits<float>::infinity());
  auto with_inf = tuner::FloatNetwork::from_raw_bytes(raw, "stack.raw.bin", stack.arch());
  ASSERT_FALSE(with_inf.ok());
  EXPECT_NE(with_inf.error().find("stack.raw.bin: tensor l2w[7] = inf is not a finite number"), std::string::npos)
      << with_inf.error();
}

TEST(FloatNetwork, QuantisationRefusesANaNOrInfinityNamingTheTensor) {
  tuner::FloatNetwork simple(16);
  simple.params()[5] = std::numeric_limits<float>::quiet_NaN();
  auto with_nan = simple.quantised();
  ASSERT_FALSE(with_nan.ok());
  EXPECT_NE(with_nan.error().find("l0w[5] = nan is not a finite number"), std::string::npos) << with_nan.error();
  // The stack's float tensors are copied as they are, so they are checked on their own.
  tuner::FloatNetwork stack(stack_architecture());
  stack.params()[stack.offset(tuner::TensorId::L3W) + 2] = -std::numeric_limits<float>::infinity();
  auto with_inf = stack.quantised();
  ASSERT_FALSE(with_inf.ok());
  EXPECT_NE(with_inf.error().find("l3w[2] = -inf is not a finite number"), std::string::npos) << with_inf.error();
}

TEST(FloatNetwork, ATensorTheArchitectureDoesNotHaveIsEmpty) {
  const tuner::FloatNetwork simple(16);
  EXPECT_TRUE(simple.has(tuner::TensorId::L1B));
  EXPECT_FALSE(simple.has(tuner::TensorId::L0F));
  EXPECT_FALSE(simple.has(tuner::TensorId::L2W));
  EXPECT_EQ(simple.tensor(tuner::TensorId::L2W).count, 0u);
  EXPECT_EQ(simple.tensor(tuner::TensorId::L2W).offset, simple.size());
  EXPECT_TRUE(simple.values(tuner::TensorId::L0F).empty());
  EXPECT_EQ(simple.values(tuner::TensorId::L1W).size(), 2u * 16u);
  EXPECT_EQ(tuner::FloatNetwork::parameter_count(simple.arch()), simple.size());
  const tuner::FloatNetwork stack(stack_architecture());
  EXPECT_TRUE(stack.has(tuner::TensorId::L0F));
  EXPECT_EQ(stack.values(tuner::TensorId::L3B).size(), 8u);
  EXPECT_EQ(tuner::FloatNetwork::parameter_count(stack.arch()), stack.size());
}

TEST(NetworkTrainer, TheMemoryATrainingNeedsIsCountedPerThreadAndRefusedBeyondTheBudget) {
  const nnue::Architecture simple = nnue::simple_architecture(32);
  const std::uint64_t floats = 4 * (771 * 32 + 1);  // one float a parameter
  const std::uint64_t one = tuner::NetworkTrainer::memory_bytes(simple, 1), two = tuner::NetworkTrainer::memory_bytes(simple, 2);
  // The weights, AdamW's two moments and a gradient, and the thread's scratch (under a MiB at N = 32).
  EXPECT_GE(one, 4 * floats);
  EXPECT_LT(one, 4 * floats + (1u << 20));
  EXPECT_EQ(two - one, one - 3 * floats) << "each thread adds its gradient and its scratch";
  // With king buckets, l0w merged with the factoriser besides.
  auto buckets = nnue::parse_architecture("(768x10hm->32)x2->1x8");
  ASSERT_TRUE(buckets.ok());
  const std::uint64_t bucket_floats = 4 * tuner::FloatNetwork::parameter_count(*buckets);
  EXPECT_GE(tuner::NetworkTrainer::memory_bytes(*buckets, 1), 4 * bucket_floats + 4 * 7680 * 32);
  // A checkpoint being saved or read: its bytes (a 40-byte header, the weights and both moments) and their copy.
  const std::uint64_t needed = tuner::training_memory_bytes(simple, 2);
  EXPECT_EQ(needed, two + 2 * (40 + 3 * floats));
  EXPECT_TRUE(tuner::check_training_memory(simple, 2, needed).ok());
  auto refused = tuner::check_training_memory(simple, 2, needed - 1);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("training " + simple.spec() + " on 2 threads needs " + std::to_string(needed) + " bytes"),
            std::string::npos)
      << refused.error();
  EXPECT_NE(refused.error().find("allows " + std::to_string(needed - 1) + " bytes"), std::string::npos) << refused.error();
}

TEST(AdamW, OnePassOverEveryTensorUpdatesAsTensorByTensorWithEachTensorsClip) {
  const tuner::FloatNetwork start = tuner::FloatNetwork::initialised(stack_architecture(), 11);
  std::mt19937_64 rng(3);
  auto uniform = [&rng] { return float(double(rng() >> 11) * 0x1.0p-53 * 2.0 - 1.0); };  // in [-1, 1)
  std::vector<float> gradient(start.size());
  tuner::AdamWState state;
  for (float& g : gradient) g = uniform();
  for (std::size_t i = 0; i < start.size(); ++i) {
    state.momentum.push_back(0.1f * uniform());
    state.velocity.push_back(0.01f * std::abs(uniform()));
  }
  tuner::AdamWSettings a;
  a.clip = 0.5f;  // l0w and l0f within 0.25 (half each, with king buckets), the rest within 0.5
  const float lr = 0.05f;
  // bullet's update tensor by tensor, each with its clip.
  tuner::FloatNetwork expected = start;
  tuner::AdamWState expected_state = state;
  float* p = expected.params();
  float* m = expected_state.momentum.data();
  float* v = expected_state.velocity.data();
  for (const tuner::FloatTensor& t : expected.tensors()) {
    const float clip = a.clip * t.clip_share;
    for (std::size_t i = t.offset; i < t.offset + t.count; ++i) {
      p[i] *= 1.0f - a.decay * lr;
      m[i] = a.beta1 * m[i] + (1.0f - a.beta1) * gradient[i];
      v[i] = a.beta2 * v[i] + (1.0f - a.beta2) * gradient[i] * gradient[i];
      p[i] -= lr * m[i] / (std::sqrt(v[i]) + a.epsilon);
      p[i] = std::clamp(p[i], -clip, clip);
    }
  }
  for (int threads : {1, 2, 3, 7}) {
    tuner::FloatNetwork net = start;
    tuner::AdamWState s = state;
    tuner::adamw_step(net, s, gradient.data(), a, lr, threads);
    EXPECT_EQ(net.raw_bytes(), expected.raw_bytes()) << threads << " threads";
    EXPECT_TRUE(s.momentum == expected_state.momentum) << threads << " threads";
    EXPECT_TRUE(s.velocity == expected_state.velocity) << threads << " threads";
  }
  auto widest = [&expected](tuner::TensorId id) {
    float w = 0;
    for (float x : expected.values(id)) w = std::max(w, std::abs(x));
    return w;
  };
  EXPECT_EQ(widest(tuner::TensorId::L0W), 0.25f);
  EXPECT_GT(widest(tuner::TensorId::L1W), 0.25f);
  EXPECT_EQ(widest(tuner::TensorId::L1W), 0.5f);
}

// The checkpoint `bytes` with its superbatch, epoch and offset fields (after the 8-byte magic) set.
std::string put_checkpoint_field(std::string bytes, std::size_t field, std::uint64_t value) {
  for (int b = 0; b < 8; ++b) bytes[8 + 8 * field + std::size_t(b)] = char((value >> (8 * b)) & 0xFF);
  return bytes;
}

TEST(NetworkTrainer, ACheckpointFieldOutOfRangeIsRefusedNamingTheFileAndTheField) {
  const auto config = simple_material_config();  // 6 superbatches of 100 batches
  tuner::TrainingRun run = testing_support::prepared_training_run(config);
  const std::string good = run.checkpoint().bytes();
  auto restored_error = [&](std::uint64_t superbatch, std::uint64_t epoch, std::uint64_t offset) -> std::string {
    const std::string bytes =
        put_checkpoint_field(put_checkpoint_field(put_checkpoint_field(good, 0, superbatch), 1, epoch), 2, offset);
    auto checkpoint = tuner::Checkpoint::from_bytes(bytes, "run/superbatch-1.bin", config.arch);
    if (!checkpoint.ok()) return checkpoint.error();
    auto restored = run.restore(std::move(checkpoint).value(), "run/superbatch-1.bin");
    return restored.ok() ? "" : restored.error();
  };
  const std::string prefix = "run/superbatch-1.bin: the checkpoint's field ";
  const std::uint64_t positions = run.training_size();
  EXPECT_NE(restored_error(1, 0, positions + 1).find(prefix + "'offset' is " + std::to_string(positions + 1)), std::string::npos);
  EXPECT_NE(restored_error(1, 101, 1).find(prefix + "'epoch' is 101"), std::string::npos);
  EXPECT_NE(restored_error(7, 0, 1).find(prefix + "'superbatch' is 7"), std::string::npos);
  EXPECT_NE(restored_error(~std::uint64_t(0), 0, 1).find(prefix + "'superbatch' is 18446744073709551615"), std::string::npos);
  std::string damaged = good;
  set_raw_value(damaged, 40 + 4 * 7, std::numeric_limits<float>::quiet_NaN());  // l0w's eighth value, after the header
  auto with_nan = tuner::Checkpoint::from_bytes(damaged, "run/superbatch-1.bin", config.arch);
  ASSERT_FALSE(with_nan.ok());
  EXPECT_NE(with_nan.error().find("run/superbatch-1.bin: tensor l0w[7] = nan"), std::string::npos) << with_nan.error();
  EXPECT_EQ(restored_error(1, 2, positions), "") << "the fields a run can reach are taken";
}

}  // namespace
