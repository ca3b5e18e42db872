// The frameworks' SPSA parameter lines: OpenBench's 7 fields and fishtest's 6 (Stockfish's
// TUNE() output), read into a tuner configuration and written back in their own form.
#include "space/spsa_lines.h"

#include <gtest/gtest.h>

#include "space/tuner_config.h"

namespace {

using tuner::parse_spsa_lines;
using tuner::SpsaLineForm;

TEST(SpsaLines, OpenBenchsSevenFieldsAreRead) {
  auto lines = parse_spsa_lines("LMRBase, float, 0.75, 0.25, 1.50, 0.05, 0.002\n# a comment\n\nFutility, int, 150.0, 0.0, 300.0, 15, 0.002\r\n",
                                "spsa.txt");
  ASSERT_TRUE(lines) << lines.error();
  EXPECT_EQ(lines->form, SpsaLineForm::OPENBENCH);
  ASSERT_EQ(lines->params.size(), 2u);
  EXPECT_TRUE(lines->params[0].is_float);
  EXPECT_DOUBLE_EQ(lines->params[0].start, 0.75);
  EXPECT_FALSE(lines->params[1].is_float);
  EXPECT_EQ(lines->params[1].line, 4);
  EXPECT_DOUBLE_EQ(lines->params[1].max, 300);
}

TEST(SpsaLines, StockfishsTuneOutputIsFishtestsForm) {
  auto lines = parse_spsa_lines("x,100,0,200,10,0.0020\ny,-50,-100,0,5,0.0020\n", "tune.txt");
  ASSERT_TRUE(lines) << lines.error();
  EXPECT_EQ(lines->form, SpsaLineForm::FISHTEST);
  EXPECT_EQ(lines->params[1].name, "y");
  EXPECT_DOUBLE_EQ(lines->params[1].min, -100);
}

TEST(SpsaLines, BadLinesAreRefusedByLineAndField) {
  struct Case {
    const char* text;
    const char* message;
  } cases[] = {
      {"x,100,0,200,10\n", "spsa.txt:1: 5 fields"},
      {"x, int, 1, 0, 2, 1, 0.002\ny,1,0,2,1,0.002\n", "spsa.txt:2: a fishtest line among OpenBench lines"},
      {"x, double, 1, 0, 2, 1, 0.002\n", "spsa.txt:1: type 'double'"},
      {"x,abc,0,200,10,0.002\n", "spsa.txt:1: value 'abc' is not a number"},
      {"x,100,0,200,10,nan\n", "spsa.txt:1: r_end 'nan' is not a number"},
      {"x,100,200,0,10,0.002\n", "spsa.txt:1: min must be below max"},
      {"x, int, 1, 0.5, 2, 1, 0.002\n", "spsa.txt:1: an int parameter's min and max must be integers"},
      {"x, float, 1, 0, 2, 0, 0.002\n", "spsa.txt:1: c_end must be positive"},
      {"x,100,0,200,0,0.002\n", "spsa.txt:1: c_end must be positive"},
      {"x,100,0,200,10,0\n", "spsa.txt:1: r_end must be positive"},
      {"x,1,0,2,1,0.1\n\nx,1,0,2,1,0.1\n", "spsa.txt:3: 'x' is listed twice (line 1)"},
      // An int parameter that starts at a fraction is refused, not rounded without a word.
      {"x,1,0,2,1,0.1\nlmr_base,73.5,0,200,10,0.002\n",
       "spsa.txt:2: value '73.5' of an int parameter is not an integer (fishtest's parameters are integers)"},
      {"x, int, 1.25, 0, 2, 1, 0.002\n", "spsa.txt:1: value '1.25' of an int parameter is not an integer"},
      {"\n# nothing\n", "spsa.txt: no parameter lines"},
  };
  for (const Case& c : cases) {
    auto lines = parse_spsa_lines(c.text, "spsa.txt");
    ASSERT_FALSE(lines) << c.text;
    EXPECT_NE(lines.error().find(c.message), std::string::npos) << lines.error();
  }
}

TEST(SpsaLines, AnIntOfCEndZeroIsOpenBenchs) {
  auto lines = parse_spsa_lines("x, int, 1, 0, 10, 0, 0.002\n", "spsa.txt");
  ASSERT_TRUE(lines) << lines.error();
  EXPECT_EQ(lines->params[0].c_end, 0);
}

TEST(SpsaLines, TheResultIsWrittenInTheFormRead) {
  auto ob = parse_spsa_lines("LMRBase, float, 0.75, 0.25, 1.5, 0.05, 0.002\nFutility, int, 150, 0, 300, 15, 0.002\n", "a");
  ASSERT_TRUE(ob) << ob.error();
  EXPECT_EQ(tuner::spsa_lines_text(*ob, {"0.8125", "161"}),
            "LMRBase, float, 0.8125, 0.25, 1.5, 0.05, 0.002\nFutility, int, 161, 0, 300, 15, 0.002\n");
  auto ft = parse_spsa_lines("x,100,0,200,10,0.0020\n", "b");
  ASSERT_TRUE(ft) << ft.error();
  EXPECT_EQ(tuner::spsa_lines_text(*ft, {"104"}), "x,104,0,200,10,0.002\n");
  auto again = parse_spsa_lines(tuner::spsa_lines_text(*ob, {"0.8125", "161"}), "c");
  ASSERT_TRUE(again) << again.error();
  EXPECT_DOUBLE_EQ(again->params[0].start, 0.8125);
}

// In a configuration: "parameters" as one string of lines, or "parameters_file"; the options
// are tuned on their grids (a float's on a power of ten), the run keeps the lines themselves.
TEST(SpsaLines, AConfigurationTakesThemAsItsParameters) {
  const std::string config = R"({"parameters": "LMRBase, float, 0.75, 0.25, 1.5, 0.05, 0.002\nFutility, int, 400, 0, 300, 15, 0.002\n",
                                 "spsa": {"iterations": 10}, "fitness": {"type": "games"}, "validation": {"games": 0}})";
  auto c = tuner::parse_common_config(config, "cfg.json", {"spsa"});
  ASSERT_TRUE(c) << c.error();
  ASSERT_EQ(c->weights.size(), 2u);
  EXPECT_EQ(c->weights[0].type, "real");
  EXPECT_EQ(c->weights[0].scale, 10000);
  EXPECT_EQ(c->weights[0].start, 7500);
  EXPECT_DOUBLE_EQ(c->weights[0].c_end, 500);
  EXPECT_EQ(c->weights[1].start, 300) << "a start outside the range starts at its nearest end";
  ASSERT_TRUE(c->parameter_lines);
  EXPECT_EQ(c->parameter_lines->params[1].start, 400);
  auto both = tuner::parse_common_config(R"({"parameters": "x,1,0,2,1,0.1", "parameters_file": "p.txt", "fitness": {"type": "games"}})",
                                         "cfg.json", {"spsa"});
  ASSERT_FALSE(both);
  EXPECT_NE(both.error().find("one of them"), std::string::npos) << both.error();
  auto missing = tuner::parse_common_config(R"({"parameters_file": "/nonexistent/p.txt", "fitness": {"type": "games"}})", "cfg.json",
                                            {"spsa"});
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("cfg.json: parameters_file: "), std::string::npos) << missing.error();
}

}  // namespace
