// Bad command lines are refused with one clear message and exit status 2, before anything is
// recorded: the database holds no run afterwards (or does not exist at all).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "core/bounded_read.h"
#include "process/command.h"
#include "support/git_repo.h"
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

// An EvalFile the engine cannot load: before, it played its default weights and the run
// measured them; now the engine stops at isready, and the run does not begin, quoting it.
TEST(BadInput, AnEvalFileTheEngineCannotLoadStopsTheRunBeforeItBegins) {
  std::string db = temp_db("bad_evalfile");
  HarnessRun r = run_harness({"match", "--engine", "name=a cmd=" + std::string(ENGINE_PATH) + " option.EvalFile=/nonexistent",
                              "--engine", mock("b", "random"), "--games", "2", "--db", db},
                             120s);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("engine 'a' exited instead of answering 'isready'; its last line: 'info string ERROR: option EvalFile: "
                       "/nonexistent: cannot open"),
            std::string::npos)
      << r.out;
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

// A path, a command or an option's value that is not UTF-8 (a Latin-1 file name, say) cannot be
// stored in a run's JSON settings: each door refuses it by its setting, and nothing is stored.
// Before, nlohmann's dump threw when the run was stored and the harness aborted (found by
// foreign_command_line_fuzz; harness bisect aborted the same way on a --build command).
TEST(BadInput, APathOrAValueThatIsNotUtf8IsRefusedByItsSetting) {
  const std::string latin1 = "M\xFCller";
  const std::string db = temp_db("latin1_values");
  const std::string book = std::string("file=") + PROJECT_DIR + "/suites/openings.epd";
  const std::string engine = std::string("cmd=") + MOCK_ENGINE_PATH;
  GitRepo repo(::testing::TempDir() + "latin1_bisect_repo");
  repo.commit({{"a.txt", "1"}}, "good");
  repo.commit({{"a.txt", "2"}}, "bad");
  const std::string suite = ::testing::TempDir() + "perft-" + latin1 + ".epd";
  std::ofstream(suite) << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n";
  const std::vector<std::pair<std::vector<std::string>, std::string>> doors = {
      {{"fastchess", "-engine", engine, "name=a", "option.SyzygyPath=/tb/" + latin1, "-engine", engine, "name=b", "-each",
        "tc=inf", "nodes=100", "proto=uci", "-openings", book, "-db", db},
       "-engine engine 'a' option 'SyzygyPath': '/tb/M\\xfcller' is not UTF-8 text (byte 0xFC at offset 5)"},
      {{"cutechess", "-engine", engine, "name=a", "proto=uci", "dir=/tmp/" + latin1, "-engine", engine, "name=b", "proto=uci",
        "-each", "tc=inf", "nodes=100", "-openings", book, "-db", db},
       "-engine engine 'a' 'working_dir': '/tmp/M\\xfcller' is not UTF-8 text"},
      {{"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2", "--pgn",
        ::testing::TempDir() + latin1 + ".pgn", "--db", db},
       "--pgn '"},
      {{"bisect", "--repo", repo.dir(), "--good", "HEAD~1", "--bad", "HEAD", "--bench", "--build", "make " + latin1 + " {out}",
        "--db", db},
       "--build 'make M\\xfcller {out}' is not UTF-8 text (byte 0xFC at offset 6)"},
      {{"perft", suite, "--db", db}, "'suite' '"}};
  for (const auto& [args, message] : doors) {
    HarnessRun r = run_harness(args);
    EXPECT_EQ(r.exit_code, 2) << "refused as the command line's error, not aborted: " << args[0] << "\n" << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << args[0] << "\n" << r.out;
    EXPECT_NE(r.out.find("is not UTF-8 text"), std::string::npos) << r.out;
    if (std::filesystem::exists(db)) {
      EXPECT_TRUE(harness::Database::open(db).value()->runs().value().empty()) << args[0];
    }
  }
}

// A device or a runaway file given as a book, a game file or a configuration ends in an error
// naming it, in bounded memory: each run has 2 GiB of address space (ulimit -v), which reading
// /dev/zero whole would pass within seconds (before: 16.7 GB in 116 s, SIGTERM ignored). A
// device given as a book or a configuration is refused as one, before it is read; a runaway
// regular file (sparse, of zeros) ends at the bound of its kind.
TEST(BadInput, DevicesAndRunawayFilesEndInAnErrorInBoundedMemory) {
  const std::string db = temp_db("runaway_files");
  const std::string engine = std::string("cmd=") + MOCK_ENGINE_PATH;
  auto limited = [](const std::vector<std::string>& args) {
    std::string command = "ulimit -v 2097152; exec '" + std::string(HARNESS_PATH) + "'";
    for (const std::string& a : args) command += " '" + a + "'";
    return harness::run_command("bash", {"-c", command}, 120s);
  };
  // Books are read by their names' extensions: links with those names to /dev/zero.
  const std::string dir = std::filesystem::path(db).parent_path().string();
  std::filesystem::create_directories(dir);
  for (const char* name : {"/zero.epd", "/zero.pgn"}) {
    std::filesystem::remove(dir + name);
    std::filesystem::create_symlink("/dev/zero", dir + name);
  }
  const std::pair<const char*, std::uintmax_t> runaway[] = {
      {"/runaway.epd", 2 * chess::MIB}, {"/runaway.pgn", 80 * chess::MIB}, {"/runaway.json", 80 * chess::MIB}};
  for (const auto& [name, size] : runaway) {
    std::ofstream(dir + name, std::ios::trunc).flush();
    std::filesystem::resize_file(dir + name, size);  // sparse: no disk, all zeros
  }
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--openings", dir + "/zero.epd", "--db", db},
       dir + "/zero.epd: is a character device, not a regular file: not a plausible opening book"},
      {{"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--openings", dir + "/runaway.epd", "--db",
        db},
       dir + "/runaway.epd:1: a line of more than 1 MiB in the opening book"},
      {{"fastchess", "-engine", engine, "name=a", "-engine", engine, "name=b", "-each", "tc=inf", "nodes=100", "proto=uci",
        "-openings", "file=" + dir + "/zero.pgn", "format=pgn", "-db", db},
       dir + "/zero.pgn: is a character device, not a regular file: not a plausible opening book"},
      {{"fastchess", "-engine", engine, "name=a", "-engine", engine, "name=b", "-each", "tc=inf", "nodes=100", "proto=uci",
        "-openings", "file=" + dir + "/runaway.pgn", "format=pgn", "-db", db},
       dir + "/runaway.pgn:1: a line of more than 64 MiB: not a PGN file"},
      {{"import", "/dev/zero", "--db", db}, "/dev/zero:1: a line of more than 64 MiB: not a PGN file"},
      {{"match", "v0.2", "dev", "--registry", "/dev/zero", "--db", db}, "/dev/zero: is a character device, not a regular file"},
      {{"match", "v0.2", "dev", "--registry", dir + "/runaway.json", "--db", db},
       dir + "/runaway.json: more than 64 MiB: not a plausible"},
  };
  for (const auto& [args, message] : cases) {
    auto r = limited(args);
    ASSERT_TRUE(r) << r.error();
    EXPECT_GE(r->exit_code, 1) << args[0] << " " << r->out << r->err;
    EXPECT_LT(r->exit_code, 128) << "no abort: " << r->out << r->err;
    EXPECT_NE((r->out + r->err).find(message), std::string::npos) << r->out << r->err;
  }
}

// A FIFO with no writer given as an opening book (EPD, PGN, Polyglot) or a suite is refused at
// once, by name, and nothing is recorded (before, open() waited for a writer for ever, and the
// harness with it).
TEST(BadInput, AFifoGivenAsABookOrASuiteIsRefusedAtOnceByName) {
  const std::string db = temp_db("fifo_inputs");
  const std::string dir = std::filesystem::path(db).parent_path().string();
  auto fifo = [&dir](const std::string& name) {
    const std::string path = dir + "/" + name;
    std::filesystem::remove(path);
    EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0) << path;
    return path;
  };
  const std::string epd = fifo("book.epd"), pgn = fifo("book.pgn"), bin = fifo("book.bin"), suite = fifo("suite.epd");
  auto match = [&db](const std::string& book) {
    return std::vector<std::string>{"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2",
                                    "--openings", book, "--db", db};
  };
  const std::string not_regular = ": is a FIFO, not a regular file: not a plausible ";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {match(epd), epd + not_regular + "opening book"},
      {match(pgn), pgn + not_regular + "opening book"},
      {match(bin), bin + not_regular + "opening book"},
      {{"perft", suite, "--engine", "builtin", "--db", db}, suite + not_regular},
      {{"epd", suite, "--engine", mock("e", "random"), "--db", db}, suite + not_regular},
  };
  for (const auto& [args, message] : cases) {
    const auto start = std::chrono::steady_clock::now();
    HarnessRun r = run_harness(args, 10s);
    EXPECT_TRUE(std::chrono::steady_clock::now() - start < 5s) << args[0] << " waited for a writer";
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << r.out;
  }
  if (std::filesystem::exists(db)) {
    EXPECT_TRUE(harness::Database::open(db).value()->runs().value().empty());
  }
  for (const std::string& path : {epd, pgn, bin, suite}) std::filesystem::remove(path);
}

// An error about a word of an "@FILE" names the file and the line (before, neither), and a
// folder given as one is refused as a folder (before, read as an empty file: its words vanished
// and the message was about something else).
TEST(BadInput, ArgumentFilesAreNamedWithTheLineAndAFolderIsRefused) {
  const std::string db = temp_db("argument_files");
  const std::string dir = std::filesystem::path(db).parent_path().string();
  const std::string each = dir + "/each.txt", engine = dir + "/engine.txt", folder = dir + "/options";
  std::ofstream(each) << "tc=10+0.1\n# a comment\nbogus=1\n";
  std::ofstream(engine) << "name=a\ncmd=" << MOCK_ENGINE_PATH << "\nfoo=bar\n";
  std::filesystem::create_directories(folder);
  const std::string mock_engine = std::string("cmd=") + MOCK_ENGINE_PATH;
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"fastchess", "-engine", mock_engine, "name=a", "-engine", mock_engine, "name=b", "-each", "@" + each, "-openings",
        std::string("file=") + PROJECT_DIR + "/suites/openings.epd", "-db", db},
       "harness: @" + each + ":3: -each: unknown key 'bogus'"},
      {{"match", "--engine", "@" + engine, "--engine", mock("b", "random"), "--games", "2", "--db", db},
       "harness: --engine: @" + engine + ":3: unknown key 'foo'"},
      {{"match", "--engine", "name=a " + mock_engine + " @" + folder, "--engine", mock("b", "random"), "--games", "2", "--db",
        db},
       "harness: --engine: @" + folder + ": is a directory, not a regular file: not a plausible argument file"},
      {{"fastchess", "-engine", mock_engine, "name=a", "-engine", mock_engine, "name=b", "-each", "@" + folder, "-db", db},
       "harness: fastchess: @" + folder + ": is a directory, not a regular file: not a plausible argument file"},
  };
  for (const auto& [args, message] : cases) {
    HarnessRun r = run_harness(args, 30s);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << r.out;
  }
  if (std::filesystem::exists(db)) {
    EXPECT_TRUE(harness::Database::open(db).value()->runs().value().empty());
  }
}

// Appending to /dev/full, which reads as zeros without end: the run ends, says why, and its
// games are in the database (before: a core spun for 10 minutes reading the "existing" PGN).
TEST(BadInput, APgnOutputThatCannotBeWrittenEndsTheRunWithAMessage) {
  const std::string db = temp_db("pgnout_full");
  const std::string engine = std::string("cmd=") + MOCK_ENGINE_PATH;
  HarnessRun r = run_harness({"fastchess",
                              "-engine",
                              engine,
                              "name=a",
                              "-engine",
                              engine,
                              "name=b",
                              "-each",
                              "tc=inf",
                              "nodes=100",
                              "proto=uci",
                              "-openings",
                              std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                              "-rounds",
                              "1",
                              "-games",
                              "2",
                              "-pgnout",
                              "file=/dev/full",
                              "append=true",
                              "-db",
                              db},
                             60s);
  EXPECT_NE(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("/dev/full: cannot write the game's PGN"), std::string::npos) << r.out;
}

// Output that cannot be written is said at once, and an output given the database's name (or an
// input's) is refused: the database is never overwritten by an export.
TEST(BadInput, OutputsThatCannotBeWrittenOrWouldReplaceAnInputAreRefused) {
  const std::string db = temp_db("outputs");
  auto match_with_pgn = [&](const std::string& pgn) {
    return run_harness({"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2", "--nodes",
                        "100", "--maxmoves", "20", "--pgn", pgn, "--db", db});
  };
  HarnessRun nowhere = match_with_pgn("/nonexistent/dir/x.pgn");
  EXPECT_EQ(nowhere.exit_code, 2) << nowhere.out;
  EXPECT_NE(nowhere.out.find("--pgn /nonexistent/dir/x.pgn: cannot be written (No such file or directory)"), std::string::npos)
      << nowhere.out;
  EXPECT_FALSE(std::filesystem::exists(db)) << "refused before a run is made";

  HarnessRun full = match_with_pgn("/dev/full");
  EXPECT_NE(full.exit_code, 0) << full.out;
  EXPECT_NE(full.out.find("--pgn /dev/full: cannot write the game's PGN (No space left on device)"), std::string::npos)
      << full.out;
  const auto stored = games_in(db);
  EXPECT_FALSE(stored.empty()) << "the games played are in the database";

  const auto size_before = std::filesystem::file_size(db);
  const std::vector<std::vector<std::string>> exports = {{"pgn", "1", "--db", db, "-o", db},
                                                         {"report", "1", "--db", db, "-o", db}};
  for (const auto& args : exports) {
    HarnessRun r = run_harness(args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("-o " + db + ": is a SQLite database (a results database?), which is not overwritten"),
              std::string::npos)
        << r.out;
  }
  EXPECT_EQ(std::filesystem::file_size(db), size_before);
  EXPECT_EQ(games_in(db).size(), stored.size()) << "the database still opens with its games";

  const std::string fresh = std::filesystem::path(db).parent_path().string() + "/fresh.sqlite";  // not made yet
  HarnessRun into_db = run_harness(
      {"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2", "--pgn", fresh, "--db", fresh});
  EXPECT_EQ(into_db.exit_code, 2) << into_db.out;
  EXPECT_NE(into_db.out.find("--pgn " + fresh + ": is also read by this command"), std::string::npos) << into_db.out;
  EXPECT_FALSE(std::filesystem::exists(fresh)) << "nothing is left behind";

  const std::string book = std::filesystem::path(db).parent_path().string() + "/book.epd";
  std::ofstream(book) << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
  HarnessRun same = run_harness({"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2",
                                 "--openings", book, "--pgn", book, "--db", db});
  EXPECT_EQ(same.exit_code, 2) << same.out;
  EXPECT_NE(same.out.find("--pgn " + book + ": is also read by this command (" + book + ")"), std::string::npos) << same.out;
}

}  // namespace
