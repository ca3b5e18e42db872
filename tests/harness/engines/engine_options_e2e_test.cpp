// An engine option whose name has a space reaches the engine from an --engine spec, quoted by
// the spec's rule; engine names after an --engine stay positional (one spec per --engine).
#include <gtest/gtest.h>

#include "support/harness_cli.h"

namespace {

TEST(EngineOptions, ANameWithASpaceReachesTheEngine) {
  const std::string db = temp_db("option_with_space");
  const std::string start = db + ".epd";
  std::ofstream(start) << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"start\";\n";
  const std::string spec = "name=indexed cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=option-moves 'option.Move Index=4'";
  HarnessRun r = run_harness({"match", "--engine", spec, "indexed", "plain", "--engine",
                              "name=plain cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=option-moves", "--games", "2", "--depth",
                              "1", "--maxmoves", "4", "--openings", start, "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) {
    // Alphabetically the start position's moves begin a2a3, a2a4, b1a3, b1c3, b2b3: index 4 is
    // b2b3 (1. b3), the default 0 is a2a3 (1. a3).
    const std::string first = g.white == "indexed" ? "1. b3 " : "1. a3 ";
    EXPECT_NE(g.pgn.find(first), std::string::npos) << g.white << ":\n" << g.pgn;
  }
}

TEST(EngineOptions, AMisspeltNameIsAnsweredInTheSpecsOwnWords) {
  const std::string db = temp_db("option_misspelt");
  const std::string spec = "name=indexed cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=option-moves option.Move_Index=4";
  HarnessRun r = run_harness({"match", "--engine", spec, "--engine", mock("plain", "random"), "indexed", "plain", "--games", "2",
                              "--depth", "1", "--db", db});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.out.find("the engine has no option 'Move_Index' (did you mean 'option.Move Index=4'?)"), std::string::npos)
      << r.out;
}

}  // namespace
