// xboard feature negotiation as CECP says: the harness waits for "feature done=1" up to the
// start-up deadline (--startup-ms), "feature done=0" asks for more time, and a deadline that
// passes is a failed start, never a feature the engine lacks. The engine here declares setboard,
// which the default book's FEN positions need: read late, it must still count.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "support/harness_cli.h"

namespace {

std::string xboard_mock(const std::string& mode) {
  return "name=xb cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=" + mode + " proto=xboard";
}

HarnessRun two_games(const std::string& db, const std::string& mode, const std::string& startup_ms) {
  std::vector<std::string> args = match_args(db, mock("uci", "random"), xboard_mock(mode), 2);
  args.insert(args.end(), {"--movetime", "0.05", "--startup-ms", startup_ms});
  return run_harness(args, 300s);
}

TEST(XboardFeatures, FeaturesThatComeLateButBeforeTheDeadlineAreAllRead) {
  // 4.5 s: past CECP's 2 s and the 2 s of pings after it that once ended the wait.
  const std::string db = temp_db("xboard_late");
  HarnessRun r = two_games(db, "xboard-late=4500", "10000");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) EXPECT_TRUE(g.termination == "normal" || g.termination == "adjudication") << g.reason;
}

// An engine that lost 'protover 2' (GNU Chess 6 while it starts on a loaded machine) answers
// the pings after it without a feature: it is asked once more, within the deadline.
TEST(XboardFeatures, AnEngineThatAnswersPingsWithoutFeaturesIsAskedAgain) {
  const std::string db = temp_db("xboard_deaf");
  const std::string log = ::testing::TempDir() + "xboard_deaf_stdin.txt";
  std::filesystem::remove(log);
  std::vector<std::string> args = match_args(db, mock("uci", "random"), xboard_mock("xboard-deaf arg=log-stdin=" + log), 2);
  args.insert(args.end(), {"--movetime", "0.05", "--startup-ms", "10000"});
  HarnessRun r = run_harness(args, 300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(games_in(db).size(), 2u);
  std::ifstream in(log);
  int protovers = 0;
  for (std::string line; std::getline(in, line);) protovers += line == "protover 2";
  EXPECT_EQ(protovers, 2 * 2) << "two starts, each asked twice";
}

TEST(XboardFeatures, DoneZeroAsksForMoreTimeThanTheStartUpDeadline) {
  const std::string db = temp_db("xboard_done0");
  HarnessRun r = two_games(db, "xboard-done0=2500", "1000");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(games_in(db).size(), 2u);
}

TEST(XboardFeatures, ADeadlineThatPassesIsAFailedStartNotAMissingFeature) {
  const std::string db = temp_db("xboard_too_late");
  HarnessRun r = two_games(db, "xboard-late=3000", "1000");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("engine 'xb' did not finish its xboard features ('feature done=1') within 1000 ms of 'protover 2' "
                       "(--startup-ms)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("does not support setboard"), std::string::npos) << r.out;
  EXPECT_TRUE(games_in(db).empty());
}

}  // namespace
