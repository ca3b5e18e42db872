// The tuner's configuration: parameters of weights and of UCI options on their grids, and every
// mistake named by its key.
#include "space/tuner_config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "space/tuned_weights.h"
#include "tuner/space/material_config.h"
#include "driver/tuner_configuration.h"

namespace {

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

// Every configuration the project ships is one the tuner reads (its position files may be made
// later, by scripts: the text is checked here, not the paths).
TEST(TunerConfig, EveryShippedConfigurationParses) {
  std::vector<std::filesystem::path> files{std::filesystem::path(PROJECT_DIR) / "configs/eval.json"};
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(PROJECT_DIR) / "configs/tuner"))
    if (entry.path().extension() == ".json") files.push_back(entry.path());  // parameter lines are read through them
  ASSERT_GE(files.size(), 9u);
  for (const auto& path : files) {
    std::ostringstream text;
    text << std::ifstream(path).rdbuf();
    auto config = tuner::parse_tuner_config(text.str(), path.string());
    EXPECT_TRUE(config) << path << ": " << config.error();
  }
}

}  // namespace
