// Labeled positions in the three formats, and the blend of result and search score.
#include "data/labeled_positions.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "data/position_tracing.h"
#include "methods/tuning_method.h"
#include "driver/tuner_configuration.h"

namespace {

constexpr const char* ROOK_UP = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

TEST(LabeledPositions, ReadsTheTextTrainersReadWithScoreAndResult) {
  auto won = tuner::parse_labeled_line(std::string(ROOK_UP) + " | 512 | 1.0", "x:1");
  ASSERT_TRUE(won) << won.error();
  EXPECT_EQ(won->result, 1.0);
  ASSERT_TRUE(won->score.has_value());
  EXPECT_EQ(*won->score, 512);
  EXPECT_EQ(won->position.fen(), ROOK_UP);
  auto lost = tuner::parse_labeled_line("4k3/8/8/8/8/8/8/r3K3 w - - | -498 | 0.0", "x:2");
  ASSERT_TRUE(lost) << lost.error();
  EXPECT_EQ(lost->result, 0.0);
  EXPECT_EQ(*lost->score, -498);
  auto epd = tuner::parse_labeled_line("4k3/8/8/8/8/8/8/R3K3 w - - [0.5]", "x:3");
  ASSERT_TRUE(epd) << epd.error();
  EXPECT_EQ(epd->result, 0.5);
  EXPECT_FALSE(epd->score.has_value());
  auto signed_score = tuner::parse_labeled_line(std::string(ROOK_UP) + " | +29 | 1/2-1/2\r", "x:4");
  ASSERT_TRUE(signed_score) << signed_score.error();
  EXPECT_EQ(*signed_score->score, 29);
  EXPECT_EQ(signed_score->result, 0.5);
  // A '|' inside a quoted EPD operand is the operand's, not the text format's.
  auto quoted = tuner::parse_labeled_line("4k3/8/8/8/8/8/8/R3K3 w - - c9 \"1-0\"; id \"a|b\";", "x:5");
  ASSERT_TRUE(quoted) << quoted.error();
  EXPECT_EQ(quoted->result, 1.0);
}

TEST(LabeledPositions, ABadScoredLineIsNamedWithWhatIsWrong) {
  const std::string fen = ROOK_UP;
  const auto error_of = [](const std::string& line) { return tuner::parse_labeled_line(line, "d.txt:7").error(); };
  EXPECT_NE(error_of(fen + " | 51x | 1.0").find("d.txt:7: the score '51x' is not a whole number"), std::string::npos);
  EXPECT_NE(error_of(fen + " |  | 1.0").find("the score '' is not"), std::string::npos);
  EXPECT_NE(error_of(fen + " | + | 1.0").find("the score '+' is not"), std::string::npos);
  EXPECT_NE(error_of(fen + " | +-3 | 1.0").find("the score '+-3' is not"), std::string::npos);
  EXPECT_NE(error_of(fen + " | 51 | 2.0").find("d.txt:7: the result '2.0' is not 1.0, 0.5 or 0.0"), std::string::npos);
  EXPECT_NE(error_of(fen + " | 51").find("d.txt:7: expected 'FEN | score | result'"), std::string::npos);
  EXPECT_NE(error_of(fen + " | 51 | 1.0 | 3").find("expected 'FEN | score | result'"), std::string::npos);
  EXPECT_NE(error_of(fen + " c9 \"1-0\"; | 51 | 1.0").find("got more after the FEN"), std::string::npos);
  EXPECT_NE(error_of("8/8/8 w - - | 5 | 1.0").find("d.txt:7: "), std::string::npos);
}

TEST(LabeledPositions, TheBlendWeighsResultAndScoreExpectation) {
  tuner::LabeledPosition p{chess::Position::startpos(), 1.0, 0};
  EXPECT_DOUBLE_EQ(tuner::blended_label(p, 0), 1.0);
  EXPECT_DOUBLE_EQ(tuner::blended_label(p, 0.5), 0.75);  // a level score expects a half point
  EXPECT_DOUBLE_EQ(tuner::blended_label(p, 1), 0.5);
  p.score = 400;  // odds of 10 to 1
  EXPECT_DOUBLE_EQ(tuner::blended_label(p, 1), 10.0 / 11.0);
  p.result = 0;
  EXPECT_DOUBLE_EQ(tuner::blended_label(p, 0.25), 0.25 * 10.0 / 11.0);
  p.score.reset();
  EXPECT_DOUBLE_EQ(tuner::blended_label(p, 0.25), 0.0);  // no score: the result alone
}

TEST(LabeledPositions, AScoreWeightNeedsEveryLineToCarryAScore) {
  const std::string dir = ::testing::TempDir() + "labeled_scored/";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "mixed.txt") << "# a comment\n" << ROOK_UP << " | 300 | 1.0\n" << ROOK_UP << " c9 \"1-0\";\n";
  std::vector<double> labels;
  auto take = [&](tuner::LabeledPosition&& p) { labels.push_back(p.result); };
  auto plain = tuner::read_labeled_file(dir + "mixed.txt", take);
  ASSERT_TRUE(plain) << plain.error();
  EXPECT_EQ(labels, (std::vector<double>{1.0, 1.0}));
  labels.clear();
  auto blended = tuner::read_labeled_file(dir + "mixed.txt", take, 0.5);
  ASSERT_FALSE(blended);
  EXPECT_NE(blended.error().find("mixed.txt:3: no search score"), std::string::npos) << blended.error();
  ASSERT_EQ(labels.size(), 1u);
  EXPECT_DOUBLE_EQ(labels[0], 0.5 + 0.5 / (1 + std::pow(10.0, -300.0 / 400)));

  std::ofstream(dir + "scored.txt") << ROOK_UP << " | 300 | 0.5\n";
  auto sets = tuner::trace_labeled_file(dir + "scored.txt", {.score_weight = 1}, eval::dev_params());
  ASSERT_TRUE(sets) << sets.error();
  ASSERT_EQ(sets->tuning.size(), 1u);
  EXPECT_NEAR(sets->tuning.result(0), 1 / (1 + std::pow(10.0, -300.0 / 400)), 1e-6);  // held as a float
}

TEST(LabeledPositions, TheConfigurationBoundsTheScoreWeight) {
  const auto config_error = [](const std::string& fitness) {
    const std::string text = R"({"parameters": [{"name": "tempo_mg", "min": 0, "max": 40}], "fitness": )" + fitness + "}";
    auto c = tuner::parse_tuner_config(text, "eval.json");
    return c ? std::string() : c.error();
  };
  EXPECT_EQ(config_error(R"({"type": "texel", "positions": "p.txt", "score_weight": 0.5})"), "");
  EXPECT_NE(config_error(R"({"type": "texel", "positions": "p.txt", "score_weight": 1.5})")
                .find("eval.json: fitness: 'score_weight' must lie within [0, 1]"),
            std::string::npos);
  EXPECT_NE(config_error(R"({"type": "games", "score_weight": 0.5})").find("'score_weight' blends the labels of texel fitness"),
            std::string::npos);
}

}  // namespace
