#include "views/run_report.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "imports/pgn_import.h"
#include "views/html_page.h"
#include "run/match_config.h"
#include "support/synthetic_run.h"

namespace {

TEST(RunReport, AnEmptyRunAndARunOfAnotherKindGetOneClearMessage) {
  const std::string path = ::testing::TempDir() + "report_empty.sqlite";
  std::filesystem::remove(path);
  auto db = harness::Database::open(path).value();
  harness::MatchConfig c;
  c.engines = {harness::EngineConfig::named("a", "/bin/true"), harness::EngineConfig::named("b", "/bin/true")};
  const std::int64_t empty = db->create_run(harness::RunKind::MATCH, c.to_json()).value();
  const std::int64_t tuner = db->create_run({harness::RunKind::TUNER_METHOD, "pbil"}, "{}").value();
  auto r = harness::run_report(*db, {empty});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("run 1 has no finished games yet: nothing to report"), std::string::npos) << r.error();
  r = harness::run_report(*db, {tuner});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("run 2 is a tuner-pbil run"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("see 'tuner report'"), std::string::npos) << r.error();
  r = harness::run_report(*db, {9});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("no run 9 in "), std::string::npos) << r.error();
}

// One game pair, a win and a draw: the results block has an Elo (190.85) and no interval. The
// report's Elo curve has the same Elo, and no band, rather than "no estimate yet".
TEST(RunReport, TheEloCurveSaysWhatTheResultsBlockSays) {
  const std::string dir = ::testing::TempDir() + "report_pair/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "pair.pgn") << "[White \"A\"]\n[Black \"B\"]\n[Round \"1\"]\n[Result \"1-0\"]\n\n"
                                  << "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n"
                                  << "[White \"B\"]\n[Black \"A\"]\n[Round \"2\"]\n[Result \"1/2-1/2\"]\n\n"
                                  << "1. e4 e5 1/2-1/2\n\n";
  auto db = harness::Database::open(dir + "pair.sqlite").value();
  auto imported = harness::import_pgn_files({dir + "pair.pgn"}, *db, [](const std::string&) {});
  ASSERT_TRUE(imported) << imported.error();
  auto report = harness::run_report(*db, {imported->run_id});
  ASSERT_TRUE(report) << report.error();
  const nlohmann::json& section = (*report)["sections"][0];
  ASSERT_NE(section["summary_text"].get<std::string>().find("Elo: 190.85 +/- n/a"), std::string::npos) << section["summary_text"];
  const nlohmann::json& series = section["series"];
  ASSERT_FALSE(series["elo"].back().is_null());
  EXPECT_NEAR(series["elo"].back().get<double>(), 190.85, 0.01);
  EXPECT_TRUE(series["lo"].back().is_null());
}

// A gauntlet of one round (dev against b, then against c), stored as the runner stores it.
std::int64_t store_gauntlet(harness::Database& db) {
  harness::MatchConfig c;
  c.kind = harness::TournamentKind::GAUNTLET;
  c.engines = {harness::EngineConfig::named("dev", "/bin/true"), harness::EngineConfig::named("b", "/bin/true"),
               harness::EngineConfig::named("c", "/bin/true")};
  c.openings_path = "openings.epd";
  const std::int64_t run = db.create_run(harness::RunKind::TOURNAMENT, c.to_json()).value();
  const char* const players[4][2] = {{"dev", "b"}, {"b", "dev"}, {"dev", "c"}, {"c", "dev"}};
  const chess::GameResult results[4] = {chess::GameResult::WHITE_WINS, chess::GameResult::DRAW, chess::GameResult::BLACK_WINS,
                                        chess::GameResult::DRAW};
  for (int i = 0; i < 4; ++i) {
    harness::GameRecord g;
    g.game_index = i;
    g.pair_index = i / 2;
    g.white = players[i][0];
    g.black = players[i][1];
    g.opening.fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.moves.push_back({"g1f3", "Nf3", 40, true, 10, 0, 8, 90000, false});
    g.result = results[i];
    g.end = harness::GameEnd::ADJUDICATED_MAX_MOVES;
    g.reason = "adjudicated: move limit";
    g.time_control = "10+0.1";
    g.started_at = g.finished_at = "2026-01-01T00:00:00Z";
    auto id = [&](const std::string& name) { return db.engine_id(c.engines[name == "dev" ? 0 : name == "b" ? 1 : 2]).value(); };
    (void)db.save_game(run, g, id(g.white), id(g.black)).value();
  }
  (void)db.update_run(run, harness::RunStatus::FINISHED, "").value();
  return run;
}

// A gauntlet's report gives its result per opponent, whatever summary the run stored.
TEST(RunReport, AGauntletsResultsAreGivenPerOpponent) {
  const std::string path = ::testing::TempDir() + "report_gauntlet.sqlite";
  harness::Database::remove_files(path);
  auto db = harness::Database::open(path).value();
  auto report = harness::run_report(*db, {store_gauntlet(*db)});
  ASSERT_TRUE(report) << report.error();
  const std::string text = (*report)["sections"][0]["summary_text"].get<std::string>();
  EXPECT_NE(text.find("Gauntlet of dev against each opponent"), std::string::npos) << text;
  EXPECT_NE(text.find("\nb                          2  1-0-1"), std::string::npos) << text;
  EXPECT_NE(text.find("\nc                          2  0-1-1"), std::string::npos) << text;
  EXPECT_NE(text.find("\nall opponents              4  1-1-2"), std::string::npos) << text;
}

}  // namespace

namespace {

// A name such as "<!--<script>" in the embedded JSON once put the HTML parser in its escaped
// script state: the rest of the page was script text, and no plot drew.
TEST(HtmlPage, EmbeddedJsonHoldsNoMarkupWhateverItsStrings) {
  const std::string hostile = "<!--<script>x</script>&amp; -->";
  const nlohmann::json report = {{"engines", {hostile, "b"}}, {"event", hostile}};
  const std::string safe = harness::script_safe(report.dump());
  for (const char* markup : {"<", ">", "&"}) EXPECT_EQ(safe.find(markup), std::string::npos) << markup << " in " << safe;
  EXPECT_EQ(nlohmann::json::parse(safe), report) << "the same JSON to the script that reads it";
  const std::string page = harness::html_page("t", report);
  EXPECT_EQ(page.find("<!--<script>"), std::string::npos);
}

// A report being made asks whether to give up every thousand games or so (a dashboard told to
// stop): the third ask of a 2,100-game run's report says yes, and the report is an error naming
// the run, not a page of the games read so far.
TEST(RunReport, AReportThatIsGivenUpIsAnErrorNotAPartPage) {
  const std::string path = ::testing::TempDir() + "report_given_up.sqlite";
  harness::Database::remove_files(path);
  auto db = harness::Database::open(path).value();
  const std::int64_t run = store_synthetic_match(*db, 2100);
  int asked = 0;
  auto r = harness::run_report(*db, {run}, false, [&] { return ++asked == 3; });
  ASSERT_FALSE(r);
  EXPECT_EQ(asked, 3);
  EXPECT_NE(r.error().find("the report of run 1 was abandoned"), std::string::npos) << r.error();
  asked = 0;
  r = harness::run_report(*db, {run}, false, [&] { return ++asked > 100; });
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(asked, 4) << "once before the games, then at games 1, 1025 and 2049";
  EXPECT_EQ((*r)["sections"][0]["games"].size(), 2100u);
}

}  // namespace
