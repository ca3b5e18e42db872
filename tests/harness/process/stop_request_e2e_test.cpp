// Signals never change results: SIGINT and SIGTERM at random moments of a real match, once or
// twice, in the foreground and in the background. No game is stored that was not finished on
// the board (the project's engines do not fault), and resuming completes the exact number.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <set>
#include <thread>

#include "support/harness_cli.h"

namespace {

std::string engine_spec(const std::string& name, const std::string& version) {
  return "name=" + name + " cmd=" + ENGINE_PATH + " arg=--version arg=" + version + " option.Hash=4";
}

struct Stopped {
  int exit_code = -1;
  std::string out;
};

// Starts the harness (through a shell as a background job when `background`), waits until
// `after_games` games of this run have finished (counted from its "Run N in ..." line, after
// which games start) and then `delay`, sends the signals, and collects the output until it
// exits. Counting games rather than time keeps the moment inside the run on a fast machine and
// a loaded one alike.
Stopped interrupt_run(const std::vector<std::string>& args, int after_games, std::chrono::milliseconds delay,
                      const std::vector<int>& signals, std::chrono::milliseconds between, bool background) {
  std::string err = ::testing::TempDir() + "stop_request_err.txt";
  std::unique_ptr<harness::ChildProcess> p;
  int target = 0;
  if (background) {
    // A non-interactive shell starts a background job with SIGINT ignored; the harness must
    // still stop on it. The shell prints the job's pid and waits for it.
    std::vector<std::string> shell_args = {"-c", "\"$0\" \"$@\" & echo \"pid $!\"; wait $!; echo \"exit $?\"", HARNESS_PATH};
    shell_args.insert(shell_args.end(), args.begin(), args.end());
    p = harness::ChildProcess::start({"/bin/bash", shell_args, "", err}).value();
  } else {
    p = harness::ChildProcess::start({HARNESS_PATH, args, "", err}).value();
    target = p->pid();
  }
  Stopped s;
  std::string line;
  auto deadline = std::chrono::steady_clock::now() + 300s;
  auto signal_at = deadline;
  std::size_t sent = 0;
  int games_seen = -1;  // -1 until the run has started
  while (true) {
    auto until = sent < signals.size() ? std::min(signal_at, deadline) : deadline;
    harness::ReadStatus status = p->read_line(line, until);
    if (status == harness::ReadStatus::LINE) {
      if (line.rfind("Run ", 0) == 0) games_seen = 0;
      if (line.rfind("Game ", 0) == 0 && games_seen >= 0) ++games_seen;
      if (games_seen == after_games && sent == 0 && signal_at == deadline) signal_at = std::chrono::steady_clock::now() + delay;
      if (background && line.rfind("pid ", 0) == 0) target = std::stoi(line.substr(4));
      if (background && line.rfind("exit ", 0) == 0) s.exit_code = std::stoi(line.substr(5));
      s.out += line + "\n";
      continue;
    }
    if (status != harness::ReadStatus::TIMEOUT || std::chrono::steady_clock::now() >= deadline) break;
    if (sent < signals.size() && target > 0) {
      ::kill(target, signals[sent++]);
      signal_at = std::chrono::steady_clock::now() + between;
    }
  }
  int code = p->stop(5000ms);
  if (!background) s.exit_code = code;
  return s;
}

// STOP_REQUEST_ROUNDS (default 8) sets how many times the run is interrupted; the README's
// figure is from a longer run of this test.
TEST(StopRequest, SignalsAtRandomMomentsNeverLoseOrInventGames) {
  const char* rounds_env = std::getenv("STOP_REQUEST_ROUNDS");
  const int rounds = rounds_env ? std::max(1, std::atoi(rounds_env)) : 8;
  // Each round plays at most a few games (those before the signal and those in progress), so
  // eight games per round leave every round something to interrupt.
  const int total = 8 * rounds;
  std::string db = temp_db("signals");
  std::vector<std::string> args = {"match",
                                   "--engine",
                                   engine_spec("a", "v0.2"),
                                   "--engine",
                                   engine_spec("b", "v0.12"),
                                   "--games",
                                   std::to_string(total),
                                   "--nodes",
                                   "1000",
                                   "--concurrency",
                                   "2",
                                   "--db",
                                   db};
  std::mt19937 rng(20261123);
  int interrupted = 0, twice = 0, signals_sent = 0, invented = 0;
  for (int round = 0; round < rounds; ++round) {
    std::vector<std::string> run_args = args;
    if (round > 0) run_args = {"resume", "1", "--db", db, "--concurrency", "2"};
    std::vector<int> signals = {rng() % 2 ? SIGINT : SIGTERM};
    if (rng() % 2) signals.push_back(rng() % 2 ? SIGINT : SIGTERM);
    const int after_games = int(rng() % 3);
    auto delay = std::chrono::milliseconds(rng() % 80);
    auto between = std::chrono::milliseconds(rng() % 300);
    Stopped s = interrupt_run(run_args, after_games, delay, signals, between, round % 3 == 2);
    ASSERT_TRUE(s.exit_code == 130 || s.exit_code == 0) << "round " << round << " exit " << s.exit_code << "\n" << s.out;
    interrupted += s.exit_code == 130;
    signals_sent += int(signals.size());
    twice += s.exit_code == 130 && signals.size() == 2;
    auto games = games_in(db);
    std::set<int> indices;
    for (const auto& g : games) {
      indices.insert(g.game_index);
      // Finished on the board or by adjudication: never a forfeit that a signal caused.
      const bool finished = g.termination == "normal" || g.termination == "adjudication";
      invented += !finished;
      EXPECT_TRUE(finished) << "round " << round << " game " << g.game_index << ": " << g.termination << " (" << g.reason << ")";
    }
    EXPECT_EQ(indices.size(), games.size());
    if (s.exit_code == 0) break;  // the run finished before the signal arrived
  }
  EXPECT_GE(interrupted, std::min(3, rounds));
  HarnessRun r = run_harness({"resume", "1", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), std::size_t(total));
  std::set<int> indices;
  for (const auto& g : games) indices.insert(g.game_index);
  EXPECT_EQ(indices.size(), std::size_t(total));
  EXPECT_EQ(*indices.rbegin(), total - 1);
  EXPECT_EQ(harness::Database::open(db).value()->run(1).value()->status_text(), "finished");
  std::cout << "signals sent " << signals_sent << ", runs interrupted " << interrupted << " (" << twice
            << " by a second signal), games invented " << invented << ", games lost " << total - int(games.size()) << " of "
            << total << "\n";
}

// The first signal finishes the games in progress and stores them; the run says so.
TEST(StopRequest, TheFirstSignalStoresTheGamesInProgress) {
  std::string db = temp_db("first_signal");
  std::vector<std::string> args = {"match",
                                   "--engine",
                                   mock("a", "slow=30"),
                                   "--engine",
                                   mock("b", "slow=30"),
                                   "--games",
                                   "20",
                                   "--movetime",
                                   "1",
                                   "--maxmoves",
                                   "15",
                                   "--concurrency",
                                   "2",
                                   "--db",
                                   db};
  Stopped s = interrupt_run(args, 0, 1500ms, {SIGINT}, 0ms, false);
  ASSERT_EQ(s.exit_code, 130) << s.out;
  EXPECT_NE(s.out.find("Stopping: finishing the games in progress"), std::string::npos) << s.out;
  auto games = games_in(db);
  // Two games were in progress when the signal came (each takes about a second): both stored.
  ASSERT_GE(games.size(), 2u);
  for (const auto& g : games) EXPECT_EQ(g.termination, "adjudication") << g.reason;
  EXPECT_EQ(harness::Database::open(db).value()->run(1).value()->status_text(), "stopped");
}

// The second signal stops at once: nothing unfinished is stored, and the output says how many
// games were dropped.
TEST(StopRequest, TheSecondSignalDiscardsTheGamesInProgress) {
  std::string db = temp_db("second_signal");
  std::vector<std::string> args = {"match",
                                   "--engine",
                                   mock("a", "slow=200"),
                                   "--engine",
                                   mock("b", "slow=200"),
                                   "--games",
                                   "20",
                                   "--movetime",
                                   "1",
                                   "--maxmoves",
                                   "40",
                                   "--concurrency",
                                   "2",
                                   "--db",
                                   db};
  Stopped s = interrupt_run(args, 0, 700ms, {SIGTERM, SIGINT}, 100ms, false);
  ASSERT_EQ(s.exit_code, 130) << s.out;
  EXPECT_NE(s.out.find("Stopping at once"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("(2 unfinished discarded)"), std::string::npos) << s.out;
  EXPECT_EQ(games_in(db).size(), 0u);  // a game takes 16 s here: none had finished
}

// A closed terminal or ssh session (SIGHUP) is a first Ctrl-C: the games in progress are
// finished and stored, the run is left stopped, and resume completes it.
TEST(StopRequest, AHangUpStoresTheGamesInProgressAndLeavesTheRunResumable) {
  std::string db = temp_db("hang_up");
  std::vector<std::string> args = {"match",       "--engine", mock("a", "slow=30"), "--engine", mock("b", "slow=30"),
                                   "--games",     "8",        "--movetime",         "1",        "--maxmoves",
                                   "15",          "--concurrency", "2",             "--db",     db};
  Stopped s = interrupt_run(args, 0, 1500ms, {SIGHUP}, 0ms, false);
  ASSERT_EQ(s.exit_code, 130) << s.out;
  EXPECT_NE(s.out.find("Stopping: finishing the games in progress"), std::string::npos) << s.out;
  const auto stored = games_in(db);
  ASSERT_GE(stored.size(), 2u) << "the two games in progress are kept";
  for (const auto& g : stored) EXPECT_EQ(g.termination, "adjudication") << g.reason;
  EXPECT_EQ(harness::Database::open(db).value()->run(1).value()->status_text(), "stopped");
  HarnessRun resumed = run_harness({"resume", "1", "--db", db});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out;
  EXPECT_EQ(games_in(db).size(), 8u);
}

// Ctrl-Z (SIGTSTP) stops the harness and its engines; SIGCONT continues them, and the clocks
// do not run while stopped. Before, the engines went on alone and the pause was charged to the
// side to move: a pause longer than its clock ended the game as a time forfeit.
TEST(StopRequest, CtrlZPausesTheEnginesAndTheClocks) {
  std::string db = temp_db("terminal_stop");
  // sleeper=20: about 30 ms a move on this clock, wall time without CPU; a game lasts seconds.
  std::vector<std::string> args = {"match",     "--engine", mock("a", "sleeper=20"), "--engine", mock("b", "sleeper=20"),
                                   "--games",   "2",        "--tc",                  "2+0.02",   "--maxmoves",
                                   "60",        "--concurrency", "2",                "--db",     db};
  const auto started = std::chrono::steady_clock::now();
  Stopped s = interrupt_run(args, 0, 800ms, {SIGTSTP, SIGCONT}, 3000ms, false);
  const auto took = std::chrono::steady_clock::now() - started;
  ASSERT_EQ(s.exit_code, 0) << s.out;
  EXPECT_GE(took, 3000ms) << "the run was paused";
  const auto stored = games_in(db);
  ASSERT_EQ(stored.size(), 2u) << s.out;
  for (const auto& g : stored) {
    EXPECT_NE(g.end, harness::GameEnd::TIME) << g.reason;
    EXPECT_NE(g.end, harness::GameEnd::STALL) << g.reason;
    EXPECT_NE(g.pgn.find("[TimeControl \"2+0.02\"]"), std::string::npos) << g.pgn;
  }
}

// An xboard engine that said "feature done=0" may take an hour: a first Ctrl-C ends the wait.
TEST(StopRequest, AFirstSignalEndsAnXboardHandshakeAfterDoneZero) {
  std::string db = temp_db("done0_signal");
  auto p = harness::ChildProcess::start({HARNESS_PATH,
                                         {"match", "--engine", mock("x", "xboard-done0=600000") + " proto=xboard", "--engine",
                                          mock("y", "xboard-done0=600000") + " proto=xboard", "--games", "2", "--db", db},
                                         "",
                                         ::testing::TempDir() + "done0_signal_err.txt"})
               .value();
  std::this_thread::sleep_for(2s);
  const auto signalled = std::chrono::steady_clock::now();
  ::kill(p->pid(), SIGINT);
  std::string line;
  while (p->read_line(line, std::chrono::steady_clock::now() + 60s) == harness::ReadStatus::LINE) {
  }
  const int code = p->stop(5000ms);
  EXPECT_LT(std::chrono::steady_clock::now() - signalled, 10s) << "ended by the first signal";
  EXPECT_TRUE(code == 130 || code == 2) << "an exit of its own, not a kill: " << code;
}

}  // namespace
