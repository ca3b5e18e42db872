// The tuner with game fitness, end to end: the real tuner binary plays real engine games
// through the harness's match code and writes its rows into the harness's database.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "process/child_process.h"
#include "process/command.h"
#include "storage/tuner_database.h"
#include "support/browser.h"
#include "support/tuner_cli.h"

using namespace std::chrono_literals;

namespace {

TunerRun run_tuner_here(const std::vector<std::string>& args) {
  std::string err = ::testing::TempDir() + "tuner_e2e_stderr.txt";
  auto p = harness::ChildProcess::start({TUNER_PATH, args, "", err});
  if (!p) throw std::runtime_error(p.error());
  TunerRun r;
  std::string line;
  auto deadline = std::chrono::steady_clock::now() + 300s;
  while ((*p)->read_line(line, deadline) == harness::ReadStatus::LINE) r.out += line + "\n";
  r.exit_code = (*p)->stop(5000ms);
  std::ifstream e(err);
  r.out += std::string(std::istreambuf_iterator<char>(e), {});
  return r;
}

// A folder with an engine registry, two openings and a tuner configuration.
std::string games_workspace(const std::string& name, const std::string& fitness_extra, const std::string& rest) {
  std::string dir = ::testing::TempDir() + "tuner_e2e_" + name + "/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "engines.json") << R"({"engines": [{"name": "dev", "command": ")" << ENGINE_PATH
                                      << R"(", "args": ["--version", "dev"], "protocol": "uci", "options": {"Hash": 4}}]})";
  std::ofstream(dir + "openings.epd") << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n"
                                      << "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"d4\";\n";
  std::ofstream(dir + "eval.json") << R"({
    "name": "e2e",
    "parameters": [{"name": "bishop_pair_mg", "min": 0, "max": 60, "step": 4}],
    "fitness": {"type": "games", "registry": "engines.json", "openings": "openings.epd", "tc": "0.3+0.01",
                "games_per_individual": 2, "concurrency": 2)"
                                   << fitness_extra << "},\n"
                                   << rest << "}";
  return dir;
}

TEST(GameFitness, APbilRunPlaysGamesThroughTheHarnessAndStoresEveryRow) {
  std::string dir = games_workspace("pbil", "", R"("pbil": {"population": 2, "generations": 2, "seed": 1},
    "validation": {"games": 2, "tc": "0.3+0.01", "every": 1})");
  TunerRun r = run_tuner_here({"pbil", "--config", dir + "eval.json", "--db", dir + "t.sqlite", "--out", dir + "best.json"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("generation 2/2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("validation: tuned against start"), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::exists(dir + "best.json"));

  auto db = tuner::TunerDatabase::open(dir + "t.sqlite").value();
  std::int64_t tuner_run = 0;
  for (const harness::RunRow& run : db->runs().value())
    if (run.kind_text() == "tuner-pbil") tuner_run = run.id;
  ASSERT_NE(tuner_run, 0);
  EXPECT_EQ(db->run(tuner_run).value()->status_text(), "finished");
  ASSERT_EQ(db->generations(tuner_run).value().size(), 2u);
  for (int gen = 0; gen < 2; ++gen) {
    auto individuals = db->individuals(tuner_run, gen).value();
    ASSERT_EQ(individuals.size(), 2u);
    // A generation is one harness run: each individual plays one game pair against the
    // starting weights, every individual from the same opening.
    const std::int64_t run = individuals[0].match_run;
    ASSERT_NE(run, 0);
    auto games = db->games(run).value();
    ASSERT_EQ(games.size(), 4u);
    for (const harness::StoredGame& g : games) EXPECT_EQ(g.opening_fen, games[0].opening_fen);
    for (const tuner::IndividualRow& ind : individuals) {
      EXPECT_EQ(ind.match_run, run);
      const std::string name = "g" + std::to_string(gen + 1) + "-i" + std::to_string(ind.index);
      int played = 0;
      for (const harness::StoredGame& g : games) played += (g.white == name) + (g.black == name);
      EXPECT_EQ(played, 2) << name;
      EXPECT_GE(ind.fitness, -1.0);
      EXPECT_LE(ind.fitness, 0.0);
      EXPECT_NE(ind.weights.find("bishop_pair_mg"), std::string::npos);
    }
  }
  auto validations = db->validations(tuner_run).value();
  ASSERT_EQ(validations.size(), 2u);  // after generation 1 (every 1) and at the end
  EXPECT_EQ(validations[0].generation, 1);
  EXPECT_EQ(validations[1].generation, 2);
  EXPECT_EQ(db->games(validations[1].match_run).value().size(), 2u);

  // The report page: fitness, entropy, parameter paths and validations, each plot drawn.
  TunerRun report = run_tuner_here({"report", std::to_string(tuner_run), "--db", dir + "t.sqlite", "-o", dir + "tuner.html"});
  ASSERT_EQ(report.exit_code, 0) << report.out;
  const std::string body = body_tag("file://" + dir + "tuner.html");
  EXPECT_NE(body.find("data-plots=\"4\""), std::string::npos) << body;
  EXPECT_NE(body.find("data-errors=\"0\""), std::string::npos) << body;
  screenshot("file://" + dir + "tuner.html", "tuner-report");
  TunerRun wrong = run_tuner_here({"report", std::to_string(validations[0].match_run), "--db", dir + "t.sqlite"});
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.out.find("not a tuner run: see 'harness report"), std::string::npos) << wrong.out;

  TunerRun show = run_tuner_here({"show", std::to_string(tuner_run), "--db", dir + "t.sqlite"});
  EXPECT_EQ(show.exit_code, 0);
  EXPECT_NE(show.out.find("generation 2  best score "), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("validation after 2 generations: "), std::string::npos) << show.out;
  EXPECT_EQ(show.out.find("-0.0"), std::string::npos) << "an even validation is +0.0, as the run printed it: " << show.out;
  // What was written is stored with the run: the report shows those values as the final ones.
  auto written = db->result(tuner_run).value();
  ASSERT_TRUE(written);
  std::ifstream file(dir + "best.json");
  EXPECT_TRUE(file.good());
  EXPECT_EQ(written->path, dir + "best.json");
}

TEST(GameFitness, AnSpsaRunPlaysThetaPlusAgainstThetaMinus) {
  std::string dir =
      games_workspace("spsa", "", R"("spsa": {"iterations": 2, "games_per_iteration": 2}, "validation": {"games": 0})");
  TunerRun r = run_tuner_here({"spsa", "--config", dir + "eval.json", "--db", dir + "t.sqlite", "--out", dir + "best.json"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto db = tuner::TunerDatabase::open(dir + "t.sqlite").value();
  std::int64_t tuner_run = 0;
  for (const harness::RunRow& run : db->runs().value())
    if (run.kind_text() == "tuner-spsa") tuner_run = run.id;
  ASSERT_NE(tuner_run, 0);
  ASSERT_EQ(db->generations(tuner_run).value().size(), 2u);
  auto pair = db->individuals(tuner_run, 1).value();
  ASSERT_EQ(pair.size(), 2u);
  EXPECT_EQ(pair[0].match_run, pair[1].match_run);
  auto games = db->games(pair[0].match_run).value();
  ASSERT_EQ(games.size(), 2u);
  EXPECT_NE(games[0].white, games[0].black);
  EXPECT_NEAR(pair[0].fitness + pair[1].fitness, -1.0, 1e-9);  // the two scores add up to the games played
}

TEST(GameFitness, ConfigurationErrorsNameTheKeyBeforeAnyGame) {
  std::string dir = games_workspace("bad", R"(, "engine": "dve")", R"("validation": {"games": 0})");
  TunerRun r = run_tuner_here({"pbil", "--config", dir + "eval.json", "--db", dir + "t.sqlite"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("eval.json: fitness: 'engine': "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no engine named 'dve'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("nearest: dev"), std::string::npos) << r.out;
  auto db = tuner::TunerDatabase::open(dir + "t.sqlite");
  EXPECT_TRUE(!db || (*db)->runs().value().empty());  // nothing was started
}

// A folder whose tuner configuration tunes UCI options of the engine, given as a specification.
std::string options_workspace(const std::string& name, const std::string& parameters, const std::string& rest) {
  std::string dir = games_workspace(name, "", "");
  std::ofstream(dir + "options.json") << R"({
    "name": "opts",
    "parameters": )" << parameters << R"(,
    "fitness": {"type": "games", "engine": "name=dev cmd=)"
                                      << ENGINE_PATH << R"( arg=--version arg=dev option.Hash=4",
                "openings": "openings.epd", "tc": "0.3+0.01", "games_per_individual": 2, "concurrency": 2},
    )" << rest << "}";
  return dir;
}

TEST(GameFitness, SpsaTunesAnEnginesUciOptionsInBatchesOfIterations) {
  std::string dir = options_workspace("options",
                                      R"([{"option": "contempt", "min": -50, "max": 50, "step": 1, "c_end": 10},
                                          {"option": "Debug Log", "type": "check"}])",
                                      R"("spsa": {"iterations": 4, "batch": 2}, "validation": {"games": 2, "tc": "0.3+0.01"})");
  TunerRun r = run_tuner_here({"spsa", "--config", dir + "options.json", "--db", dir + "t.sqlite", "--out", dir + "best.json"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("2 options of dev"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("for harness --engine: option.Contempt="), std::string::npos) << r.out;
  std::ifstream best(dir + "best.json");
  const std::string written(std::istreambuf_iterator<char>(best), {});
  EXPECT_NE(written.find("\"contempt\""), std::string::npos) << written;
  auto db = tuner::TunerDatabase::open(dir + "t.sqlite").value();
  std::int64_t tuner_run = 0;
  for (const harness::RunRow& run : db->runs().value())
    if (run.kind_text() == "tuner-spsa") tuner_run = run.id;
  ASSERT_NE(tuner_run, 0);
  ASSERT_EQ(db->generations(tuner_run).value().size(), 4u);
  // Iterations 1 and 2 are one harness run of two game pairs (theta+ against theta- each).
  auto first = db->individuals(tuner_run, 0).value(), second = db->individuals(tuner_run, 1).value();
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].match_run, second[0].match_run);
  EXPECT_NE(first[0].match_run, db->individuals(tuner_run, 2).value()[0].match_run);
  auto games = db->games(first[0].match_run).value();
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].opening_fen, games[1].opening_fen);  // theta+ and theta- on the same opening
  for (const harness::StoredGame& g : games) {
    EXPECT_EQ(g.white.substr(0, 2), g.black.substr(0, 2)) << "k1 plays k1, k2 plays k2";
    EXPECT_NE(g.white, g.black);
  }
  // The values sent are the engine's: each individual's row holds them as the engine took them.
  EXPECT_NE(first[0].weights.find("\"contempt\":"), std::string::npos) << first[0].weights;
  EXPECT_NE(first[0].weights.find("\"Debug Log\":"), std::string::npos) << first[0].weights;
}

// Steps too small to move an option leave the result equal to the start: it is reported as such
// and no validation match (the start against itself) is played.
TEST(GameFitness, AResultEqualToTheStartIsSaidAndNotValidated) {
  std::string dir =
      options_workspace("unmoved", R"([{"option": "contempt", "min": -50, "max": 50, "step": 1, "c_end": 10, "r_end": 1e-9}])",
                        R"("spsa": {"iterations": 2, "batch": 2}, "validation": {"games": 2, "tc": "0.3+0.01"})");
  TunerRun r = run_tuner_here({"spsa", "--config", dir + "options.json", "--db", dir + "t.sqlite", "--out", dir + "best.json"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("result: equal to the start, value for value (nothing moved)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("validation: none played: the result is the start, value for value"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("validation: tuned against start"), std::string::npos) << r.out;
  auto db = tuner::TunerDatabase::open(dir + "t.sqlite").value();
  std::int64_t tuner_run = 0;
  for (const harness::RunRow& run : db->runs().value())
    if (run.kind_text() == "tuner-spsa") tuner_run = run.id;
  EXPECT_TRUE(db->validations(tuner_run).value().empty());
}

TEST(GameFitness, TunedOptionsAreCheckedAgainstTheEnginesOwnListBeforeAnything) {
  struct Case {
    std::string parameters, expected;
  };
  const Case cases[] = {
      {R"([{"option": "Contemp", "min": 0, "max": 10}])", "the engine has no option 'Contemp' (did you mean 'Contempt'?)"},
      {R"([{"option": "Contempt", "min": -500, "max": 10}])", "lies outside option 'Contempt''s own [-200, 200]"},
      {R"([{"option": "Debug Log", "min": 0, "max": 10}])", "is a check option; tuning it as 'spin' needs a spin option"},
      {R"([{"option": "Contempt", "min": 0.5, "max": 10, "scale": 10}])", "takes integers, so 'scale' must be 1"},
      // The name goes out in "setoption name NAME value V": a newline would send a command of its own.
      {R"([{"option": "Contempt value 1\nsetoption name Hash", "min": 0, "max": 10}])",
       "'option' 'Contempt value 1\\nsetoption name Hash' holds a control character"},
  };
  for (const Case& c : cases) {
    std::string dir = options_workspace("badoption", c.parameters, R"("validation": {"games": 0})");
    TunerRun r = run_tuner_here({"pbil", "--config", dir + "options.json", "--db", dir + "t.sqlite"});
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("options.json: parameters[0]: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(c.expected), std::string::npos) << r.out;
    auto db = tuner::TunerDatabase::open(dir + "t.sqlite");
    EXPECT_TRUE(!db || (*db)->runs().value().empty());  // nothing was recorded
  }
}

}  // namespace

namespace {

// `tuner pbil ... | head -1`: the reader goes away after the first line. The tuner is not
// killed by the broken pipe with its run left "running": it stops after the generation in
// progress, stored and resumable.
TEST(GameFitness, AClosedOutputStopsTheRunResumably) {
  std::string dir = games_workspace("closed_output", "", R"("pbil": {"population": 2, "generations": 4, "seed": 1})");
  const std::string command = std::string(TUNER_PATH) + " pbil --config " + dir + "eval.json --db " + dir +
                              "t.sqlite --no-validation --out " + dir + "best.json | head -1";
  auto r = harness::run_command("bash", {"-c", command}, 300s);
  ASSERT_TRUE(r) << r.error();
  auto db = tuner::TunerDatabase::open(dir + "t.sqlite").value();
  const auto runs = db->runs().value();
  ASSERT_FALSE(runs.empty());
  const harness::RunRow& tuner_run = runs.front();
  EXPECT_EQ(tuner_run.kind_text(), "tuner-pbil");
  EXPECT_EQ(tuner_run.status_text(), "stopped") << r->out;
  EXPECT_LT(db->generations(tuner_run.id).value().size(), 4u);
  TunerRun resumed = run_tuner_here({"pbil", "--config", dir + "eval.json", "--db", dir + "t.sqlite", "--no-validation",
                                     "--resume", "--out", dir + "best.json"});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.out;
  EXPECT_EQ(db->run(tuner_run.id).value()->status_text(), "finished");
}

}  // namespace

namespace {

// An OpenBench tune as OpenBench writes it: its parameter lines and its SPSA, the result in
// its form, the tuner's steps as events, and the result confirmed at two time controls.
TEST(GameFitness, AnOpenBenchTuneWritesItsFormAndIsConfirmedAtTwoTimeControls) {
  std::string dir = options_workspace("openbench", R"("contempt, int, 0, -50, 50, 10, 0.002\nMove Overhead, int, 10, 0, 20, 0, 0.002")",
                                      R"("spsa": {"style": "openbench", "iterations": 2, "pairs_per_iteration": 1}, "validation": {"games": 0})");
  TunerRun r =
      run_tuner_here({"spsa", "--config", dir + "options.json", "--db", dir + "t.sqlite", "--out", dir + "best.json", "--events",
                      dir + "events.jsonl", "--confirm", "stc=0.3+0.01 ltc=0.6+0.01 games=4 sprt='elo0=0 elo1=200'"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::ifstream lines(dir + "best.txt");
  const std::string written(std::istreambuf_iterator<char>(lines), {});
  EXPECT_NE(written.find("contempt, int, "), std::string::npos) << written;
  EXPECT_NE(written.find(", -50, 50, 10, 0.002\nMove Overhead, int, "), std::string::npos) << written;
  auto db = tuner::TunerDatabase::open(dir + "t.sqlite").value();
  std::int64_t tuner_run = 0;
  for (const harness::RunRow& run : db->runs().value())
    if (run.kind_text() == "tuner-spsa") tuner_run = run.id;
  const std::vector<tuner::ConfirmationRow> confirmations = db->confirmations(tuner_run).value();
  ASSERT_EQ(confirmations.size(), 2u);
  EXPECT_EQ(confirmations[0].label, "stc");
  EXPECT_EQ(confirmations[1].tc, "0.6+0.01");
  const std::size_t ltc_games = db->games(confirmations[1].match_run).value().size();
  EXPECT_TRUE(ltc_games == 2 || ltc_games == 4) << ltc_games << " games: at most 4, in pairs, to the SPRT's decision";
  for (const tuner::ConfirmationRow& c : confirmations)
    EXPECT_TRUE(c.verdict == "H0" || c.verdict == "H1" || c.verdict == "undecided") << c.verdict;
  TunerRun show = run_tuner_here({"show", std::to_string(tuner_run), "--db", dir + "t.sqlite"});
  EXPECT_NE(show.out.find("confirmation ltc 0.6+0.01: "), std::string::npos) << show.out;
  std::ifstream events(dir + "events.jsonl");
  int steps = 0, game_ends = 0;
  for (std::string line; std::getline(events, line);) {
    steps += line.find("\"event\":\"tuner_step\"") != std::string::npos;
    game_ends += line.find("\"event\":\"game_end\"") != std::string::npos;
  }
  EXPECT_EQ(steps, 2);
  EXPECT_GE(game_ends, 4 + 2 + 2) << "the iterations' games and the confirmations'";
}

// A perturbation that rounds to nothing is said before any game, naming the parameter, and
// refused with --strict before anything is recorded.
TEST(GameFitness, ASilentParameterIsDiagnosedBeforeAnyGame) {
  std::string dir = options_workspace("silent", R"("contempt,0,-50,50,0.2,0.002")", R"("spsa": {"iterations": 2}, "validation": {"games": 0})");
  TunerRun strict = run_tuner_here({"spsa", "--config", dir + "options.json", "--db", dir + "t.sqlite", "--strict"});
  EXPECT_EQ(strict.exit_code, 2) << strict.out;
  EXPECT_NE(strict.out.find("contempt: c_end 0.2 is below half a step (0.5): from iteration 1 of 2"), std::string::npos)
      << strict.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "t.sqlite"));
  TunerRun warned =
      run_tuner_here({"spsa", "--config", dir + "options.json", "--db", dir + "t.sqlite", "--out", dir + "best.json"});
  EXPECT_EQ(warned.exit_code, 0) << warned.out;
  EXPECT_NE(warned.out.find("Warning: " + dir + "options.json: contempt: c_end 0.2"), std::string::npos) << warned.out;
}

// A result named .txt, where the SPSA lines go beside it, is refused before the tune: nothing
// tuned, recorded or written. Before, the whole tune ran, wrote result.txt, then refused the
// name and exited 2.
TEST(GameFitness, AResultNamedLikeItsSpsaLinesIsRefusedBeforeTheTune) {
  std::string dir = options_workspace("out_txt", R"("contempt,0,-50,50,10,0.002")", R"("spsa": {"iterations": 2}, "validation": {"games": 0})");
  TunerRun r = run_tuner_here({"spsa", "--config", dir + "options.json", "--db", dir + "t.sqlite", "--out", dir + "result.txt"});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--out " + dir + "result.txt: the SPSA lines go beside the result, as .txt; name it .json"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("Tuner run"), std::string::npos) << "nothing tuned\n" << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "result.txt")) << "nothing written";
  EXPECT_FALSE(std::filesystem::exists(dir + "t.sqlite")) << "nothing recorded";
}

// A fishtest line whose int parameter starts at a fraction is refused naming the line, before
// anything is recorded: rounded, the tune would start elsewhere than the line says.
TEST(GameFitness, AFractionForAFishtestIntParameterIsRefusedByLine) {
  std::string dir = options_workspace("fraction", R"("contempt,0,-50,50,10,0.002\nlmr_base,73.5,0,200,10,0.002")",
                                      R"("spsa": {"iterations": 2}, "validation": {"games": 0})");
  TunerRun r = run_tuner_here({"spsa", "--config", dir + "options.json", "--db", dir + "t.sqlite", "--out", dir + "best.json"});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(dir + "options.json: parameters:2: value '73.5' of an int parameter is not an integer"), std::string::npos)
      << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "t.sqlite")) << "nothing recorded";
  EXPECT_FALSE(std::filesystem::exists(dir + "best.json"));
}

}  // namespace
