#include "eval/params.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

namespace {

std::string file_text(const char* path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string default_json() { return file_text(DEFAULT_WEIGHTS_PATH); }

std::string error_after(const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json doc = nlohmann::json::parse(default_json());
  edit(doc);
  auto r = eval::params_from_json(doc.dump(), "w.json");
  return r ? "" : r.error();
}

TEST(EvalParams, DefaultFileMatchesTheEmbeddedWeights) {
  auto from_file = eval::params_from_json(default_json(), "default.json");
  ASSERT_TRUE(from_file) << from_file.error();
  EXPECT_EQ(eval::params_to_json(*from_file), eval::params_to_json(eval::default_params()));
}

TEST(EvalParams, DevsFileMatchesItsEmbeddedWeightsAndDiffersFromTheDefaults) {
  auto from_file = eval::params_from_json(file_text(DEV_WEIGHTS_PATH), "dev.json");
  ASSERT_TRUE(from_file) << from_file.error();
  EXPECT_EQ(eval::params_to_json(*from_file), eval::params_to_json(eval::dev_params()));
  EXPECT_NE(eval::params_to_json(eval::dev_params()), eval::params_to_json(eval::default_params()));
}

TEST(EvalParams, JsonRoundTrips) {
  eval::EvalParams p = eval::default_params();
  p.bishop_pair_mg = 77;
  p.pst_knight_eg[27] = -13;
  auto back = eval::params_from_json(eval::params_to_json(p), "x");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->bishop_pair_mg, 77);
  EXPECT_EQ(back->pst_knight_eg[27], -13);
  EXPECT_EQ(eval::params_to_json(*back), eval::params_to_json(p));
}

TEST(EvalParams, CountComesFromTheDeclarationList) {
  int n = 0;
  for (const auto& info : eval::param_list()) n += info.size;
  EXPECT_EQ(eval::weight_count(), n);
  EXPECT_GT(n, 12 * 64);
  EXPECT_EQ(eval::find_param("tempo_mg") >= 0, true);
  EXPECT_EQ(eval::find_param("tempo"), -1);
}

TEST(EvalParams, AFileMayLeaveOutATableAddedAfterItWasWrittenWhichIsThenZero) {
  nlohmann::json doc = nlohmann::json::parse(default_json());
  ASSERT_FALSE(doc.contains("mobility_queen_by_count_eg"));  // written before the tables were declared
  auto loaded = eval::params_from_json(doc.dump(), "old.json");
  ASSERT_TRUE(loaded) << loaded.error();
  for (int v : loaded->mobility_queen_by_count_eg) EXPECT_EQ(v, 0);
  doc["mobility_queen_by_count_eg"] = std::vector<int>(28, 5);
  auto given = eval::params_from_json(doc.dump(), "new.json");
  ASSERT_TRUE(given) << given.error();
  EXPECT_EQ(given->mobility_queen_by_count_eg[27], 5);
  EXPECT_EQ(error_after([](nlohmann::json& d) {
              d["mobility_rook_by_count_mg"] = {1, 2};
            }),
            "w.json: weight 'mobility_rook_by_count_mg' must be an array of 15 integers");
}

TEST(EvalParams, ErrorsNameTheKey) {
  EXPECT_EQ(error_after([](nlohmann::json& d) { d["bishop_pair_mgg"] = 1; }),
            "w.json: unknown weight 'bishop_pair_mgg' (did you mean 'bishop_pair_mg'?)");
  EXPECT_EQ(error_after([](nlohmann::json& d) { d.erase("tempo_mg"); }), "w.json: missing weight 'tempo_mg'");
  EXPECT_EQ(error_after([](nlohmann::json& d) { d["tempo_mg"] = 1000; }),
            "w.json: weight 'tempo_mg' = 1000 is outside [-100, 100]");
  EXPECT_EQ(error_after([](nlohmann::json& d) { d["tempo_mg"] = "ten"; }), "w.json: weight 'tempo_mg' must be an integer");
  EXPECT_EQ(error_after([](nlohmann::json& d) { d["tempo_mg"] = 1.5; }), "w.json: weight 'tempo_mg' must be an integer");
  EXPECT_EQ(error_after([](nlohmann::json& d) { d["pst_pawn_mg"][3] = 999; }),
            "w.json: weight 'pst_pawn_mg[3]' = 999 is outside [-300, 300]");
  EXPECT_EQ(error_after([](nlohmann::json& d) {
              d["piece_value_mg"] = {1, 2};
            }),
            "w.json: weight 'piece_value_mg' must be an array of 5 integers");
  auto bad = eval::params_from_json("{ \"tempo_mg\": ", "broken.json");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().rfind("broken.json: not valid JSON", 0), 0u);
  auto missing = eval::load_params("/nonexistent/w.json");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error(), "/nonexistent/w.json: cannot open weights file (No such file or directory)");
}

}  // namespace
