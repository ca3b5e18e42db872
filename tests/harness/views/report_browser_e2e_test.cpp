// The report page and the live dashboard in a real browser: Debian's Chromium, headless, loads
// them, and the page's own counters (<body data-plots data-errors data-replay>) in the DOM it
// dumps say whether every plot drew, whether any script failed, and where the replay board
// stands. A screenshot of each is saved beside the test's output.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include "process/command.h"
#include "support/browser.h"
#include "support/git_repo.h"
#include "support/harness_cli.h"
#include "support/stored_runs.h"

namespace {

using namespace std::chrono_literals;

// A node-limited match with an SPRT: every plot of a match report has data (no clock plot:
// there is no clock under a node limit). The Elo plot needs both won and lost points, so the
// two versions are close in strength (Ptnml [0, 1, 1, 1, 2] over these 10 games) and frozen:
// dev changes with every tune, and its mobility weights won all 6 games against v0.12.
std::string played_match(const std::string& name) {
  const std::string db = temp_db(name);
  HarnessRun r =
      run_harness({"match", "--engine", project_engine("v0.2"), "--engine", project_engine("v0.12"), "--nodes", "2000", "--games",
                   "10", "--sprt", "elo0=0 elo1=10 alpha=0.05 beta=0.05", "--db", db, "--concurrency", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  return db;
}

constexpr const char* MATCH_PLOTS = "data-plots=\"8\"";

TEST(ReportInABrowser, EveryPlotOfAMatchReportDrawsWithoutAScriptError) {
  const std::string db = played_match("report_browser");
  const std::string page = ::testing::TempDir() + "match-report.html";
  HarnessRun r = run_harness({"report", "1", "--db", db, "-o", page});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string body = body_tag("file://" + page);
  EXPECT_NE(body.find(MATCH_PLOTS), std::string::npos) << body;
  EXPECT_NE(body.find("data-errors=\"0\""), std::string::npos) << body;
  screenshot("file://" + page, "match-report");

  // Game 2 replayed to its end: the board stands at its last engine move.
  const auto games = game_rows(db, 1);
  ASSERT_GE(games.size(), 2u);
  std::size_t plies = 0;
  for (const std::string& row : games)
    if (row.rfind("1 ", 0) == 0) plies = std::count(row.begin(), row.end(), ' ') - 4;  // the moves after "1 W-B r reason"
  const std::string replayed = body_tag("file://" + page + "#replay=2");
  EXPECT_NE(replayed.find("data-replay=\"2:"), std::string::npos) << replayed;
  EXPECT_EQ(replayed.find("data-replay=\"2:0\""), std::string::npos) << "the board moved: " << replayed;
  (void)plies;

  // The replay board numbers moves as a score sheet does (12. e4 12... e5), not plies; the
  // engines' options read as a spec writes them.
  const std::string dom = page_dom("file://" + page + "#replay=2");
  EXPECT_TRUE(std::regex_search(dom, std::regex("<li[^>]*>[0-9]+\\. [A-Za-z]"))) << dom.substr(0, 2000);
  EXPECT_TRUE(std::regex_search(dom, std::regex("<li[^>]*>[0-9]+\\.\\.\\. [A-Za-z]"))) << dom.substr(0, 2000);
  EXPECT_EQ(dom.find(">ply "), std::string::npos);
  EXPECT_EQ(dom.find("<td>{"), std::string::npos) << "options shown as JSON";
}

TEST(ReportInABrowser, TheDashboardServesTheRunsAndALiveRunPageWhileAMatchWrites) {
  const std::string db = played_match("dashboard_browser");
  auto server = start_harness({"serve", "--db", db, "--port", "0"}, ::testing::TempDir() + "serve.err");
  std::string line;
  ASSERT_EQ(server->read_line(line, 60s), harness::ReadStatus::LINE);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(line, m, std::regex("http://127\\.0\\.0\\.1:(\\d+)/"))) << line;
  const std::string base = "http://127.0.0.1:" + m[1].str();

  // A second match writes into the same database while the dashboard reads it.
  std::vector<std::string> writing = match_args(db, mock("a", "random"), mock("b", "random"), 30);
  writing.insert(writing.end(), {"--movetime", "0.01"});
  auto writer = start_harness(writing, ::testing::TempDir() + "writer.err");
  int answered = 0;
  for (int i = 0; i < 5; ++i) {
    auto r = harness::run_command("curl", {"-s", "-o", "/dev/null", "-w", "%{http_code}", base + "/api/run/1"}, 60s);
    if (r && r->out.rfind("200", 0) == 0) ++answered;
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(answered, 5);
  while (writer->read_line(line, 120s) == harness::ReadStatus::LINE) {
  }
  EXPECT_EQ(writer->stop(5000ms), 0);

  const std::string runs = body_tag(base + "/");
  EXPECT_NE(runs.find("<body"), std::string::npos) << runs;
  const std::string live = body_tag(base + "/run/1");
  EXPECT_NE(live.find(MATCH_PLOTS), std::string::npos) << live;
  EXPECT_NE(live.find("data-errors=\"0\""), std::string::npos) << live;
  const std::string second = body_tag(base + "/run/2#replay=1");  // the dashboard fetches the game's moves
  EXPECT_NE(second.find("data-errors=\"0\""), std::string::npos) << second;
  EXPECT_NE(second.find("data-replay=\"1:"), std::string::npos) << second;
  screenshot(base + "/run/1", "dashboard-run");
  ::kill(server->pid(), SIGINT);
  EXPECT_EQ(server->stop(10000ms), 0);
}

// A test of two commits with an SPRT: the dashboard's tests page draws its row (dev's subject,
// the LLR bar between its bounds) and the run's page its "Commits tested" table.
TEST(ReportInABrowser, TheTestsPageListsATestOfCommitsWithItsLlrBar) {
  const std::string db = temp_db("tests_page_browser");
  GitRepo repo(std::filesystem::path(db).parent_path().string() + "/repo");
  const std::string copy = "cp engine.sh \"$1\" && chmod +x \"$1\"\n";
  repo.commit({{"engine.sh", wrapper(std::string(ENGINE_PATH) + " --version v0.2")}, {"build.sh", copy}}, "base: v0.2");
  repo.commit({{"engine.sh", wrapper(std::string(ENGINE_PATH) + " --version dev")}}, "dev: a stronger search");
  HarnessRun played = run_harness({"test",
                                   "--repo",
                                   repo.dir(),
                                   "--dev",
                                   "HEAD",
                                   "--base",
                                   "HEAD~1",
                                   "--build",
                                   "sh build.sh {out}",
                                   "--bench-args",
                                   "bench 5",
                                   "--nodes",
                                   "1500",
                                   "--games",
                                   "8",
                                   "--sprt",
                                   "elo0=0 elo1=10",
                                   "--concurrency",
                                   "2",
                                   "--db",
                                   db},
                                  300s);
  ASSERT_EQ(played.exit_code, 0) << played.out;
  auto server = start_harness({"serve", "--db", db, "--port", "0"}, ::testing::TempDir() + "serve-tests.err");
  std::string line;
  ASSERT_EQ(server->read_line(line, 60s), harness::ReadStatus::LINE);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(line, m, std::regex("http://127\\.0\\.0\\.1:(\\d+)/"))) << line;
  const std::string base = "http://127.0.0.1:" + m[1].str();

  const std::string dom = page_dom(base + "/tests");
  EXPECT_NE(dom.find("data-rows=\"1\""), std::string::npos) << dom.substr(0, 3000);
  EXPECT_NE(dom.find("data-errors=\"0\""), std::string::npos) << dom.substr(0, 3000);
  EXPECT_NE(dom.find("dev-" + repo.sha("HEAD").substr(0, 8) + " dev: a stronger search"), std::string::npos)
      << dom.substr(0, 3000);
  EXPECT_TRUE(std::regex_search(dom, std::regex("<div class=\"fill\" style=\"width: [0-9.]+%;\"></div></div> -?[0-9]+\\.[0-9]{2} "
                                                "\\(-2\\.94, 2\\.94\\) elo0=0 elo1=10")))
      << dom.substr(0, 3000);
  screenshot(base + "/tests", "dashboard-tests");
  const std::string run = page_dom(base + "/run/1");
  EXPECT_NE(run.find("Commits tested"), std::string::npos);
  EXPECT_NE(run.find(repo.sha("HEAD~1").substr(0, 12)), std::string::npos) << "the base commit's id in the table";
  ::kill(server->pid(), SIGINT);
  EXPECT_EQ(server->stop(10000ms), 0);
}

TEST(ReportInABrowser, BadRunsGetOneClearMessage) {
  const std::string db = played_match("report_bad");
  HarnessRun unknown = run_harness({"report", "7", "--db", db});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.out.find("no run 7 in "), std::string::npos) << unknown.out;
  HarnessRun missing = run_harness({"report", "1", "--db", db + ".nothere"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.out.find("no such database"), std::string::npos) << missing.out;
  EXPECT_FALSE(std::filesystem::exists(db + ".nothere"));
}

}  // namespace

namespace {

TEST(ReportInABrowser, PerftAndTwoEpdRunsAreTablesWithFailuresFirst) {
  const std::string db = temp_db("report_suites");
  const std::string perft = ::testing::TempDir() + "report-perft.epd", epd = ::testing::TempDir() + "report-tactics.epd";
  // The second position's count is wrong on purpose (it has one legal move): the table puts it first.
  std::ofstream(perft) << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400\n"
                       << "8/8/8/8/8/8/8/K1k5 w - - ;D1 4\n";
  std::ofstream(epd) << "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"mate in one\";\n"
                     << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm h4; id \"not the best\";\n";
  EXPECT_EQ(run_harness({"perft", perft, "--engine", "builtin", "--db", db}).exit_code, 1);  // a wrong count
  for (const char* depth : {"1", "3"}) {
    HarnessRun e = run_harness({"epd", epd, "--engine", "dev", "--depth", depth, "--db", db});
    ASSERT_EQ(e.exit_code, 0) << e.out;
  }
  const std::string page = ::testing::TempDir() + "suites-report.html";
  HarnessRun r = run_harness({"report", "1", "2", "3", "--db", db, "-o", page});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string body = body_tag("file://" + page);
  EXPECT_NE(body.find("data-errors=\"0\""), std::string::npos) << body;
  std::ifstream in(page);
  const std::string html((std::istreambuf_iterator<char>(in)), {});
  // Failures first in the data the tables are drawn from.
  const std::size_t failed = html.find("\"expected\":4,"), passed = html.find("\"expected\":20,");
  ASSERT_NE(failed, std::string::npos);
  EXPECT_LT(failed, passed);
  screenshot("file://" + page, "suites-report");
}

}  // namespace
