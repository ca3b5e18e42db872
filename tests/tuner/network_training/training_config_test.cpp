#include "network_training/training_config.h"

#include <gtest/gtest.h>

namespace {

std::string training_config_error(const std::string& text) {
  auto c = tuner::parse_training_config(text, "net.json");
  return c.ok() ? "" : c.error();
}

TEST(TrainingConfig, ReadsEveryKey) {
  auto c = tuner::parse_training_config(R"({"name": "n", "hidden": 256, "data": [{"path": "a.bin", "format": "marlinformat"}, {"path": "b.txt"}],
    "filters": {"min_ply": 8, "max_score": 2000, "skip_in_check": false}, "validation_fraction": 0.05, "batch_size": 4096,
    "batches_per_superbatch": 10, "superbatches": 3, "wdl": 0.5, "lr": {"schedule": "cosine", "start": 0.002, "final": 0.0001},
    "adamw": {"decay": 0.02, "clip": 1.5}, "threads": 1, "seed": 9, "shuffle": false})",
                                        "net.json");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->arch.hidden, 256);
  ASSERT_EQ(c->data.size(), 2u);
  EXPECT_EQ(c->data[0].format, formats::PositionFormat::MARLINFORMAT);
  EXPECT_EQ(c->data[1].format, formats::PositionFormat::TEXT);
  EXPECT_EQ(c->filter.min_ply, 8);
  EXPECT_FALSE(c->filter.skip_in_check);
  EXPECT_EQ(c->lr.schedule, tuner::LearningRate::Schedule::COSINE);
  EXPECT_FLOAT_EQ(c->adamw.decay, 0.02f);
  EXPECT_FALSE(c->shuffle);
}

TEST(TrainingConfig, EveryBadValueIsNamed) {
  EXPECT_NE(training_config_error(R"({"data": [{"path": "a"}], "hidden": 100})").find("'hidden' must be a multiple of 16"),
            std::string::npos);
  EXPECT_NE(training_config_error(R"({"hidden": 128})").find("missing 'data'"), std::string::npos);
  EXPECT_NE(training_config_error(R"({"data": []})").find("'data' must be a list"), std::string::npos);
  EXPECT_NE(training_config_error(R"({"data": [{"path": "a", "format": "pgn"}]})").find("data[0]: 'format' must be one of"),
            std::string::npos);
  EXPECT_NE(training_config_error(R"({"data": [{"path": "a"}], "wdl": 1.5})").find("'wdl' must be from 0 to 1"),
            std::string::npos);
  EXPECT_NE(training_config_error(R"({"data": [{"path": "a"}], "lr": {"schedule": "warm"}})")
                .find("'schedule' must be constant, step or cosine"),
            std::string::npos);
  EXPECT_NE(
      training_config_error(R"({"data": [{"path": "a"}], "adamw": {"clip": 3}})").find("net.json: adamw: 'clip' must be from"),
      std::string::npos);
  EXPECT_NE(training_config_error(R"({"data": [{"path": "a"}], "batchsize": 3})")
                .find("unknown key 'batchsize' (did you mean 'batch_size'?)"),
            std::string::npos);
  EXPECT_NE(training_config_error(R"({"data": [{"path": "a"}], "threads": 0})").find("'threads' must be from 1"),
            std::string::npos);
  EXPECT_EQ(training_config_error(R"({"data": [{"path": "a.txt"}, {"path": "b.bf", "format": "bulletformat"}],
    "filters": {"min_ply": 8}})"),
            "net.json: filters: 'min_ply' 8 would drop every position of b.bf: bulletformat keeps no move number (set "
            "'min_ply' to 0, or give the data in a format that keeps it)");
}

TEST(LearningRate, SchedulesAsBulletGivesThem) {
  tuner::LearningRate lr;
  lr.schedule = tuner::LearningRate::Schedule::STEP;
  lr.start = 0.001, lr.gamma = 0.1, lr.step = 18;
  EXPECT_DOUBLE_EQ(lr.at(1, 40), 0.001);
  EXPECT_DOUBLE_EQ(lr.at(18, 40), 0.001);
  EXPECT_NEAR(lr.at(19, 40), 0.0001, 1e-15);
  EXPECT_NEAR(lr.at(37, 40), 0.00001, 1e-15);
  lr.schedule = tuner::LearningRate::Schedule::COSINE;
  lr.final = 0.0001;
  EXPECT_NEAR(lr.at(20, 40), 0.00055, 1e-12);  // half way: the mean of start and final
  EXPECT_DOUBLE_EQ(lr.at(40, 40), 0.0001);
  lr.schedule = tuner::LearningRate::Schedule::CONSTANT;
  EXPECT_DOUBLE_EQ(lr.at(33, 40), 0.001);
}

}  // namespace

namespace {

TEST(TrainingConfig, TheShippedConfigurationReads) {
  auto c = tuner::load_training_config(std::string(PROJECT_DIR) + "/configs/nnue/simple.json");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->arch.hidden, 128);
  EXPECT_EQ(c->batch_size, 16384);
}

}  // namespace

namespace {

TEST(TrainingConfig, AnArchitectureIsReadWithItsKingBucketMap) {
  auto c = tuner::parse_training_config(
      R"({"arch": "(768x2hm->64)x2->pairwise->(16->32->1)x8", "data": [{"path": "a"}],
          "buckets": [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]})",
      "c.json");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->arch.output, nnue::OutputLayer::LAYER_STACK);
  EXPECT_EQ(c->arch.king_bucket_count, 2);
  EXPECT_EQ(c->arch.hidden, 64);
  EXPECT_EQ(c->arch.king_buckets[8], 1);
}

TEST(TrainingConfig, AWrongArchitectureIsRefusedNamingTheKeyAndThePart) {
  const std::string bad = training_config_error(R"({"arch": "(768x10hm->20)x2->1x8", "data": [{"path": "a"}]})");
  EXPECT_NE(bad.find("'arch': architecture '(768x10hm->20)x2->1x8': the hidden size N must be a multiple of 16"), std::string::npos)
      << bad;
  EXPECT_NE(training_config_error(R"({"arch": "(768->64)x2->1", "hidden": 64, "data": [{"path": "a"}]})")
                .find("give 'arch' or 'hidden'"),
            std::string::npos);
  EXPECT_NE(training_config_error(R"({"buckets": [0], "data": [{"path": "a"}]})").find("'buckets' (a king-bucket map) comes with 'arch'"),
            std::string::npos);
  EXPECT_NE(training_config_error(R"({"arch": "(768x10hm->64)x2->1x8", "buckets": [0, 1], "data": [{"path": "a"}]})")
                .find("king-bucket map: 32 numbers"),
            std::string::npos);
}

}  // namespace

namespace {

TEST(TrainingConfig, AnEmptyKingBucketMapIsRefusedNamingTheKey) {
  const std::string bad = training_config_error(R"({"arch": "(768x10hm->64)x2->1x8", "buckets": [], "data": [{"path": "a"}]})");
  EXPECT_NE(bad.find("net.json: 'buckets' is empty"), std::string::npos) << bad;
}

}  // namespace
