// The engine dialogue on record: harness match --log keeps every line to and from each engine,
// and harness show RUN --game N explains a time loss from it (who was waited on, for how long,
// what it said last); the fastchess front end's -log writes the same file.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "support/harness_cli.h"

namespace {

// The number of seconds after `label` in `text` ("... ended 1.234 s later"), or -1.
double seconds_after(const std::string& text, const std::string& label) {
  const std::size_t at = text.find(label);
  if (at == std::string::npos) return -1;
  return std::strtod(text.c_str() + at + label.size(), nullptr);
}

TEST(GameDialogue, ShowExplainsATimeLossFromTheLog) {
  const std::string db = temp_db("dialogue_time_loss");
  const std::string log = std::filesystem::path(db).parent_path().string() + "/dialogue.log";
  // "slow" answers 1.5 s after go, on a clock of 1 s: it loses every game on its time.
  HarnessRun r = run_harness({"match", "--engine", mock("slow", "slow=1500"), "--engine", mock("quick", "random"), "--games", "2",
                              "--tc", "1+0", "--concurrency", "1", "--log", log, "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  for (int n = 1; n <= 2; ++n) {
    HarnessRun show = run_harness({"show", "1", "--game", std::to_string(n), "--db", db});
    ASSERT_EQ(show.exit_code, 0) << show.out;
    EXPECT_NE(show.out.find("> slow: uci"), std::string::npos) << show.out;  // the whole dialogue, from the handshake
    if (games[std::size_t(n - 1)].white == "quick") {
      EXPECT_NE(show.out.find("< quick: bestmove "), std::string::npos) << show.out;
    }
    EXPECT_NE(show.out.find("slow was waited on: 'go wtime "), std::string::npos) << show.out;
    // Waited at least its whole clock, and it wrote nothing in that time.
    EXPECT_GE(seconds_after(show.out, "; the harness stopped waiting "), 1.0) << show.out;
    EXPECT_NE(show.out.find("; it wrote nothing after it."), std::string::npos) << show.out;
  }
  EXPECT_NE(run_harness({"show", "1", "--game", "3", "--db", db}).out.find("has no finished game 3"), std::string::npos);
}

TEST(GameDialogue, AnEngineThatSpokeBeforeItStalledIsQuoted) {
  const std::string db = temp_db("dialogue_stall");
  const std::string log = std::filesystem::path(db).parent_path().string() + "/fastchess.log";
  const std::string mock_cmd = std::string("cmd=") + MOCK_ENGINE_PATH;
  HarnessRun r = run_harness({"fastchess",
                              "-engine",
                              mock_cmd,
                              "args=stall-after-go",
                              "name=staller",
                              "-engine",
                              mock_cmd,
                              "args=random",
                              "name=random",
                              "-each",
                              "tc=1+0",
                              "-openings",
                              std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                              "-rounds",
                              "1",
                              "-games",
                              "2",
                              "-recover",
                              "-log",
                              "file=" + log,
                              "level=info",
                              "engine=true",
                              "append=false",
                              "-db",
                              db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  HarnessRun show = run_harness({"show", "1", "--game", "1", "--db", db});
  ASSERT_EQ(show.exit_code, 0) << show.out;
  EXPECT_NE(show.out.find("staller was waited on: 'go "), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("# harness: game ends "), std::string::npos) << show.out;
}

TEST(GameDialogue, ARunWithoutALogSaysSo) {
  const std::string db = temp_db("dialogue_none");
  ASSERT_EQ(run_harness({"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2", "--nodes",
                         "100", "--db", db})
                .exit_code,
            0);
  HarnessRun show = run_harness({"show", "1", "--game", "1", "--db", db});
  EXPECT_NE(show.exit_code, 0);
  EXPECT_NE(show.out.find("run 1 kept no engine dialogue log (play it with --log FILE"), std::string::npos) << show.out;
}

}  // namespace
