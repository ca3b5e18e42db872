// harness test on a git repository the test makes: its commits build the project's engine
// versions behind a wrapper, as OpenBench builds engines (`make -j EXE=<name>` in src/, whose
// makefile runs `./$(EXE) bench` as a PGO step does), one commit's bench line (written as the
// field writes it, "BENCH : 1,234,567") is wrong and one does not build. The wrong bench and the broken build are refused by name
// before anything is recorded; a good pair plays and the run keeps the commits; a second test of the same commits builds nothing;
// a clock scaled by the bench speed is stored and shown; a registry names engines by repo and ref; the dashboard lists the tests.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "views/dashboard_server.h"
#include "support/git_repo.h"
#include "support/harness_cli.h"

namespace {

using namespace std::chrono_literals;

// The node count of `ENGINE --version V bench 6`, as the repository's Bench: line gives it.
std::string commit_bench_of(const std::string& version) {
  const std::string out = sh(std::string(ENGINE_PATH) + " --version " + version + " bench 6");
  std::smatch m;
  if (!std::regex_search(out, m, std::regex(R"(Nodes searched: (\d+))"))) throw std::runtime_error("no bench: " + out);
  return m[1].str();
}

// "1234567" as "1,234,567".
std::string with_commas(std::string digits) {
  for (int at = int(digits.size()) - 3; at > 0; at -= 3) digits.insert(std::size_t(at), ",");
  return digits;
}

struct Repo {
  std::string dir, counter;
};

// c0: v0.1, no Bench line; c1: v0.2 with its right Bench line; c2: a wrong Bench line; c3: a build that fails.
Repo make_commits_repo(const std::string& dir) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir + "/repo");
  Repo r{dir + "/repo", dir + "/builds-run.txt"};
  const std::string git = "git -C " + r.dir + " -c user.name=t -c user.email=t@example.org ";
  auto commit = [&](const std::string& version, const std::string& build_body, const std::string& message) {
    std::ofstream(r.dir + "/engine.sh") << "#!/bin/sh\nexec " << ENGINE_PATH << " --version " << version << " \"$@\"\n";
    std::ofstream(r.dir + "/build.sh") << "#!/bin/sh\necho built >> " << r.counter << "\n" << build_body << "\n";
    std::filesystem::create_directories(r.dir + "/src");
    std::ofstream(r.dir + "/src/makefile") << "EXE = engine\nall:\n\tsh ../build.sh $(EXE)\n\t./$(EXE) bench 6 > /dev/null\n";
    sh(git + "add -A && " + git + "commit -q -m '" + message + "'");
  };
  sh("git init -q " + r.dir);
  const std::string copy = "cp \"$(dirname \"$0\")/engine.sh\" \"$1\" && chmod +x \"$1\"";
  commit("v0.1", copy, "v0.1 behind a wrapper");
  commit("v0.2", copy, "v0.2: a better search\n\nBENCH : " + with_commas(commit_bench_of("v0.2")));
  commit("v0.1", copy, "claims a bench it does not have\n\nBench: 12345");
  commit("v0.2", "echo 'engine.cpp:1: error: expected ; before }' >&2; exit 1", "does not build");
  return r;
}

int lines_in(const std::string& path) {
  std::ifstream in(path);
  int n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

int runs_in(const std::string& db) {
  auto d = harness::Database::open(db);
  return d ? int((*d)->runs().value().size()) : 0;
}

std::vector<std::string> test_args(const Repo& r, const std::string& dev, const std::string& base, const std::string& db) {
  return {"test",
          "--repo",
          r.dir,
          "--dev",
          dev,
          "--base",
          base,
          "--make-path",
          "src",
          "--bench-args",
          "bench 6",
          "--cache",
          r.dir + "/../cache",
          "--nodes",
          "300",
          "--games",
          "2",
          "--concurrency",
          "2",
          "--db",
          db};
}

TEST(TestCommits, BuildsBenchesAndPlaysThenServesTheCache) {
  const std::string db = temp_db("test_commits");
  const Repo r = make_commits_repo(std::filesystem::path(db).parent_path().string() + "/work");
  HarnessRun first = run_harness(test_args(r, "HEAD~2", "HEAD~3", db), 300s);
  ASSERT_EQ(first.exit_code, 0) << first.out;
  EXPECT_NE(first.out.find(" (median of 3 runs), as the commit's message says"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find(" (median of 3 runs), the commit has no bench line"), std::string::npos) << first.out;
  EXPECT_EQ(lines_in(r.counter), 2);
  ASSERT_EQ(games_in(db).size(), 2u);
  auto d = harness::Database::open(db).value();
  const std::string config = d->run(1).value()->config;
  const std::string head2 = sh("git -C " + r.dir + " rev-parse HEAD~2").substr(0, 40);
  EXPECT_NE(config.find("\"commit\":\"" + head2 + "\""), std::string::npos) << config;
  EXPECT_NE(config.find("\"subject\":\"v0.2: a better search\""), std::string::npos) << config;

  HarnessRun shown = run_harness({"show", "1", "--db", db});
  EXPECT_NE(shown.out.find("Commits of " + r.dir + ":\n  dev  " + head2.substr(0, 8) +
                           " v0.2: a better search (ref HEAD~2), bench " + commit_bench_of("v0.2") + " at "),
            std::string::npos)
      << shown.out;
  EXPECT_NE(shown.out.find("(as its Bench: line), built with: make -j EXE={name} in src/"), std::string::npos) << shown.out;

  HarnessRun again = run_harness(test_args(r, "HEAD~2", "HEAD~3", db), 300s);
  ASSERT_EQ(again.exit_code, 0) << again.out;
  EXPECT_NE(again.out.find("dev  " + head2.substr(0, 8) + " v0.2: a better search: built before (cache)"), std::string::npos)
      << again.out;
  EXPECT_EQ(lines_in(r.counter), 2) << "the cache served both engines without building";
}

TEST(TestCommits, AWrongBenchAndABrokenBuildAreRefusedBeforeAnythingIsRecorded) {
  const std::string db = temp_db("test_refusals");
  const Repo r = make_commits_repo(std::filesystem::path(db).parent_path().string() + "/work");
  HarnessRun wrong = run_harness(test_args(r, "HEAD~1", "HEAD~3", db), 300s);
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.out.find("(claims a bench it does not have): the commit's message says bench 12345 but its binary's bench is"),
            std::string::npos)
      << wrong.out;
  EXPECT_EQ(runs_in(db), 0);

  // The expected bench given by hand, as OpenBench's test form gives it: a wrong message is
  // overruled, and a wrong count given is named as given.
  auto with = [&](const std::string& option, const std::string& bench) {
    auto args = test_args(r, "HEAD~1", "HEAD~3", db);
    args.insert(args.end(), {option, bench});
    return args;
  };
  HarnessRun given = run_harness(with("--dev-bench", commit_bench_of("v0.1")), 300s);
  EXPECT_EQ(given.exit_code, 0) << given.out;
  EXPECT_NE(given.out.find(", as --dev-bench says"), std::string::npos) << given.out;
  HarnessRun given_wrong = run_harness(with("--dev-bench", "777"), 300s);
  EXPECT_EQ(given_wrong.exit_code, 2) << given_wrong.out;
  EXPECT_NE(given_wrong.out.find("--dev-bench says bench 777 but its binary's bench is " + commit_bench_of("v0.1")),
            std::string::npos)
      << given_wrong.out;
  EXPECT_EQ(runs_in(db), 1) << "the run of --dev-bench";

  HarnessRun ignored = run_harness(
      [&] {
        auto args = test_args(r, "HEAD~1", "HEAD~3", db);
        args.push_back("--ignore-bench");
        return args;
      }(),
      300s);
  EXPECT_EQ(ignored.exit_code, 0) << ignored.out;
  const std::string head = sh("git -C " + r.dir + " rev-parse HEAD").substr(0, 40);

  HarnessRun broken = run_harness(test_args(r, "HEAD", "HEAD~3", db), 300s);
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_NE(broken.out.find("(does not build) failed (exit status 2, make -j EXE=repo-" + head.substr(0, 8) +
                            " in src/)\n  first error: engine.cpp:1: error: expected ; before }\n  the end of its log:"),
            std::string::npos)
      << broken.out;
  // The whole log is kept where the message says, beside the cache's folders.
  const std::size_t at = broken.out.find("the whole log: ");
  ASSERT_NE(at, std::string::npos) << broken.out;
  const std::string log = broken.out.substr(at + 15, broken.out.find('\n', at) - at - 15);
  EXPECT_EQ(log.rfind(std::filesystem::weakly_canonical(r.dir + "/../cache").string() + "/" + head + "-", 0), 0u) << log;
  std::ifstream kept(log);
  const std::string text((std::istreambuf_iterator<char>(kept)), {});
  EXPECT_NE(text.find("error: expected ; before }"), std::string::npos) << log;
  EXPECT_NE(broken.out.find("Error 1"), std::string::npos) << "make's own line is in the tail\n" << broken.out;
  auto elsewhere = test_args(r, "HEAD~2", "HEAD~3", db);
  *std::find(elsewhere.begin(), elsewhere.end(), "src") = "source";
  HarnessRun no_folder = run_harness(elsewhere, 120s);
  EXPECT_EQ(no_folder.exit_code, 2);
  EXPECT_NE(no_folder.out.find("the commit has no folder 'source' (--make-path) to build in"), std::string::npos) << no_folder.out;
  HarnessRun no_ref = run_harness(test_args(r, "no-such-branch", "HEAD~3", db), 120s);
  EXPECT_EQ(no_ref.exit_code, 2);
  EXPECT_NE(no_ref.out.find("--dev: ref 'no-such-branch' names no commit in " + r.dir), std::string::npos) << no_ref.out;
  EXPECT_EQ(runs_in(db), 2) << "only the runs of --dev-bench and --ignore-bench";
}

TEST(TestCommits, TheClockScaledByBenchSpeedIsStoredShownAndListedOnTheTestsPage) {
  const std::string db = temp_db("test_scaled");
  const Repo r = make_commits_repo(std::filesystem::path(db).parent_path().string() + "/work");
  std::vector<std::string> args = test_args(r, "HEAD~2", "HEAD~3", db);
  args.erase(std::find(args.begin(), args.end(), "--nodes"), std::find(args.begin(), args.end(), "--nodes") + 2);
  for (const char* a : {"--tc", "2+0.02", "--scale-nps", "1000", "--scale-by", "both"}) args.push_back(a);
  HarnessRun scaled = run_harness(args, 300s);
  ASSERT_EQ(scaled.exit_code, 0) << scaled.out;
  const std::regex line(R"(Time control scaled x(\d+\.\d{3}) \(reference 1000 nps over the mean (\d+) nps\): 2\+0\.02 played as )");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(scaled.out, m, line)) << scaled.out;
  const auto config = nlohmann::json::parse(harness::Database::open(db).value()->run(1).value()->config);
  EXPECT_NEAR(config["speed_scale"]["factor"].get<double>(), 1000.0 / std::stod(m[2].str()), 1e-9);
  EXPECT_NE(run_harness({"show", "1", "--db", db}).out.find(m[0].str()), std::string::npos);

  const harness::HttpAnswer api = harness::dashboard_answer(db, "/api/tests");
  ASSERT_EQ(api.status, 200) << api.body;
  const auto tests = nlohmann::json::parse(api.body);
  ASSERT_EQ(tests.size(), 1u);
  EXPECT_EQ(tests[0]["dev_subject"], "v0.2: a better search");
  EXPECT_EQ(tests[0]["games"], 2);
  EXPECT_NE(tests[0]["tc"].get<std::string>().find("played as"), std::string::npos);
  EXPECT_EQ(harness::dashboard_answer(db, "/tests").status, 200);

  // A depth or node limit is the same on every machine: scaling it is refused before anything runs.
  std::vector<std::string> nodes = test_args(r, "HEAD~2", "HEAD~3", db);
  for (const char* a : {"--scale-nps", "1000"}) nodes.push_back(a);
  HarnessRun refused = run_harness(nodes, 300s);
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.out.find("--scale-nps scales a clock or a move time"), std::string::npos) << refused.out;
}

TEST(TestCommits, ARegistryNamesEnginesByRepositoryAndRef) {
  const std::string db = temp_db("test_registry");
  const std::string work = std::filesystem::path(db).parent_path().string() + "/work";
  const Repo r = make_commits_repo(work);
  std::ofstream(work + "/engines.json") << R"({"engines": [
    {"name": "new", "repo": "repo", "ref": "HEAD~2", "make_path": "src/", "bench": "bench 6"},
    {"name": "old", "repo": "repo", "ref": "HEAD~3", "build": "sh build.sh {name}", "bench": "bench 6"}]})";
  HarnessRun played = run_harness(
      {"match", "new", "old", "--registry", work + "/engines.json", "--nodes", "300", "--games", "2", "--db", db}, 300s);
  ASSERT_EQ(played.exit_code, 0) << played.out;
  EXPECT_EQ(lines_in(r.counter), 2);
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(db).parent_path() / "builds")) << "the cache is beside the database";
  HarnessRun shown = run_harness({"show", "1", "--db", db});
  EXPECT_NE(shown.out.find("new  " + sh("git -C " + r.dir + " rev-parse HEAD~2").substr(0, 8) + " v0.2: a better search"),
            std::string::npos)
      << shown.out;
}

}  // namespace
