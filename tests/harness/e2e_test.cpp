// The harness binary end to end: real processes, mock engines that fail on purpose, the
// project's own engine, and the SQLite file afterwards.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "process/child_process.h"
#include "storage/database.h"
#include "support/harness_cli.h"

using namespace std::chrono_literals;

namespace {

struct Fault {
  const char* mode;
  const char* termination;
  const char* reason;
  std::vector<std::string> limits;
};

class FaultsBecomeResults : public ::testing::TestWithParam<Fault> {};

TEST_P(FaultsBecomeResults, TheFaultyEngineLosesEveryGameAndTheRunCompletes) {
  const Fault& f = GetParam();
  std::string db = temp_db(std::string("fault_") + f.mode);
  std::vector<std::string> args = match_args(db, mock("good", "random"), mock("bad", f.mode), 2);
  for (const std::string& a : f.limits) args.push_back(a);
  HarnessRun r = run_harness(args);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u) << r.out;
  for (const auto& g : games) {
    bool bad_is_white = g.white == "bad";
    EXPECT_EQ(g.result, bad_is_white ? "0-1" : "1-0") << g.reason;
    EXPECT_EQ(g.termination, f.termination);
    EXPECT_NE(g.reason.find(f.reason), std::string::npos) << g.reason;
    EXPECT_NE(g.pgn.find(std::string("[Termination \"") + f.termination + "\"]"), std::string::npos);
  }
  EXPECT_NE(r.out.find("Games: 2, Wins: 2, Losses: 0, Draws: 0"), std::string::npos) << r.out;
}

INSTANTIATE_TEST_SUITE_P(
    Mocks, FaultsBecomeResults,
    ::testing::Values(
        Fault{"crash-on-go", "abandoned", "disconnects", {"--movetime", "0.1"}},
        Fault{"stall-after-go", "time forfeit", "loses on time (no move)", {"--movetime", "0.1", "--timemargin", "50"}},
        Fault{"illegal", "rules infraction", "makes an illegal move: e1e8", {"--movetime", "0.1"}},
        Fault{"garbage", "rules infraction", "makes an illegal move: zz99", {"--movetime", "0.1"}},
        Fault{"slow=300", "time forfeit", "loses on time", {"--movetime", "0.1", "--timemargin", "20"}}),
    [](const auto& param_info) {
      std::string n = param_info.param.mode;
      for (char& c : n)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return n;
    });

TEST(HarnessE2E, AnEngineThatCannotStartIsAnErrorBeforeAnyGame) {
  std::string db = temp_db("nostart");
  HarnessRun r = run_harness(match_args(db, mock("good", "random"), "name=ghost cmd=/nonexistent/engine", 2));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("harness: engine 'ghost': cannot start '/nonexistent/engine'"), std::string::npos) << r.out;
  EXPECT_TRUE(games_in(db).empty());
  std::vector<std::string> mute = match_args(db, mock("good", "random"), mock("mute", "no-uciok"), 2);
  mute.insert(mute.end(), {"--startup-ms", "1000"});
  HarnessRun handshake = run_harness(mute);
  EXPECT_EQ(handshake.exit_code, 2);
  EXPECT_NE(handshake.out.find("engine 'mute' did not answer 'uci' with 'uciok' within 1000 ms (--startup-ms)"),
            std::string::npos)
      << handshake.out;
}

TEST(HarnessE2E, BadCommandLinesGetOneClearMessage) {
  std::string db = temp_db("badcli");
  HarnessRun unknown = run_harness({"match", "v0.3", "dev", "--db", db});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.out.find("no engine named 'v0.3'"), std::string::npos) << unknown.out;
  EXPECT_NE(unknown.out.find("nearest: v0.1, v0.2"), std::string::npos) << unknown.out;
  HarnessRun tc =
      run_harness({"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--tc", "fast", "--db", db});
  EXPECT_EQ(tc.exit_code, 2);
  EXPECT_NE(tc.out.find("time control 'fast'"), std::string::npos) << tc.out;
  HarnessRun book = run_harness(
      {"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--openings", "/nonexistent.epd", "--db", db});
  EXPECT_EQ(book.exit_code, 2);
  EXPECT_NE(book.out.find("/nonexistent.epd: cannot open opening book"), std::string::npos) << book.out;
  HarnessRun flag = run_harness({"match", "--gamez", "3"});
  EXPECT_EQ(flag.exit_code, 2);
  EXPECT_NE(flag.out.find("--gamez"), std::string::npos) << flag.out;
  HarnessRun help = run_harness({"match", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--concurrency"), std::string::npos);
}

// Two games of a random UCI mock against the xboard mock in `mode`, each ending on the board.
void expect_two_clean_games_against_xboard_mock(const std::string& mode) {
  std::string db = temp_db(mode);
  std::vector<std::string> args =
      match_args(db, mock("uci", "random"), "name=xb cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=" + mode + " proto=xboard", 2);
  args.insert(args.end(), {"--tc", "5+0.1"});
  HarnessRun r = run_harness(args);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) EXPECT_TRUE(g.termination == "normal" || g.termination == "adjudication") << g.reason;
}

TEST(HarnessE2E, XboardAndUciEnginesPlayEachOther) { expect_two_clean_games_against_xboard_mock("xboard"); }

TEST(HarnessE2E, AnXboardEngineAnsweringInSanWithoutDeclaringItIsUnderstood) {
  expect_two_clean_games_against_xboard_mock("xboard-san");
}

TEST(HarnessE2E, AnXboardEngineWithoutSetboardIsRefusedFenOpeningsButPlaysPgnOnes) {
  std::string db = temp_db("nosetboard");
  std::string xb = "name=xb cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=xboard-nosetboard proto=xboard";
  HarnessRun fen = run_harness(match_args(db, mock("uci", "random"), xb, 2));
  EXPECT_EQ(fen.exit_code, 2);
  EXPECT_NE(fen.out.find("engine 'xb' does not support setboard"), std::string::npos) << fen.out;
  std::string book = ::testing::TempDir() + "harness_e2e/start.pgn";
  std::ofstream(book) << "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n";
  std::vector<std::string> args = match_args(db, mock("uci", "random"), xb, 2);
  args.insert(args.end(), {"--openings", book});
  HarnessRun pgn = run_harness(args);
  ASSERT_EQ(pgn.exit_code, 0) << pgn.out;
  for (const auto& g : games_in(db, 2)) EXPECT_TRUE(g.termination == "normal" || g.termination == "adjudication") << g.reason;
}

TEST(HarnessE2E, TwoVersionsOfTheProjectEnginePlayAMatchWithPgnExport) {
  std::string db = temp_db("versions");
  std::string engine = std::string("cmd=") + ENGINE_PATH;
  HarnessRun r = run_harness({"match", "--engine", "name=v0.2 " + engine + " arg=--version arg=v0.2", "--engine",
                              "name=v0.12 " + engine + " arg=--version arg=v0.12", "--games", "2", "--tc", "1+0.02",
                              "--timemargin", "1000", "--concurrency", "2", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_NE(r.out.find("Results of v0.2 vs v0.12"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ptnml(0-2): ["), std::string::npos);
  for (const auto& g : games) EXPECT_NE(g.termination, "time forfeit") << g.reason;
  HarnessRun pgn = run_harness({"pgn", "1", "--db", db});
  EXPECT_EQ(pgn.exit_code, 0);
  for (const char* t : {"[Event ", "[Site ", "[Date ", "[Round \"1\"]", "[White ", "[Black ", "[Result ", "[FEN ",
                        "[SetUp \"1\"]", "[TimeControl \"1+0.02\"]", "[PlyCount ", "[Termination "})
    EXPECT_NE(pgn.out.find(t), std::string::npos) << t;
  EXPECT_NE(pgn.out.find("s}"), std::string::npos);  // move comments with time
  HarnessRun runs = run_harness({"runs", "--db", db});
  EXPECT_EQ(runs.out.rfind("RUN   KIND         STATUS    STARTED", 0), 0u) << runs.out;  // a header first
  EXPECT_NE(runs.out.find("\n1     match        finished  "), std::string::npos) << runs.out;
  EXPECT_NE(runs.out.find(" v0.2, v0.12 "), std::string::npos) << runs.out;
  EXPECT_NE(runs.out.find(" 1+0.02 "), std::string::npos) << runs.out;
  EXPECT_NE(runs.out.find(" 2/2 "), std::string::npos) << runs.out;
  HarnessRun show = run_harness({"show", "1", "--db", db});
  EXPECT_NE(show.out.find("Games: 2,"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("\nTerminations:\n"), std::string::npos) << show.out;
}

TEST(HarnessE2E, TournamentRanksEveryEngine) {
  std::string db = temp_db("tournament");
  HarnessRun r = run_harness({"tournament", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--engine",
                              mock("c", "illegal"), "--rounds", "1", "--movetime", "0.05", "--maxmoves", "30", "--db", db,
                              "--concurrency", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(games_in(db).size(), 6u);
  EXPECT_NE(r.out.find("Ranking of a vs b vs c"), std::string::npos) << r.out;
  // c loses every game by its illegal moves, so it ranks last with 0%.
  EXPECT_NE(r.out.find("3    c"), std::string::npos) << r.out;
}

// A gauntlet's result per opponent: printed at its end, stored, and shown once by `show`.
TEST(HarnessE2E, AGauntletGivesItsResultPerOpponent) {
  std::string db = temp_db("gauntlet");
  HarnessRun r = run_harness({"tournament", "--gauntlet", "--engine", mock("a", "random"), "--engine", mock("b", "random"),
                              "--engine", mock("c", "illegal"), "--rounds", "1", "--movetime", "0.05", "--maxmoves", "30", "--db",
                              db, "--concurrency", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(games_in(db).size(), 4u);
  const std::string title = "Gauntlet of a against each opponent";
  ASSERT_NE(r.out.find(title), std::string::npos) << r.out;
  // c loses both of its games by its illegal moves.
  const std::size_t c = r.out.find("\nc ", r.out.find(title));
  ASSERT_NE(c, std::string::npos) << r.out;
  const std::string c_row = r.out.substr(c + 1, r.out.find('\n', c + 1) - c - 1);
  EXPECT_NE(c_row.find("  2  2-0-0"), std::string::npos) << c_row;
  EXPECT_NE(c_row.find("100.0%"), std::string::npos) << c_row;
  EXPECT_NE(r.out.find("\nall opponents "), std::string::npos) << r.out;
  HarnessRun show = run_harness({"show", "1", "--db", db});
  ASSERT_EQ(show.exit_code, 0) << show.out;
  const std::size_t first = show.out.find(title);
  ASSERT_NE(first, std::string::npos) << show.out;
  EXPECT_EQ(show.out.find(title, first + 1), std::string::npos) << show.out;
}

TEST(HarnessE2E, KilledRunResumesWithoutLosingOrRepeatingGames) {
  std::string db = temp_db("resume");
  std::vector<std::string> args = match_args(db, mock("a", "slow=5"), mock("b", "slow=5"), 12);
  args.insert(args.end(), {"--movetime", "1", "--order", "random", "--seed", "7"});
  args[10] = "2";  // --concurrency 2
  {
    auto p = start_harness(args, ::testing::TempDir() + "resume_err.txt");
    auto deadline = std::chrono::steady_clock::now() + 60s;
    while (games_in(db).size() < 3 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(20ms);
    ::kill(p->pid(), SIGKILL);
    p->stop(1000ms);
  }
  std::size_t before = games_in(db).size();
  ASSERT_GE(before, 3u);
  ASSERT_LT(before, 12u);
  args.push_back("--resume");
  HarnessRun r = run_harness(args);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Resuming run 1: " + std::to_string(before) + " of 12 games already played"), std::string::npos) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 12u);
  std::set<int> indices;
  int a_points2 = 0;
  for (const auto& g : games) {
    indices.insert(g.game_index);
    bool a_white = g.white == "a";
    if (g.result == "1/2-1/2")
      a_points2 += 1;
    else if ((g.result == "1-0") == a_white)
      a_points2 += 2;
  }
  EXPECT_EQ(indices.size(), 12u);
  EXPECT_EQ(*indices.begin(), 0);
  EXPECT_EQ(*indices.rbegin(), 11);
  char points[32];
  std::snprintf(points, sizeof points, "Points: %.1f", a_points2 / 2.0);
  EXPECT_NE(r.out.find(std::string("Games: 12, ")), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(points), std::string::npos) << r.out;
  auto dbh = harness::Database::open(db).value();
  EXPECT_EQ(dbh->runs().value().size(), 1u);
  EXPECT_EQ(dbh->run(1).value()->status_text(), "finished");
}

TEST(HarnessE2E, CtrlCStopsTheRunAndKeepsFinishedGames) {
  std::string db = temp_db("sigint");
  std::vector<std::string> args = match_args(db, mock("a", "slow=20"), mock("b", "slow=20"), 20);
  args.insert(args.end(), {"--movetime", "1"});
  auto p = start_harness(args, ::testing::TempDir() + "sigint_err.txt");
  auto deadline = std::chrono::steady_clock::now() + 60s;
  while (games_in(db).size() < 1 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(20ms);
  ::kill(p->pid(), SIGINT);
  EXPECT_EQ(p->stop(5000ms), 130);
  auto dbh = harness::Database::open(db).value();
  EXPECT_EQ(dbh->run(1).value()->status_text(), "stopped");
  EXPECT_GE(dbh->games(1).value().size(), 1u);
}

}  // namespace

namespace {

TEST(HarnessE2E, RateGivesOneListOverSeveralRuns) {
  std::string db = temp_db("rate");
  HarnessRun t = run_harness({"tournament", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--engine",
                              mock("c", "random"), "--rounds", "2", "--movetime", "0.02", "--maxmoves", "20", "--db", db,
                              "--concurrency", "2"});
  ASSERT_EQ(t.exit_code, 0) << t.out;
  // Games of at most 20 moves, as the tournament's: random movers then draw most games, so 'd'
  // does not win or lose all four (a rating without a draw has no finite value without --prior).
  HarnessRun m = run_harness({"match", "--engine", mock("a", "random"), "--engine", mock("d", "random"), "--games", "4", "--db",
                              db, "--concurrency", "1", "--maxmoves", "20"});
  ASSERT_EQ(m.exit_code, 0) << m.out;
  HarnessRun r = run_harness({"rate", "1", "2", "--db", db, "--anchor", "b", "--anchor-elo", "1500"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Rating list of 16 games from 2 runs"), std::string::npos) << r.out;
  for (const char* name : {" a ", " c ", " d "}) EXPECT_NE(r.out.find(name), std::string::npos) << name << r.out;
  EXPECT_NE(r.out.find("1500.0   anchor"), std::string::npos) << r.out;

  HarnessRun unknown = run_harness({"rate", "1", "--db", db, "--anchor", "zz"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.out.find("--anchor: no engine 'zz' in these runs (they have a, b, c)"), std::string::npos) << unknown.out;

  // Several anchors, from the command line and from a file: each held at its rating.
  HarnessRun two = run_harness({"rate", "1", "2", "--db", db, "--anchor", "b=1500", "--anchor", "c=1600"});
  ASSERT_EQ(two.exit_code, 0) << two.out;
  EXPECT_NE(two.out.find("anchors b = 1500, c = 1600"), std::string::npos) << two.out;
  for (const char* held : {"1500.0   anchor", "1600.0   anchor"}) EXPECT_NE(two.out.find(held), std::string::npos) << two.out;
  const std::string file = ::testing::TempDir() + "rate_anchors.txt";
  std::ofstream(file) << "# name rating\nb 1500\n\"c\", 1600\n";
  HarnessRun from_file = run_harness({"rate", "1", "2", "--db", db, "--anchors", file});
  ASSERT_EQ(from_file.exit_code, 0) << from_file.out;
  EXPECT_EQ(from_file.out, two.out);
  HarnessRun word = run_harness({"rate", "1", "--db", db, "--anchor", "b=abc"});
  EXPECT_EQ(word.exit_code, 2);
  EXPECT_NE(word.out.find("--anchor 'b=abc': 'abc' is not a rating"), std::string::npos) << word.out;
  HarnessRun twice = run_harness({"rate", "1", "--db", db, "--anchor", "b=1500", "--anchors", file, "--anchor", "b"});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.out.find("'b' is anchored twice, at 1500 (--anchor) and at 0 (--anchor)"), std::string::npos) << twice.out;
  HarnessRun missing = run_harness({"rate", "9", "--db", db});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.out.find("no run 9"), std::string::npos) << missing.out;
}

}  // namespace

namespace {

TEST(HarnessCheck, TheProjectEnginePassesEveryUciCheck) {
  HarnessRun r = run_harness({"check", "name=dev cmd=" + std::string(ENGINE_PATH) + " arg=--version arg=dev"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("17 passed, 0 failed"), std::string::npos) << r.out;
  for (const char* check : {"OK    handshake", "OK    isready while searching", "OK    stop: bestmove", "OK    quit: exited"})
    EXPECT_NE(r.out.find(check), std::string::npos) << check << "\n" << r.out;
}

TEST(HarnessCheck, EachFaultIsNamed) {
  struct Case {
    const char* mode;
    const char* expected;
  };
  for (const Case& c : {Case{"no-uciok", "FAIL  handshake: no uciok within 1000 ms of 'uci' (--startup-ms)"},
                        Case{"garbage", "FAIL  go depth: 'bestmove zz99' after"},
                        Case{"random", "FAIL  stop: bestmove before 'stop' in an infinite search"},
                        Case{"ignore-quit", "FAIL  quit: still running 3 s after 'quit' (killed)"}}) {
    HarnessRun r = run_harness({"check", mock("m", c.mode), "--startup-ms", "1000"});
    EXPECT_EQ(r.exit_code, 1) << c.mode << "\n" << r.out;
    EXPECT_NE(r.out.find(c.expected), std::string::npos) << c.mode << "\n" << r.out;
  }
  HarnessRun xboard = run_harness({"check", mock("x", "xboard") + " proto=xboard"});
  EXPECT_EQ(xboard.exit_code, 2);
  EXPECT_NE(xboard.out.find("speaks xboard: harness check covers the UCI protocol"), std::string::npos) << xboard.out;
}

}  // namespace

namespace {

TEST(HarnessE2E, EachEngineCanPlayUnderItsOwnTimeControl) {
  std::string db = temp_db("odds");
  HarnessRun r = run_harness({"match", "--engine", mock("fast", "random") + " tc=1+0.01", "--engine",
                              mock("slow", "random") + " tc=3+0.03 timemargin=100", "--games", "2", "--maxmoves", "20", "--db",
                              db, "--concurrency", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Results of fast [tc=1+0.01] vs slow [tc=3+0.03 timemargin=100]"), std::string::npos) << r.out;
  HarnessRun pgn = run_harness({"pgn", "1", "--db", db});
  EXPECT_NE(pgn.out.find("[White \"fast\"]\n[Black \"slow\"]"), std::string::npos) << pgn.out;
  EXPECT_NE(pgn.out.find("[WhiteTimeControl \"1+0.01\"]\n[BlackTimeControl \"3+0.03\"]"), std::string::npos) << pgn.out;
  EXPECT_NE(pgn.out.find("[WhiteTimeControl \"3+0.03\"]\n[BlackTimeControl \"1+0.01\"]"), std::string::npos) << pgn.out;
  // Limits that make no sense are refused before anything is recorded.
  std::string other = temp_db("odds_bad");
  HarnessRun bad = run_harness(
      {"match", "--engine", mock("a", "random") + " nodes=0", "--engine", mock("b", "random"), "--games", "2", "--db", other});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.out.find("nodes=0: nodes must be a whole number from 1"), std::string::npos) << bad.out;
  EXPECT_FALSE(std::filesystem::exists(other));
}

}  // namespace

namespace {

TEST(HarnessE2E, PgnCommentsCarryTheEnginesReportsAndTheClock) {
  std::string db = temp_db("pgn_comments");
  const std::string dev = "name=dev cmd=" + std::string(ENGINE_PATH) + " arg=--version arg=dev option.Hash=4";
  const std::string old = "name=old cmd=" + std::string(ENGINE_PATH) + " arg=--version arg=v0.12 option.Hash=4";
  HarnessRun r = run_harness({"match", "--engine", dev, "--engine", old, "--tc", "1+0.01", "--timemargin", "1000", "--games", "2",
                              "--db", db, "--pgn-comments", "nodes,seldepth,nps,hashfull,timeleft,latency", "--maxmoves", "30"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  HarnessRun pgn = run_harness({"pgn", "1", "--db", db});
  for (const char* item : {", n=", ", sd=", ", nps=", ", hashfull=", ", tl=", ", latency="})
    EXPECT_NE(pgn.out.find(item), std::string::npos) << item << "\n" << pgn.out.substr(0, 1500);
  HarnessRun bad = run_harness(
      {"match", "--engine", dev, "--engine", old, "--games", "2", "--db", temp_db("pgn_bad"), "--pgn-comments", "nodes,nsp"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.out.find("unknown item 'nsp' (did you mean 'nps'?)"), std::string::npos) << bad.out;
}

}  // namespace
