// harness fastchess and harness cutechess as their users' programs run them: the lines on
// standard output, the PGN with its CRC, the database behind it, a link named fastchess, and a
// refused option.
#include <gtest/gtest.h>

#include <boost/crc.hpp>
#include <cstdio>

#include "support/files.h"
#include "support/harness_cli.h"

namespace {

std::vector<std::string> fastchess_args(const std::string& dir, const std::string& db) {
  const std::string mock_cmd = std::string("cmd=") + MOCK_ENGINE_PATH;
  return {"fastchess",
          "-engine",
          mock_cmd,
          "args=first",
          "name=first",
          "-engine",
          mock_cmd,
          "args=random seed=3",
          "name=random",
          "-each",
          "tc=inf",
          "nodes=1000",
          "proto=uci",
          "-rounds",
          "3",
          "-games",
          "2",
          "-repeat",
          "-concurrency",
          "2",
          "-openings",
          std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
          "-maxmoves",
          "40",
          "-pgnout",
          "file=" + dir + "/games.pgn",
          "-crc32",
          "pgn=true",
          "-ratinginterval",
          "1",
          "-db",
          db};
}

TEST(ForeignFrontEnds, FastchessLinesPgnCrcAndTheDatabase) {
  const std::string db = temp_db("fastchess_front");
  const std::string dir = std::filesystem::path(db).parent_path().string();
  std::filesystem::remove(dir + "/games.pgn");
  HarnessRun r = run_harness(fastchess_args(dir, db));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (int n = 1; n <= 6; ++n) {
    EXPECT_NE(r.out.find("Started game " + std::to_string(n) + " of 6 ("), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Finished game " + std::to_string(n) + " ("), std::string::npos) << r.out;
  }
  EXPECT_NE(r.out.find("Results of first vs random (1000 nodes, NULL, NULL, openings.epd):"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Games: 6, Wins: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ptnml(0-2): ["), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nFinished match\n"), std::string::npos) << r.out;
  for (char c : r.out) EXPECT_TRUE(static_cast<unsigned char>(c) < 128) << "non-ASCII output";
  // No blank line: OpenBench's client stops reading at the first (the stderr note is at the end).
  EXPECT_EQ(r.out.find("\n\n"), std::string::npos) << r.out;
  // The last CRC printed is the whole file's, as Stockfish's worker checks it.
  const std::string pgn = testing_support::file_bytes(dir + "/games.pgn");
  boost::crc_32_type crc;
  crc.process_bytes(pgn.data(), pgn.size());
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%x", unsigned(crc.checksum()));
  const std::size_t last = r.out.rfind("has CRC32: ");
  ASSERT_NE(last, std::string::npos) << r.out;
  EXPECT_EQ(r.out.substr(last + 11, r.out.find('\n', last) - last - 11), hex);
  EXPECT_EQ(std::count(pgn.begin(), pgn.end(), '[') >= 6 * 8, true);
  EXPECT_NE(pgn.find("[Event \"Fastchess Tournament\"]"), std::string::npos);
  // Everything is in the database: the harness's own commands read the run.
  EXPECT_EQ(games_in(db).size(), 6u);
  HarnessRun show = run_harness({"show", "1", "--db", db});
  EXPECT_EQ(show.exit_code, 0) << show.out;
  EXPECT_NE(show.out.find("first vs random"), std::string::npos) << show.out;
}

TEST(ForeignFrontEnds, CutechessLinesAndALinkNamedAfterTheProgram) {
  const std::string db = temp_db("cutechess_front");
  const std::string dir = std::filesystem::path(db).parent_path().string();
  const std::string link = dir + "/cutechess-cli";
  std::filesystem::remove(link);
  std::filesystem::create_symlink(HARNESS_PATH, link);
  const std::string mock_cmd = std::string("cmd=") + MOCK_ENGINE_PATH;
  auto p = harness::ChildProcess::start({link,
                                         {"-engine",
                                          mock_cmd,
                                          "arg=first",
                                          "name=first",
                                          "-engine",
                                          mock_cmd,
                                          "arg=random",
                                          "name=random",
                                          "-each",
                                          "tc=inf",
                                          "nodes=1000",
                                          "proto=uci",
                                          "-games",
                                          "2",
                                          "-rounds",
                                          "2",
                                          "-repeat",
                                          "-openings",
                                          std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                                          "-maxmoves",
                                          "40",
                                          "-db",
                                          db},
                                         "",
                                         ""});
  ASSERT_TRUE(p) << p.error();
  std::string out, line;
  while ((*p)->read_line(line, std::chrono::steady_clock::now() + 120s) == harness::ReadStatus::LINE) out += line + "\n";
  EXPECT_EQ((*p)->stop(5000ms), 0) << out;
  EXPECT_NE(out.find("Score of first vs random: "), std::string::npos) << out;
  EXPECT_NE(out.find("] 4\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Elo difference: "), std::string::npos) << out;
  EXPECT_NE(out.find("Finished match"), std::string::npos) << out;
  EXPECT_EQ(games_in(db).size(), 4u);
}

TEST(ForeignFrontEnds, AnOptionThatCannotBeHonouredIsOneErrorNamingIt) {
  const std::string db = temp_db("fastchess_refused");
  std::vector<std::string> args = fastchess_args(std::filesystem::path(db).parent_path().string(), db);
  args.insert(args.end(), {"-tbignore50"});
  HarnessRun r = run_harness(args);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("-tbignore50: not supported"), std::string::npos) << r.out;
  EXPECT_TRUE(games_in(db).empty());
}

// As fastchess: an option the engine does not declare, or a value it does not accept, is a
// warning and is not sent; the run goes on. With -strict no game is played and the exit status is 1.
TEST(ForeignFrontEnds, AnOptionTheEngineCannotTakeIsAWarningAsInFastchess) {
  auto args = [](const std::string& db) {
    return std::vector<std::string>{"fastchess",
                                    "-engine",
                                    std::string("cmd=") + ENGINE_PATH,
                                    "name=a",
                                    "option.Bogus=1",
                                    "option.Hash=-5",
                                    "-engine",
                                    std::string("cmd=") + ENGINE_PATH,
                                    "name=b",
                                    "-each",
                                    "tc=inf",
                                    "nodes=2000",
                                    "-openings",
                                    std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                                    "-rounds",
                                    "1",
                                    "-games",
                                    "2",
                                    "-maxmoves",
                                    "20",
                                    "-db",
                                    db};
  };
  const std::string db = temp_db("fastchess_option_warnings");
  HarnessRun r = run_harness(args(db));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Warning; a doesn't have option Bogus\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Warning; Invalid value for option Hash; -5\n"), std::string::npos) << r.out;
  EXPECT_EQ(games_in(db).size(), 2u);
  const std::string strict_db = temp_db("fastchess_option_strict");
  auto strict = args(strict_db);
  strict.push_back("-strict");
  HarnessRun s = run_harness(strict);
  EXPECT_EQ(s.exit_code, 1) << s.out;
  EXPECT_TRUE(games_in(strict_db).empty());
}

// fastchess's words for a move that is not in UCI form, before its illegal-move warning.
TEST(ForeignFrontEnds, AMoveNotInUciFormIsNamedAsFastchessNamesIt) {
  const std::string db = temp_db("fastchess_move_format");
  const std::string mock_cmd = std::string("cmd=") + MOCK_ENGINE_PATH;
  HarnessRun r = run_harness({"fastchess",
                              "-engine",
                              mock_cmd,
                              "args=garbage",
                              "name=garbage",
                              "-engine",
                              mock_cmd,
                              "args=random",
                              "name=random",
                              "-each",
                              "tc=inf",
                              "nodes=100",
                              "-openings",
                              std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                              "-rounds",
                              "1",
                              "-games",
                              "2",
                              "-recover",
                              "-db",
                              db});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Warning; Move does not match uci move format, lowercase and 4/5 chars. Move zz99 played by garbage\n"
                       "Warning; Illegal move zz99 played by garbage\n"),
            std::string::npos)
      << r.out;
}

// restart=on (a new process for every game, seen in the dialogue log), -noswap (the first engine
// White in every game) and -use-affinity, in one run.
TEST(ForeignFrontEnds, RestartNoswapAndAffinityTakeEffect) {
  const std::string db = temp_db("fastchess_restart");
  const std::string log = std::filesystem::path(db).parent_path().string() + "/restart.log";
  const std::string mock_cmd = std::string("cmd=") + MOCK_ENGINE_PATH;
  HarnessRun r = run_harness(
      {"fastchess",   "-engine",     mock_cmd,        "args=random", "name=fresh",
       "restart=on",  "-engine",     mock_cmd,        "args=random", "name=kept",
       "-each",       "tc=inf",      "nodes=100",     "-openings",   std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
       "-rounds",     "2",           "-games",        "2",           "-maxmoves",
       "10",          "-noswap",     "-use-affinity", "0",           "-log",
       "file=" + log, "engine=true", "append=false",  "-db",         db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto games = games_in(db);
  ASSERT_EQ(games.size(), 4u);
  for (const auto& g : games) EXPECT_EQ(g.white, "fresh");
  std::ifstream in(log);
  int fresh_starts = 0, kept_starts = 0;
  for (std::string line; std::getline(in, line);) {
    fresh_starts += line.find("\tfresh\t>\tuci") != std::string::npos && line.ends_with("\tuci");
    kept_starts += line.find("\tkept\t>\tuci") != std::string::npos && line.ends_with("\tuci");
  }
  // One process a game, and the probe before the run (both engines run one program: it starts once, as the first).
  EXPECT_EQ(fresh_starts, 4 + 1);
  EXPECT_EQ(kept_starts, 1);  // one process for the whole run
}

// fastchess's option.NAME= and cutechess-cli's initstr= with a newline: before, the probe sent
// the rest as a command of its own and the run played on with a warning. Now the line is
// refused by its flag and key before any engine starts (the mock engine logs what it reads).
TEST(ForeignFrontEnds, EngineTextWithANewlineIsRefusedBeforeAnyEngineStarts) {
  struct Case {
    std::string program, engine_key, expected;
  };
  const Case cases[] = {
      {"fastchess", "option.Threads=1\nsetoption name Injected value 100",
       "-engine 1 option.Threads: the value '1\\nsetoption name Injected value 100' holds a control character"},
      {"cutechess", "initstr=isready\nsetoption name Injected value 100",
       "-engine 1 initstr: 'isready\\nsetoption name Injected value 100' holds a control character"},
  };
  for (const Case& c : cases) {
    const std::string db = temp_db("injected_" + c.program);
    const std::string log = std::filesystem::path(db).parent_path().string() + "/stdin.log";
    std::filesystem::remove(log);
    const std::string mock_cmd = std::string("cmd=") + MOCK_ENGINE_PATH;
    std::vector<std::string> args = {c.program, "-engine", mock_cmd, "name=a", "proto=uci", c.engine_key};
    if (c.program == "fastchess")
      args.push_back("args=random log-stdin=" + log);
    else
      args.insert(args.end(), {"arg=random", "arg=log-stdin=" + log});
    args.insert(args.end(), {"-engine", mock_cmd, "name=b", "proto=uci", "-each", "tc=inf", "nodes=100", "-openings",
                             std::string("file=") + PROJECT_DIR + "/suites/openings.epd", "-rounds", "1", "-games", "2",
                             "-maxmoves", "4", "-db", db});
    HarnessRun r = run_harness(args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find(c.expected), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(log)) << "an engine started and read:\n" << testing_support::file_bytes(log);
    EXPECT_FALSE(std::filesystem::exists(db)) << "nothing is recorded";
  }
}

TEST(ForeignFrontEnds, ComplianceChecksAnEngineAsHarnessCheckDoes) {
  HarnessRun r = run_harness({"fastchess", "--compliance", ENGINE_PATH});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(" passed, 0 failed"), std::string::npos) << r.out;
}

}  // namespace
