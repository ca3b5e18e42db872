// harness bisect on git repositories the test makes, whose commits build (by a script that
// copies a wrapper) the project's engine versions or the mock engine: perft bisect finds the
// first commit whose move generator misses en passant, bench bisect the first whose count
// changes, SPRT bisect the first that plays a weaker version (at a node limit, so every step is
// deterministic), and a bisect killed with SIGKILL during an SPRT step goes on with that step's
// run on --resume.
#include <gtest/gtest.h>
#include <signal.h>

#include <thread>

#include "core/perft.h"
#include "support/git_repo.h"
#include "support/harness_cli.h"

namespace {

const std::string BUILD = "cp engine.sh {out} && chmod +x {out}";

std::string engine_version(const std::string& version) { return std::string(ENGINE_PATH) + " --version " + version; }

// Commits whose wrappers run `commands[i]`; the first is the good one. Returns the repository.
GitRepo make_bisect_repo(const std::string& dir, const std::vector<std::string>& commands) {
  GitRepo repo(dir);
  for (std::size_t i = 0; i < commands.size(); ++i)
    repo.commit({{"engine.sh", wrapper(commands[i])}, {"note.txt", std::to_string(i)}}, "commit " + std::to_string(i));
  return repo;
}

std::vector<std::string> bisect_args(const GitRepo& repo, const std::string& db, std::vector<std::string> more) {
  std::vector<std::string> args = {"bisect", "--repo",  repo.dir(), "--good",  "HEAD~" + std::to_string(0), "--bad",
                                   "HEAD",   "--build", BUILD,      "--cache", repo.dir() + "/../cache",    "--db",
                                   db};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::string work_dir(const std::string& db) { return std::filesystem::path(db).parent_path().string(); }

std::string suite_line(const std::string& fen, int depth) {
  std::string line = fen;
  for (int d = 1; d <= depth; ++d) {
    chess::Position pos = chess::Position::from_fen(fen).value();
    line += " ;D" + std::to_string(d) + " " + std::to_string(chess::perft(pos, d));
  }
  return line + "\n";
}

TEST(Bisect, PerftFindsTheFirstCommitWhoseGeneratorFailsAndNamesTheMove) {
  const std::string db = temp_db("bisect_perft");
  std::vector<std::string> commands(9, engine_version("dev"));
  for (std::size_t i = 5; i < commands.size(); ++i) commands[i] = std::string(MOCK_ENGINE_PATH) + " perft-no-ep";
  const GitRepo repo = make_bisect_repo(work_dir(db) + "/repo", commands);
  const std::string suite = work_dir(db) + "/ep.epd";
  std::ofstream(suite) << suite_line("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", 3) << suite_line(std::string(chess::START_FEN), 2);
  std::vector<std::string> args = bisect_args(repo, db, {"--perft", suite});
  args[4] = "HEAD~8";
  HarnessRun r = run_harness(args, 300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("First bad commit: " + repo.sha("HEAD~3") + " commit 5\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("e5d6"), std::string::npos) << "the divide walk names the en passant capture:\n" << r.out;
  // Every step is a stored run, and the bisect is one too.
  auto d = harness::Database::open(db).value();
  const std::vector<harness::BisectStepRow> steps = d->bisect_steps(1).value();
  ASSERT_GE(steps.size(), 3u);
  for (const harness::BisectStepRow& s : steps) EXPECT_EQ(d->run(s.run_id).value()->kind_text(), "perft");
  EXPECT_EQ(d->run(1).value()->status_text(), "finished");
}

TEST(Bisect, BenchFindsTheFirstCommitWhoseCountChanges) {
  const std::string db = temp_db("bisect_bench");
  std::vector<std::string> commands = {engine_version("v0.2"), engine_version("v0.2"), engine_version("v0.2"),
                                       engine_version("dev"),  engine_version("dev"),  engine_version("dev")};
  const GitRepo repo = make_bisect_repo(work_dir(db) + "/repo", commands);
  std::vector<std::string> args = bisect_args(repo, db, {"--bench", "--bench-args", "bench 5"});
  args[4] = "HEAD~5";
  HarnessRun r = run_harness(args, 300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("First bad commit: " + repo.sha("HEAD~2") + " commit 3\n"), std::string::npos) << r.out;

  // Good and bad the wrong way round: refused before anything is built.
  std::vector<std::string> reversed = bisect_args(repo, db, {"--bench", "--bench-args", "bench 5"});
  reversed[4] = "HEAD";
  reversed[6] = "HEAD~5";
  HarnessRun refused = run_harness(reversed, 60s);
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.out.find("--good HEAD is not an ancestor of --bad HEAD~5"), std::string::npos) << refused.out;
}

// Commits whose build fails where `builds[i]` is false: the build script reads state.txt.
GitRepo make_breaking_repo(const std::string& dir, const std::vector<bool>& builds) {
  GitRepo repo(dir);
  for (std::size_t i = 0; i < builds.size(); ++i)
    repo.commit({{"engine.sh", wrapper(engine_version("dev"))}, {"state.txt", builds[i] ? "builds\n" : "broken\n"}},
                "commit " + std::to_string(i));
  return repo;
}

const std::string BREAKING_BUILD = "grep -q builds state.txt || { echo does not compile >&2; exit 3; }; " + BUILD;

std::vector<std::string> breaking_args(const GitRepo& repo, const std::string& db, std::vector<std::string> mode) {
  std::vector<std::string> args = bisect_args(repo, db, std::move(mode));
  args[4] = "HEAD~5";
  args[8] = BREAKING_BUILD;
  return args;
}

TEST(Bisect, WithoutATestedCommitThereIsNoAnswer) {
  const std::string db = temp_db("bisect_unbuilt");
  // The bad commit does not build: refused before any step, in every mode.
  const GitRepo broken_bad = make_breaking_repo(work_dir(db) + "/repo1", {true, false, false, false, false, false});
  for (const std::vector<std::string>& mode : std::vector<std::vector<std::string>>{
           {"--bench", "--bench-args", "bench 3"}, {"--sprt", "elo0=-10 elo1=0", "--nodes", "500", "--games", "20"}}) {
    HarnessRun r = run_harness(breaking_args(broken_bad, db, mode), 300s);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("the bad commit " + broken_bad.sha("HEAD").substr(0, 8) + " (commit 5) cannot be built"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("First bad commit"), std::string::npos) << r.out;
  }
  // Nor does the good one: bench mode builds it (and runs its bench) before the first step.
  const GitRepo broken_good = make_breaking_repo(work_dir(db) + "/repo2", {false, false, false, false, false, true});
  HarnessRun good = run_harness(breaking_args(broken_good, db, {"--bench", "--bench-args", "bench 3"}), 300s);
  EXPECT_EQ(good.exit_code, 2) << good.out;
  EXPECT_NE(good.out.find("the good commit " + broken_good.sha("HEAD~5").substr(0, 8) + " (commit 0) cannot be built"),
            std::string::npos)
      << good.out;
  EXPECT_EQ(good.out.find("step 1"), std::string::npos) << "no step before the good commit is built:\n" << good.out;
  // Both ends build and nothing between does: an SPRT bisect, which never plays the bad commit, has no answer.
  const GitRepo ends_only = make_breaking_repo(work_dir(db) + "/repo3", {true, false, false, false, false, true});
  const std::string db3 = work_dir(db) + "/ends_only.db";
  HarnessRun ends =
      run_harness(breaking_args(ends_only, db3, {"--sprt", "elo0=-10 elo1=0", "--nodes", "500", "--games", "20"}), 300s);
  EXPECT_EQ(ends.exit_code, 2) << ends.out;
  EXPECT_NE(ends.out.find("no commit could be tested: all 4 steps were skipped (the first: it cannot be built"),
            std::string::npos)
      << ends.out;
  EXPECT_EQ(harness::Database::open(db3).value()->run(1).value()->status_text(), "failed");
  EXPECT_EQ(ends.out.find("[run 0]"), std::string::npos) << "a step that played no run names none\n" << ends.out;
  // A build command that does not say where the binary goes is refused before anything is built.
  std::vector<std::string> no_out = breaking_args(ends_only, db3, {"--bench"});
  no_out[8] = "make";
  HarnessRun refused = run_harness(no_out, 60s);
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.out.find("--build \"make\" must say where the binary goes"), std::string::npos) << refused.out;
}

std::vector<std::string> sprt_repo_commands() {
  // The good commit plays v0.2; two commits then play dev (stronger), and from commit 3 on v0.1 (weaker).
  // dev with its hand-written evaluation: what the test asks of strength must not rest on the
  // built-in network at 1,500 nodes.
  return {engine_version("v0.2"), engine_version("dev --eval hce"), engine_version("dev --eval hce"),
          engine_version("v0.1"), engine_version("v0.1"), engine_version("v0.1")};
}

std::vector<std::string> sprt_args(const GitRepo& repo, const std::string& db) {
  std::vector<std::string> args = bisect_args(
      repo, db, {"--sprt", "elo0=-10 elo1=0 alpha=0.05 beta=0.05", "--nodes", "1500", "--games", "400", "--concurrency", "2"});
  args[4] = "HEAD~5";
  return args;
}

TEST(Bisect, SprtFindsTheFirstWeakerCommitAtANodeLimit) {
  const std::string db = temp_db("bisect_sprt");
  const GitRepo repo = make_bisect_repo(work_dir(db) + "/repo", sprt_repo_commands());
  HarnessRun r = run_harness(sprt_args(repo, db), 900s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("First bad commit: " + repo.sha("HEAD~2") + " commit 3\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("weaker (H0 accepted): LLR"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not weaker (H1 accepted): LLR"), std::string::npos) << r.out;
}

TEST(Bisect, KilledDuringAnSprtStepItGoesOnWithThatStepsRunOnResume) {
  const std::string db = temp_db("bisect_resume");
  const GitRepo repo = make_bisect_repo(work_dir(db) + "/repo", sprt_repo_commands());
  auto p = start_harness(sprt_args(repo, db), work_dir(db) + "/killed.txt");
  // Run 1 is the bisect, run 2 the first step's match: killed once it has a pair stored.
  ASSERT_TRUE(wait_for_games(db, 2, 2, 300s)) << "the first step never stored a game";
  ::kill(p->pid(), SIGKILL);
  (void)p->stop(5000ms);
  const int before = harness::Database::open(db).value()->game_count(2).value();
  ASSERT_NE(harness::Database::open(db).value()->run(2).value()->status_text(), "finished")
      << "killed during the step, not after it";

  std::vector<std::string> args = sprt_args(repo, db);
  args.push_back("--resume");
  HarnessRun r = run_harness(args, 900s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("First bad commit: " + repo.sha("HEAD~2") + " commit 3\n"), std::string::npos) << r.out;
  auto d = harness::Database::open(db).value();
  const std::vector<harness::BisectStepRow> steps = d->bisect_steps(1).value();
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps.front().run_id, 2) << "the interrupted step's run decided it";
  EXPECT_GT(d->game_count(2).value(), before) << "the resumed step played on in its own run";
  EXPECT_EQ(d->run(1).value()->status_text(), "finished");
}

// An SPRT step still undecided after its retries is decided on every game played for its
// commit, not the last attempt's alone; a step played again keeps its number; a stopped
// bisect names one way on, the bisect's own.
TEST(Bisect, AnUndecidedStepIsDecidedOnAllItsGamesAndKeepsItsNumber) {
  const std::string db = temp_db("bisect_pooled");
  const GitRepo repo = make_bisect_repo(
      work_dir(db) + "/repo", {engine_version("v0.2"), engine_version("v0.2"), engine_version("v0.2"), engine_version("v0.2")});
  std::vector<std::string> args = bisect_args(repo, db, {"--sprt", "elo0=-10 elo1=0 alpha=0.05 beta=0.05", "--nodes", "300",
                                                         "--games", "4", "--retries", "1", "--concurrency", "2"});
  args[4] = "HEAD~3";
  HarnessRun r = run_harness(args, 600s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("played again on the next openings"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("after 8 games (the 2 attempts' games together)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nstep 2: "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\nstep 3: "), std::string::npos) << "a step played again is one step\n" << r.out;

  const std::string stopped_db = work_dir(db) + "/stopped.sqlite";
  std::vector<std::string> long_args = args;
  *std::find(long_args.begin(), long_args.end(), db) = stopped_db;
  *std::find(long_args.begin(), long_args.end(), "4") = "400";
  auto p = start_harness(long_args, work_dir(db) + "/stopped.txt");
  ASSERT_TRUE(wait_for_games(stopped_db, 2, 2, 300s)) << "the first step never stored a game";
  ::kill(p->pid(), SIGINT);
  std::string line, out;
  while (p->read_line(line, std::chrono::steady_clock::now() + 120s) == harness::ReadStatus::LINE) out += line + "\n";
  EXPECT_EQ(p->stop(5000ms), 130);
  std::ifstream err(work_dir(db) + "/stopped.txt");
  out += std::string(std::istreambuf_iterator<char>(err), {});
  EXPECT_NE(out.find("harness bisect ... --resume"), std::string::npos) << out;
  EXPECT_EQ(out.find("harness resume"), std::string::npos) << "no way on that resumes the step's match alone\n" << out;
}

}  // namespace
