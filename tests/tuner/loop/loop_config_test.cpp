#include "loop/loop_config.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace {

constexpr const char* ENGINE = R"("engine": "name=dev cmd=/bin/true arg=--version arg=dev")";

std::string config_with(const std::string& keys) {
  return std::string("{") + ENGINE + R"(, "training": {"hidden": 16}, "gate": {"tc": "5+0.05"})" + (keys.empty() ? "" : ", ") +
         keys + "}";
}

std::string loop_config_error(const std::string& text) {
  auto c = tuner::parse_loop_config(text, "loop.json", "no-registry.json");
  return c.ok() ? "" : c.error();
}

TEST(LoopConfig, ReadsEveryKey) {
  auto c = tuner::parse_loop_config(config_with(R"("name": "n", "network_option": "NNUEFile", "first_network": "a.nnue",
      "generations": 3, "data_window": 2, "train_from": "parent",
      "datagen": {"games": 100, "positions": 5000, "nodes": 2000, "random_plies": 6, "seed": 3, "concurrency": 1, "resign": "movecount=4 score=900",
                  "maxmoves": 150},
      "measure": {"tc": "nodes=5000", "games": 40, "openings": "book.epd", "concurrency": 1})"),
                                    "loop.json", "no-registry.json");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->engine.name, "dev");
  EXPECT_EQ(c->generations, 3);
  EXPECT_EQ(c->data_window, 2);
  EXPECT_TRUE(c->train_from_parent);
  EXPECT_EQ(c->datagen.positions, 5000);
  EXPECT_EQ(c->datagen.adjudication.resign_moves, 4);
  EXPECT_EQ(c->datagen.adjudication.resign_score, 900);
  EXPECT_EQ(c->datagen.adjudication.max_moves, 150);
  EXPECT_EQ(c->gate.limit.describe(), "5+0.05");
  EXPECT_FALSE(c->gate.sprt);
  ASSERT_TRUE(c->measure);
  EXPECT_EQ(c->measure->limit.nodes, 5000u);
  // The engine with a network takes it by the named option; with none it is left as it is.
  EXPECT_EQ(*c->engine_with("x.nnue", "dev-gen1").option("NNUEFile"), "x.nnue");
  EXPECT_EQ(c->engine_with("", "dev-gen0").option("NNUEFile"), nullptr);
  // A generation's training is tuner nnue's configuration with the loop's data.
  const auto training = nlohmann::json::parse(c->training_text("n-gen2", {"g1.bf", "g2.bf"}, "g1.raw.bin"));
  EXPECT_EQ(training["name"], "n-gen2");
  EXPECT_EQ(training["data"].size(), 2u);
  EXPECT_EQ(training["data"][1]["format"], "bulletformat");
  EXPECT_EQ(training["start_from"], "g1.raw.bin");
  EXPECT_EQ(training["hidden"], 16);
}

TEST(LoopConfig, EveryBadValueIsNamed) {
  EXPECT_NE(loop_config_error(R"({"training": {}, "gate": {"tc": "5+0.05"}})").find("loop.json: missing 'engine'"),
            std::string::npos);
  EXPECT_NE(loop_config_error(config_with(R"("generatons": 2)")).find("unknown key 'generatons' (did you mean 'generations'?)"),
            std::string::npos);
  EXPECT_NE(loop_config_error(config_with(R"("generations": 0)")).find("'generations' must be from 1"), std::string::npos);
  EXPECT_NE(
      loop_config_error(config_with(R"("network_by": "file")")).find("loop.json: 'network_by' must be \"option\" or \"build\""),
      std::string::npos);
  EXPECT_NE(loop_config_error(config_with(R"("network_by": "build")")).find("needs an engine of the registry built from git"),
            std::string::npos);
  EXPECT_NE(
      loop_config_error(config_with(R"("train_from": "grandparent")")).find("'train_from' must be \"scratch\" or \"parent\""),
      std::string::npos);
  EXPECT_NE(loop_config_error(config_with(R"("datagen": {"resign": "movecount=x"})")).find("loop.json: datagen: 'resign': "),
            std::string::npos);
  EXPECT_NE(loop_config_error(config_with(R"("datagen": {"nodes": 0})")).find("datagen: 'nodes' must be from 1"),
            std::string::npos);
  EXPECT_NE(loop_config_error(config_with(R"("datagen": {"positions": -5})")).find("datagen: 'positions' must be from 0"),
            std::string::npos);
  EXPECT_NE(loop_config_error(config_with(R"("datagen": {"positions": "many"})")).find("datagen: 'positions' must be an integer"),
            std::string::npos);
  EXPECT_NE(
      loop_config_error(config_with(R"("measure": {"tc": "5+0.05", "sprt": "elo0=0 elo1=5"})")).find("measure: a fixed number"),
      std::string::npos);
  EXPECT_NE(loop_config_error(config_with(R"("measure": {"tc": "fast"})")).find("loop.json: measure: 'tc': "), std::string::npos);
  EXPECT_NE(loop_config_error(std::string("{") + ENGINE + R"(, "training": {"hidden": 17}, "gate": {"tc": "5+0.05"}})")
                .find("loop.json: training: 'hidden' must be a multiple of 16"),
            std::string::npos);
  EXPECT_NE(loop_config_error(std::string("{") + ENGINE + R"(, "training": {"start_from": "x"}, "gate": {"tc": "5+0.05"}})")
                .find("'start_from' is set by the loop"),
            std::string::npos);
  EXPECT_NE(loop_config_error(std::string("{") + ENGINE + R"(, "training": {}, "gate": {"tc": "5+0.05", "sprt": "elo0=0"}})")
                .find("loop.json: gate: 'sprt'"),
            std::string::npos);
  EXPECT_NE(loop_config_error(std::string("{") + ENGINE + R"(, "training": {}})").find("missing 'gate'"), std::string::npos);
  // The option's name goes to the engine in a setoption line: an escape or a newline never does.
  EXPECT_NE(loop_config_error(config_with(R"("network_option": "Eval\u001b[2JFile")"))
                .find("loop.json: 'network_option': \"Eval\\x1b[2JFile\" holds a control character"),
            std::string::npos);
}

TEST(LoopConfig, TheShippedConfigurationReads) {
  auto c = tuner::load_loop_config(std::string(PROJECT_DIR) + "/configs/loop/dev.json", std::string(PROJECT_DIR) + "/configs/engines.json");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->engine.name, "dev-hce");
  EXPECT_TRUE(c->gate.sprt);
  EXPECT_TRUE(c->measure);
}

}  // namespace

namespace {

TEST(LoopConfig, ATrainingMayNameAnyArchitectureAndAWrongOneIsNamed) {
  const std::string stack = std::string("{") + ENGINE +
                            R"(, "training": {"arch": "(768x10hm->64)x2->pairwise->(16->32->1)x8"}, "gate": {"tc": "5+0.05"}})";
  auto c = tuner::parse_loop_config(stack, "loop.json", "no-registry.json");
  ASSERT_TRUE(c.ok()) << c.error();
  const auto training = nlohmann::json::parse(c->training_text("n-gen1", {"g1.bf"}, ""));
  EXPECT_EQ(training["arch"], "(768x10hm->64)x2->pairwise->(16->32->1)x8");
  const std::string wrong = std::string("{") + ENGINE + R"(, "training": {"arch": "(768x0hm->64)x2->1x8"}, "gate": {"tc": "5+0.05"}})";
  EXPECT_NE(loop_config_error(wrong).find("loop.json: training: 'arch': architecture '(768x0hm->64)x2->1x8': '768xK' takes a number"),
            std::string::npos)
      << loop_config_error(wrong);
}

}  // namespace
