// An engine option whose name has a space reaches the engine from an --engine spec, quoted by
// the spec's rule; engine names after an --engine stay positional (one spec per --engine). Text
// with a control character never reaches an engine: the mock engine's log of every line it
// reads (log-stdin=PATH) shows that no engine even starts.
#include <gtest/gtest.h>

#include "support/files.h"
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

// A fresh path, beside the database, for the mock engine's log of every line it reads.
std::string fresh_stdin_log(const std::string& db) {
  const std::string log = std::filesystem::path(db).parent_path().string() + "/stdin.log";
  std::filesystem::remove(log);
  return log;
}

// The log sees what the harness sends, so that its absence below means no line arrived.
TEST(EngineOptions, TheMockEngineLogsEveryLineItReads) {
  const std::string db = temp_db("stdin_logged");
  const std::string log = fresh_stdin_log(db);
  const std::string spec =
      "name=a cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=random arg=log-stdin=" + log + " option.Threads=1";
  HarnessRun r = run_harness({"match", "--engine", spec, "--engine", mock("b", "random"), "--games", "2", "--depth", "1",
                              "--maxmoves", "4", "--concurrency", "1", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string read = testing_support::file_bytes(log);
  EXPECT_NE(read.find("uci\nsetoption name Threads value 1\nisready\n"), std::string::npos) << read;
  EXPECT_EQ(games_in(db).size(), 2u);
}

// An --engine option value with a newline reached the engine during the start check, as a
// command of its own ("setoption name Injected value 100"), before the value was refused.
TEST(EngineOptions, AnEngineSpecValueWithANewlineNeverReachesTheEngine) {
  const std::string db = temp_db("injected_spec");
  const std::string log = fresh_stdin_log(db);
  const std::string spec = "name=a cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=random arg=log-stdin=" + log +
                           " 'option.Threads=1\nsetoption name Injected value 100'";
  HarnessRun r = run_harness({"match", "--engine", spec, "--engine", mock("b", "random"), "--games", "2", "--depth", "1",
                              "--maxmoves", "4", "--db", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--engine 'a': option 'Threads': the value '1\\nsetoption name Injected value 100' holds a control "
                       "character (an engine reads one command a line"),
            std::string::npos)
      << r.out;
  EXPECT_FALSE(std::filesystem::exists(log)) << "an engine started and read:\n" << testing_support::file_bytes(log);
  EXPECT_FALSE(std::filesystem::exists(db)) << "nothing is recorded";
}

// A registry option value "1\nsetoption name Contempt value 100" played stored games with a
// hidden setting. An option's value, its name and an init string are refused alike, by the
// registry's file, entry and key, before any engine starts.
TEST(EngineOptions, RegistryTextWithAControlCharacterIsRefusedBeforeAnyEngineStarts) {
  struct Case {
    std::string keys, expected;
  };
  const Case cases[] = {
      {R"("options": {"Threads": "1\nsetoption name Injected value 100"})",
       "option 'Threads': the value '1\\nsetoption name Injected value 100' holds a control character"},
      {R"("options": {"Threads value 1\rsetoption name Injected": "100"})",
       "option name 'Threads value 1\\rsetoption name Injected' holds a control character"},
      {R"("init": ["isready\u0000setoption name Injected value 100"])",
       "init string 'isready\\x00setoption name Injected value 100' holds a control character"},
  };
  int n = 0;
  for (const Case& c : cases) {
    const std::string db = temp_db("injected_registry" + std::to_string(++n));
    const std::string log = fresh_stdin_log(db);
    const std::string registry = std::filesystem::path(db).parent_path().string() + "/engines.json";
    std::ofstream(registry) << R"({"engines": [{"name": "a", "command": ")" << MOCK_ENGINE_PATH
                            << R"(", "args": ["random", "log-stdin=)" << log << R"("], )" << c.keys << R"(},
                              {"name": "b", "command": ")"
                            << MOCK_ENGINE_PATH << R"(", "args": ["random"]}]})";
    HarnessRun r =
        run_harness({"match", "a", "b", "--registry", registry, "--games", "2", "--depth", "1", "--maxmoves", "4", "--db", db});
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find(registry + ": engines[0] (a): " + c.expected), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(log)) << "an engine started and read:\n" << testing_support::file_bytes(log);
    EXPECT_FALSE(std::filesystem::exists(db)) << "nothing is recorded";
  }
}

}  // namespace
