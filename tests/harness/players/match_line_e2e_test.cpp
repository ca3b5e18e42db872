// --match-line never runs on an engine's clock, and no pattern can hold up a run: the lines of a
// move are matched once the move is in, by a matcher that does not backtrack and reads a bounded
// number of characters (players/line_matches.h).
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <string>
#include <vector>

#include "support/harness_cli.h"
#include "support/stored_runs.h"

namespace {

std::vector<std::string> match_line_run(const std::string& db, const std::string& tc, int games) {
  return {"match", "--engine", mock("a", "pgncomment"), "--engine", mock("b", "pgncomment"), "--games", std::to_string(games),
          "--tc", tc, "--concurrency", "1", "--maxmoves", "60", "--db", db};
}

// Before, `^(\w+\s?)*$` backtracked about 0.2 s on each "pgncomment ply N, of K" line while the
// mover's clock ran: both games were lost on time, where the same games without it ended in a
// mate and at 60 moves.
TEST(MatchLine, ASlowPatternCostsTheEnginesNoTime) {
  const std::string plain = temp_db("match_line_plain"), matched = temp_db("match_line_slow");
  HarnessRun without = run_harness(match_line_run(plain, "2+0.02", 2));
  ASSERT_EQ(without.exit_code, 0) << without.out;
  std::vector<std::string> args = match_line_run(matched, "2+0.02", 2);
  args.insert(args.end(), {"--match-line", "^(\\w+\\s?)*$"});
  HarnessRun with = run_harness(args);
  ASSERT_EQ(with.exit_code, 0) << with.out;
  const std::vector<std::string> rows = game_rows(matched, 1);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows, game_rows(plain, 1)) << "the same moves, results and ends";
  auto stored = harness::Database::open(matched).value();
  for (const harness::StoredGame& g : stored->games(1).value()) {
    EXPECT_NE(g.end, harness::GameEnd::TIME) << g.reason;
    // Each move keeps its newest matching line, the bestmove (the comment line has a comma).
    const auto notes = stored->move_notes(g.id).value();
    EXPECT_EQ(notes.size(), stored->game_moves(g.id).value().size());
    for (const harness::MoveNote& n : notes) EXPECT_EQ(n.text.rfind("bestmove ", 0), 0u) << n.text;
  }
}

// Before, `^((\w+\s?)+)+$` backtracked without end on the first comment line: no move was ever
// made, and SIGTERM, which lets the games in progress finish, never ended the run.
TEST(MatchLine, SigtermEndsARunWithACatastrophicPattern) {
  const std::string db = temp_db("match_line_catastrophic");
  std::vector<std::string> args = match_line_run(db, "10+0.1", 400);
  args.insert(args.end(), {"--match-line", "^((\\w+\\s?)+)+$"});
  auto harness_process = start_harness(args, ::testing::TempDir() + "match_line_catastrophic_err.txt");
  const bool played = wait_for_games(db, 1, 2, 30s);
  ::kill(harness_process->pid(), SIGTERM);
  const auto sent = std::chrono::steady_clock::now();
  std::string out, line;
  while (harness_process->read_line(line, sent + 10s) == harness::ReadStatus::LINE) out += line + "\n";
  const auto took = std::chrono::steady_clock::now() - sent;
  const int code = harness_process->stop(1000ms);
  EXPECT_TRUE(played) << "games are played with the pattern";
  EXPECT_LT(took, 10s) << out;
  EXPECT_EQ(code, 130) << out;
  for (const harness::StoredGame& g : games_in(db))
    EXPECT_TRUE(g.termination == "normal" || g.termination == "adjudication") << g.termination << " (" << g.reason << ")";
}

}  // namespace
