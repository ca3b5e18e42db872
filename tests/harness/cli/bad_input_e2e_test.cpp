// Bad command lines are refused with one clear message and exit status 2, before anything is
// recorded: the database holds no run afterwards (or does not exist at all).
#include <gtest/gtest.h>

#include "support/harness_cli.h"

namespace {

struct BadInput {
  const char* name;
  std::vector<std::string> args;  // after "match --engine A --engine B --games 2 --db DB"
  const char* message;            // a part of the one-line message
};

class RefusedBeforeAnythingIsRecorded : public ::testing::TestWithParam<BadInput> {};

TEST_P(RefusedBeforeAnythingIsRecorded, ExitTwoAndNoRun) {
  const BadInput& b = GetParam();
  std::string db = temp_db(std::string("bad_") + b.name);
  std::vector<std::string> args = {"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2",
                                   "--db",  db};
  args.insert(args.end(), b.args.begin(), b.args.end());
  HarnessRun r = run_harness(args);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(b.message), std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;  // one line
  if (std::filesystem::exists(db)) {
    EXPECT_TRUE(harness::Database::open(db).value()->runs().value().empty());
  }
}

INSTANTIATE_TEST_SUITE_P(
    Harness, RefusedBeforeAnythingIsRecorded,
    ::testing::Values(BadInput{"plies", {"--plies", "-1"}, "--plies must be 0"},
                      BadInput{"timemargin", {"--timemargin", "-5"}, "--timemargin must be 0 or more"},
                      BadInput{"draw", {"--draw", "movenumber=40"}, "--draw: missing 'movecount', 'score'"},
                      BadInput{"resign", {"--resign", "movecount=0 score=600"}, "--resign: 'movecount' must be at least 1"},
                      BadInput{"tc_huge", {"--tc", "1e18"}, "time control '1e18'"},
                      BadInput{"tc_tiny", {"--tc", "0.0000001"}, "time control '0.0000001'"},
                      BadInput{"engine_missing", {"--engine", "name=c cmd=/no/such/engine"}, "match needs exactly two engines"},
                      BadInput{"option_space",
                               {"--engine", "name=c cmd=x option.Skill Level=3"},
                               "(a key with a space is quoted as one word: 'option.Skill Level=3')"},
                      BadInput{"sprt_key", {"--sprt", "elo0=0 elo1=5 alpah=0.05 beta=0.05"}, "did you mean 'alpha'"},
                      BadInput{"sprt_half", {"--sprt", "elo0=0"}, "--sprt: missing 'elo1'"},
                      BadInput{"misspelt_flag", {"--game", "4"}, "not expected: --game (did you mean '--games'?)"},
                      BadInput{"concurrency", {"--concurrency", "0"}, "--concurrency must be from 1 to 1024, got 0"},
                      BadInput{"ponder_nodes", {"--nodes", "100", "--ponder"}, "--ponder needs a clock time control"}),
    [](const ::testing::TestParamInfo<BadInput>& param) { return std::string(param.param.name); });

TEST(BadInput, AnEngineThatCannotStartLeavesNoRun) {
  std::string db = temp_db("bad_engine_start");
  HarnessRun r = run_harness(
      {"match", "--engine", "name=a cmd=/no/such/engine", "--engine", mock("b", "random"), "--games", "2", "--db", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("engine 'a': cannot start '/no/such/engine': no such file"), std::string::npos) << r.out;
  if (std::filesystem::exists(db)) {
    EXPECT_TRUE(harness::Database::open(db).value()->runs().value().empty());
  }
}

TEST(BadInput, ReadingCommandsDoNotCreateADatabase) {
  const std::string missing = ::testing::TempDir() + "no_such_dir/none.sqlite";
  for (std::vector<std::string> args : {std::vector<std::string>{"runs"}, {"show", "1"}, {"pgn", "1"}, {"resume", "1"}}) {
    args.insert(args.end(), {"--db", missing});
    HarnessRun r = run_harness(args);
    EXPECT_EQ(r.exit_code, 2) << args[0] << ": " << r.out;
    EXPECT_NE(r.out.find(missing + ": no such database"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(missing)) << args[0];
  }
}

}  // namespace

namespace {

// The tuner already checked option names against the engine's own list; a match does too.
TEST(BadInput, AnOptionTheEngineDoesNotHaveIsRefusedWithTheNearestName) {
  std::string db = temp_db("bad_option");
  HarnessRun r = run_harness({"match", "--engine", "name=sf cmd=/usr/games/stockfish option.Hsh=16", "--engine",
                              mock("b", "random"), "--games", "2", "--db", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("engine 'sf': the engine has no option 'Hsh' (did you mean option.Hash=16?)"), std::string::npos) << r.out;
  if (std::filesystem::exists(db)) {
    EXPECT_TRUE(harness::Database::open(db).value()->runs().value().empty());
  }
  HarnessRun range = run_harness({"match", "--engine", "name=sf cmd=/usr/games/stockfish option.Hash=0", "--engine",
                                  mock("b", "random"), "--games", "2", "--db", db});
  EXPECT_EQ(range.exit_code, 2) << range.out;
  EXPECT_NE(range.out.find("engine 'sf': "), std::string::npos) << range.out;
}

// A third game would have no partner with colours reversed: it never counts in the pentanomial.
TEST(BadInput, AMatchOfAnOddNumberOfGamesIsRefused) {
  std::string db = temp_db("odd_games");
  HarnessRun r =
      run_harness({"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "3", "--db", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--games must be even: games are played in pairs with colours reversed, got 3"), std::string::npos)
      << r.out;
  EXPECT_FALSE(std::filesystem::exists(db));
}

TEST(BadInput, TheProgramAloneListsItsCommands) {
  HarnessRun r = run_harness({});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  for (const char* command : {"match", "tournament", "runs", "show", "perft", "epd", "report", "cluster"})
    EXPECT_NE(r.out.find(std::string("  ") + command + " "), std::string::npos) << command << "\n" << r.out;
}

TEST(BadInput, ARunIsGivenByItsNumber) {
  HarnessRun r = run_harness({"show", "abc", "--db", temp_db("run_number")});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("a run is given by its number (see 'harness runs'), got 'abc'"), std::string::npos) << r.out;
}

}  // namespace

namespace {

std::string read_all(harness::ChildProcess& p) {
  std::string out, line;
  while (p.read_line(line, std::chrono::steady_clock::now() + 60s) == harness::ReadStatus::LINE) out += line + "\n";
  return out;
}

// Run from any folder, the harness uses the project's database, as it uses the project's
// registry and book: not a ./results/harness.sqlite of wherever it was started.
TEST(BadInput, TheDefaultDatabaseIsTheProjectsFromAnyFolder) {
  const std::string elsewhere = ::testing::TempDir() + "elsewhere/";
  std::filesystem::create_directories(elsewhere);
  const std::string err = ::testing::TempDir() + "elsewhere.err";
  auto p = harness::ChildProcess::start({HARNESS_PATH, {"show", "999999"}, elsewhere, err}).value();
  std::string out = read_all(*p);
  EXPECT_EQ(p->stop(5000ms), 2);
  std::ifstream e(err);
  out += std::string(std::istreambuf_iterator<char>(e), {});
  const std::string project_db = (std::filesystem::path(PROJECT_DIR) / "results" / "harness.sqlite").lexically_normal().string();
  EXPECT_NE(out.find(project_db), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(elsewhere + "results"));
}

TEST(BadInput, APgnOfARunWithoutGamesIsAnError) {
  const std::string db = temp_db("pgn_of_perft");
  const std::string suite = ::testing::TempDir() + "pgn_of_perft.epd";
  std::ofstream(suite) << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n";
  ASSERT_EQ(run_harness({"perft", suite, "--db", db}).exit_code, 0);
  HarnessRun r = run_harness({"pgn", "1", "--db", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("run 1 is a perft run: it has no games"), std::string::npos) << r.out;
}

// A name, an event or a site with a newline would print a line frameworks parse as a result,
// and break a PGN tag: each is refused at the door, by every door, and no such line is printed.
TEST(BadInput, ANameCannotForgeALine) {
  const std::string forged = "x\nFinished game 99 (x vs y): 1-0 {fake}";
  const std::string db = temp_db("forged_name");
  const std::string spec = "'name=" + forged + "' cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=random";
  const std::vector<std::vector<std::string>> doors = {
      {"match", "--engine", spec, "--engine", mock("b", "random"), "--games", "2", "--db", db},
      {"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2", "--event", forged, "--db", db},
      {"fastchess", "-engine", std::string("cmd=") + MOCK_ENGINE_PATH, "name=" + forged, "-engine",
       std::string("cmd=") + MOCK_ENGINE_PATH, "name=b", "-each", "tc=inf", "nodes=100", "proto=uci", "-openings",
       std::string("file=") + PROJECT_DIR + "/suites/openings.epd", "-db", db},
      {"fastchess", "-engine", std::string("cmd=") + MOCK_ENGINE_PATH, "name=a", "-engine",
       std::string("cmd=") + MOCK_ENGINE_PATH, "name=b", "-each", "tc=inf", "nodes=100", "proto=uci", "-openings",
       std::string("file=") + PROJECT_DIR + "/suites/openings.epd", "-site", forged, "-db", db}};
  for (const auto& args : doors) {
    HarnessRun r = run_harness(args);
    EXPECT_NE(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("holds a control character"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("x\\nFinished game 99"), std::string::npos) << "shown escaped\n" << r.out;
    EXPECT_EQ(r.out.find("\nFinished game 99"), std::string::npos) << r.out;
    if (std::filesystem::exists(db)) {
      EXPECT_TRUE(harness::Database::open(db).value()->runs().value().empty());
    }
  }
}

TEST(BadInput, ANameThatIsNotUtf8IsRefusedAtEveryDoor) {
  const std::string latin1 = "M\xFCller";  // a command line or configuration in Latin-1: it aborted the run before
  const std::string db = temp_db("latin1_name");
  const std::string book = std::string("file=") + PROJECT_DIR + "/suites/openings.epd";
  const std::string fastchess_engine = std::string("cmd=") + MOCK_ENGINE_PATH;
  const std::vector<std::vector<std::string>> doors = {
      {"match", "--engine", "name=" + latin1 + " cmd=" + MOCK_ENGINE_PATH + " arg=random", "--engine", mock("b", "random"),
       "--games", "2", "--db", db},
      {"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2", "--event", latin1, "--db", db},
      {"fastchess", "-engine", fastchess_engine, "name=" + latin1, "-engine", fastchess_engine, "name=b", "-each", "tc=inf",
       "nodes=100", "proto=uci", "-openings", book, "-db", db},
      {"fastchess", "-engine", fastchess_engine, "name=a", "-engine", fastchess_engine, "name=b", "-each", "tc=inf", "nodes=100",
       "proto=uci", "-openings", book, "-event", latin1, "-db", db},
      {"cutechess", "-engine", fastchess_engine, "name=a", "proto=uci", "-engine", fastchess_engine, "name=b", "proto=uci",
       "-each", "tc=inf", "nodes=100", "-openings", book, "-site", latin1, "-db", db}};
  for (const auto& args : doors) {
    HarnessRun r = run_harness(args);
    EXPECT_NE(r.exit_code, 0) << r.out;
    EXPECT_LT(r.exit_code, 128) << "no abort\n" << r.out;
    EXPECT_NE(r.out.find("'M\\xfcller' is not UTF-8 text (byte 0xFC at offset 1)"), std::string::npos) << r.out;
    if (std::filesystem::exists(db)) {
      EXPECT_TRUE(harness::Database::open(db).value()->runs().value().empty());
    }
  }
}

}  // namespace
