// Input a hostile user, a broken disk or a misbehaving engine gives the harness: each is refused
// where it enters, with one message naming the file, key or option, and never crashes a command.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <sys/mount.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "core/utf8.h"
#include "process/command.h"
#include "views/dashboard_server.h"
#include "text/control_characters.h"

#include "support/harness_cli.h"

namespace {

std::string deep_json(int depth) { return std::string(std::size_t(depth), '[') + std::string(std::size_t(depth), ']'); }

std::string folder_of(const std::string& db) { return std::filesystem::path(db).parent_path().string(); }

// A registry that nests 100,000 arrays crashed every command at start (nlohmann's recursive dump).
TEST(HostileInput, ARegistryNestedTooDeeplyIsRefusedWithItsLine) {
  const std::string db = temp_db("deep_registry");
  const std::string registry = folder_of(db) + "/engines.json";
  std::ofstream(registry) << "{\"a\": {\"command\": \"x\",\n \"options\": " << deep_json(100000) << "}}\n";
  HarnessRun r = run_harness({"match", "a", "a", "--registry", registry, "--db", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(registry + ":2: JSON nested deeper than 256 levels"), std::string::npos) << r.out;
}

// Two equal keys: nlohmann kept the last, so the entry played the second program.
TEST(HostileInput, ARegistryEntryWithAKeyTwiceIsRefusedByTheKey) {
  const std::string db = temp_db("duplicate_key");
  const std::string registry = folder_of(db) + "/engines.json";
  std::ofstream(registry) << "{\"a\": {\"command\": \"" << MOCK_ENGINE_PATH << "\", \"command\": \"/bin/false\"}}\n";
  HarnessRun r = run_harness({"match", "a", "a", "--registry", registry, "--games", "2", "--db", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(registry + ": the key 'command' appears twice in one object"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(db)) << "refused before a run is made";
}

// A run whose stored configuration nests deeply (a database from elsewhere): every command that
// reads it says so or lists it, and none crashes.
TEST(HostileInput, AStoredConfigurationNestedTooDeeplyCrashesNoCommand) {
  const std::string db = temp_db("deep_stored");
  ASSERT_EQ(run_harness(match_args(db, mock("a", "random"), mock("b", "random"), 2)).exit_code, 0);
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  const std::string update = "UPDATE runs SET config = '{\"kind\": " + deep_json(100000) + "}', status = 'stopped'";
  ASSERT_EQ(sqlite3_exec(raw, update.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(raw);
  const std::string html = folder_of(db) + "/report.html";
  for (const std::vector<std::string>& args : {std::vector<std::string>{"runs", "--db", db},
                                               {"show", "1", "--db", db},
                                               {"report", "1", "--db", db, "-o", html},
                                               {"pgn", "1", "--db", db},
                                               {"resume", "1", "--db", db}}) {
    HarnessRun r = run_harness(args);
    EXPECT_LT(r.exit_code, 128) << args[0] << ": no crash\n" << r.out;
    if (r.exit_code != 0) {
      EXPECT_NE(r.out.find("JSON nested deeper than 256 levels"), std::string::npos) << args[0] << "\n" << r.out;
    }
  }
  HarnessRun resumed = run_harness({"resume", "1", "--db", db});
  EXPECT_EQ(resumed.exit_code, 2) << resumed.out;
  EXPECT_EQ(games_in(db).size(), 2u) << "the stored games are kept";
}

// A run of a million games is no structure of a million entries: a count past MAX_GAMES is
// refused by name, and one within it starts at once (before: 2.6 GB, then std::bad_alloc).
TEST(HostileInput, CountsBeyondTheirBoundsAreRefusedByName) {
  const std::string db = temp_db("huge_counts");
  HarnessRun huge = run_harness({"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games",
                                 "1000000000", "--db", db});
  EXPECT_EQ(huge.exit_code, 2) << huge.out;
  EXPECT_NE(huge.out.find("--games must be from 1 to 10000000, got 1000000000"), std::string::npos) << huge.out;
  HarnessRun rounds = run_harness({"tournament", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--engine",
                                   mock("c", "random"), "--rounds", "5000000", "--db", db});
  EXPECT_EQ(rounds.exit_code, 2) << rounds.out;
  EXPECT_NE(rounds.out.find("--rounds plays 30000000 games, more than a run's 10000000"), std::string::npos) << rounds.out;
  HarnessRun plies = run_harness({"datagen", "--engine", mock("a", "random"), "--nodes", "10", "--random-plies", "-5", "--db", db});
  EXPECT_EQ(plies.exit_code, 2) << plies.out;
  EXPECT_NE(plies.out.find("--random-plies must be from 0 to 40, got -5"), std::string::npos) << plies.out;
  EXPECT_FALSE(std::filesystem::exists(db)) << "nothing is recorded";

  // The largest run allowed is planned lazily: it starts, and a stop after its first games
  // leaves it resumable, in bounded memory.
  const std::string big = temp_db("big_run");
  auto limited = harness::run_command(
      "bash",
      {"-c", "ulimit -v 4194304; exec '" + std::string(HARNESS_PATH) + "' match --engine '" + mock("a", "random") +
                 "' --engine '" + mock("b", "random") + "' --games 10000000 --maxmoves 5 --concurrency 1 --db '" + big +
                 "' & pid=$!; sleep 3; kill -INT $pid; wait $pid"},
      120s);
  ASSERT_TRUE(limited) << limited.error();
  EXPECT_EQ(limited->exit_code, 130) << limited->out << limited->err;
  EXPECT_NE(limited->out.find("/10000000"), std::string::npos) << limited->out;
  EXPECT_FALSE(games_in(big).empty());
}

// A stored count that does not fit (a database from elsewhere) is named as it is stored, not
// wrapped around to -727379968.
TEST(HostileInput, AStoredCountThatDoesNotFitIsNamedAsStored) {
  const std::string db = temp_db("stored_count");
  ASSERT_EQ(run_harness(match_args(db, mock("a", "random"), mock("b", "random"), 2)).exit_code, 0);
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw, "UPDATE runs SET config = json_set(config, '$.games', 1000000000000), status = 'stopped'",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
  HarnessRun r = run_harness({"resume", "1", "--db", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("'games' must be an integer, got 1000000000000"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("-727379968"), std::string::npos) << r.out;
}

// An engine's NUL byte, control bytes and bytes that are not UTF-8 come into the workbench
// escaped: the game is stored whole, its PGN has its result and imports again.
TEST(HostileInput, AnEnginesNulAndInvalidBytesAreStoredEscaped) {
  const std::string db = temp_db("nul_engine");
  HarnessRun r = run_harness({"match", "--engine", mock("a", "nul-bestmove"), "--engine", mock("b", "random"), "--games", "2",
                              "--match-line", "^info string", "--maxmoves", "20", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto stored = games_in(db);
  ASSERT_EQ(stored.size(), 2u);
  for (const auto& g : stored) {
    EXPECT_EQ(g.end, harness::GameEnd::ILLEGAL_MOVE) << g.reason;
    EXPECT_NE(g.reason.find("\\x00junk\\xff"), std::string::npos) << g.reason;
  }
  HarnessRun pgn = run_harness({"pgn", "1", "--db", db});
  ASSERT_EQ(pgn.exit_code, 0) << pgn.out;
  EXPECT_EQ(pgn.out.find('\0'), std::string::npos);
  EXPECT_TRUE(chess::is_utf8(pgn.out)) << "valid UTF-8";
  for (char c : pgn.out) EXPECT_FALSE(harness::is_control_character(c) && c != '\n') << int(c);
  EXPECT_NE(pgn.out.find("\\x01b\\xff\\xfe"), std::string::npos) << "the info string, escaped";
  const std::string file = folder_of(db) + "/games.pgn";
  std::ofstream(file) << pgn.out;
  const std::string again = temp_db("nul_engine_import");
  HarnessRun imported = run_harness({"import", file, "--db", again});
  ASSERT_EQ(imported.exit_code, 0) << imported.out;
  EXPECT_EQ(games_in(again).size(), 2u);
}

// What an engine starts in its process group ends with it, however it ends (before: a helper
// outlived an engine that exited by itself).
TEST(HostileInput, HelpersAnEngineLeavesBehindEndWithIt) {
  const std::string db = temp_db("helpers");
  const std::string marker = "313.5";  // sleep's argument: no other test's process has it
  const std::string spec = "name=a cmd=/bin/sh arg=-c 'arg=sleep " + marker + " & exec " + MOCK_ENGINE_PATH + " random'";
  HarnessRun r = run_harness({"match", "--engine", spec, "--engine", mock("b", "random"), "--games", "2", "--maxmoves", "10",
                              "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::this_thread::sleep_for(200ms);
  int left = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream cmdline(entry.path() / "cmdline");
    std::string text((std::istreambuf_iterator<char>(cmdline)), {});
    left += text.find(std::string("sleep") + '\0' + marker) != std::string::npos;
  }
  EXPECT_EQ(left, 0) << "helpers still running";
}

// Two databases in one folder keep their engines' standard error apart.
TEST(HostileInput, TwoDatabasesInOneFolderKeepTheirEnginesStderrApart) {
  const std::string first = temp_db("stderr_apart");
  const std::string second = folder_of(first) + "/other.sqlite";
  for (const std::string& db : {first, second})
    ASSERT_EQ(run_harness(match_args(db, mock("a", "random"), mock("b", "random"), 2)).exit_code, 0);
  EXPECT_TRUE(std::filesystem::exists(folder_of(first) + "/stderr/stderr_apart-run1-slot0-engine0.log"));
  EXPECT_TRUE(std::filesystem::exists(folder_of(first) + "/stderr/other-run1-slot0-engine0.log"));
}

// An engine that does not know "go nodes" stalls: the limit is --search-timeout-ms, and the
// game ends as a stall, not a loss on a clock there is none of.
TEST(HostileInput, AnEngineIgnoringGoNodesStallsAfterTheSearchTimeout) {
  const std::string db = temp_db("ignores_nodes");
  const auto started = std::chrono::steady_clock::now();
  HarnessRun r = run_harness({"match", "--engine", mock("a", "stall-after-go"), "--engine", mock("b", "random"), "--games", "2",
                              "--nodes", "1000", "--search-timeout-ms", "1500", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_LT(std::chrono::steady_clock::now() - started, 30s);
  const auto stored = games_in(db);
  ASSERT_EQ(stored.size(), 2u);
  for (const auto& g : stored) {
    EXPECT_EQ(g.end, harness::GameEnd::STALL) << g.reason;
    EXPECT_NE(g.reason.find("stalls: no move within the 1500 ms a node or depth search may take (--search-timeout-ms)"),
              std::string::npos)
        << g.reason;
    EXPECT_EQ(g.reason.find("on time"), std::string::npos) << g.reason;
  }
}

// A button is pressed without a value, as UCI has it, and "option.Clear Hash" needs no '='.
TEST(HostileInput, AButtonIsPressedWithoutAValue) {
  const std::string db = temp_db("button");
  const std::string spec = "name=a cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=button 'option.Clear Hash' option.Hash=8";
  HarnessRun r = run_harness({"match", "--engine", spec, "--engine", mock("b", "random"), "--games", "2", "--maxmoves", "5",
                              "--concurrency", "1", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::ifstream err(folder_of(db) + "/stderr/button-run1-slot0-engine0.log");
  const std::string said((std::istreambuf_iterator<char>(err)), {});
  EXPECT_NE(said.find("setoption name Clear Hash\n"), std::string::npos) << said;
  EXPECT_EQ(said.find("setoption name Clear Hash value"), std::string::npos) << said;
  EXPECT_NE(said.find("setoption name Hash value 8\n"), std::string::npos) << said;
}

// "harness check" stops a search that missed its deadline (--search-ms) before it goes on, and
// does not send searches to an engine that answers neither.
TEST(HostileInput, CheckStopsASearchThatMissedItsDeadline) {
  HarnessRun r = run_harness({"check", mock("m", "stall-after-go"), "--search-ms", "1500"}, 60s);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL  go depth: no bestmove within 1500 ms of 'go depth 2', nor within 5 s of 'stop'"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("FAIL  go movetime: not checked: the engine did not answer 'stop' after 'go depth 2'"),
            std::string::npos)
      << r.out;
}

// A 1 MiB line at start-up is named as what it is, not as a missed deadline.
TEST(HostileInput, AnEndlessLineAtStartUpIsNamed) {
  const std::string db = temp_db("endless_startup");
  const std::string engine = folder_of(db) + "/endless.sh";
  std::ofstream(engine) << "#!/bin/sh\nhead -c 2000000 /dev/zero | tr '\\0' x\nsleep 30\n";
  std::filesystem::permissions(engine, std::filesystem::perms::owner_all);
  HarnessRun check = run_harness({"check", "name=e cmd=" + engine});
  EXPECT_NE(check.out.find("no uciok after 'uci': a line of more than 1 MiB"), std::string::npos) << check.out;
  HarnessRun match = run_harness({"match", "--engine", "name=e cmd=" + engine, "--engine", mock("b", "random"), "--db", db});
  EXPECT_EQ(match.exit_code, 2) << match.out;
  EXPECT_NE(match.out.find("engine 'e' wrote a line of more than 1 MiB instead of answering"), std::string::npos) << match.out;
}

// An output that is not a regular file is written in place, never replaced: a device keeps
// being a device (before, -o /dev/full replaced it with a regular file, exit 0), a symbolic
// link keeps its link, and a FIFO's reader gets the data.
TEST(HostileInput, AnOutputThatIsNoRegularFileIsWrittenInPlace) {
  const std::string db = temp_db("outputs_in_place");
  ASSERT_EQ(run_harness(match_args(db, mock("a", "random"), mock("b", "random"), 2)).exit_code, 0);
  const std::string dir = folder_of(db);
  HarnessRun device = run_harness({"positions", "1", "--db", db, "-o", "/dev/full"});
  EXPECT_EQ(device.exit_code, 2) << device.out;
  EXPECT_NE(device.out.find("/dev/full: cannot write (No space left on device)"), std::string::npos) << device.out;
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/full")) << "the device is still a device";

  const std::string target = dir + "/target.pgn", link = dir + "/link.pgn";
  std::filesystem::remove(link);
  std::ofstream(target) << "old\n";
  std::filesystem::create_symlink(target, link);
  HarnessRun through_link = run_harness({"pgn", "1", "--db", db, "-o", link});
  ASSERT_EQ(through_link.exit_code, 0) << through_link.out;
  EXPECT_TRUE(std::filesystem::is_symlink(link)) << "the link is kept";
  std::ifstream written(target);
  const std::string pgn((std::istreambuf_iterator<char>(written)), {});
  EXPECT_NE(pgn.find("[Result "), std::string::npos) << pgn;

  const std::string fifo = dir + "/games.fifo";
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto reader = harness::ChildProcess::start({"/bin/cat", {fifo}, "", ""}).value();
  HarnessRun into_fifo = run_harness({"pgn", "1", "--db", db, "-o", fifo});
  ASSERT_EQ(into_fifo.exit_code, 0) << into_fifo.out;
  std::string line, read;
  while (reader->read_line(line, std::chrono::steady_clock::now() + 10s) == harness::ReadStatus::LINE) read += line + "\n";
  EXPECT_NE(read.find("[Result "), std::string::npos) << "the reader gets the games: " << read;
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));
}

// A full file system: every writer says so, exits non-zero and leaves the earlier file whole
// and no fragment (before: 'harness pgn -o' exit 0 over a truncated file, 'openings -o' said
// "wrote 200 openings").
TEST(HostileInput, AFullDiskLeavesEveryEarlierOutputWhole) {
  const std::string db = temp_db("full_disk");
  ASSERT_EQ(run_harness(match_args(db, mock("a", "random"), mock("b", "random"), 2)).exit_code, 0);
  const std::string full = folder_of(db) + "/full";
  std::filesystem::create_directories(full);
  if (::mount("tmpfs", full.c_str(), "tmpfs", 0, "size=16k") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here (" << std::strerror(errno) << "): the test needs root";
  const std::string earlier = "the earlier file\n";
  for (const char* name : {"/games.pgn", "/book.epd", "/positions.txt", "/report.html"}) std::ofstream(full + name) << earlier;
  {
    std::ofstream filler(full + "/filler", std::ios::binary);
    const std::string block(1024, 'x');
    while (filler.write(block.data(), std::streamsize(block.size()))) filler.flush();
  }
  const std::vector<std::pair<std::vector<std::string>, std::string>> writers = {
      {{"pgn", "1", "--db", db, "-o", full + "/games.pgn"}, full + "/games.pgn"},
      {{"openings", "--chess960", "200", "-o", full + "/book.epd"}, full + "/book.epd"},
      {{"positions", "1", "--db", db, "--format", "text", "-o", full + "/positions.txt"}, full + "/positions.txt"},
      {{"report", "1", "--db", db, "-o", full + "/report.html"}, full + "/report.html"}};
  std::vector<std::string> kept;
  std::vector<HarnessRun> runs;
  for (const auto& [args, out] : writers) {
    runs.push_back(run_harness(args));
    std::ifstream in(out);
    kept.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    EXPECT_FALSE(std::filesystem::exists(out + ".part")) << out;
  }
  ::umount2(full.c_str(), MNT_DETACH);
  for (std::size_t i = 0; i < writers.size(); ++i) {
    EXPECT_EQ(runs[i].exit_code, 2) << writers[i].first[0] << ": " << runs[i].out;
    EXPECT_NE(runs[i].out.find(writers[i].second + ": cannot write (No space left on device)"), std::string::npos)
        << runs[i].out;
    EXPECT_EQ(runs[i].out.find("wrote "), std::string::npos) << runs[i].out;
    EXPECT_EQ(kept[i], earlier) << writers[i].first[0];
  }
}

// A file-size limit (ulimit -f) is an error of the writer, not a kill that leaves OUT.part.
TEST(HostileInput, AFileSizeLimitIsAnErrorOfTheWriter) {
  const std::string db = temp_db("size_limit");
  // Some 4,000 positions, some 300 KB of text: past a limit of 64 KiB, which the database's
  // own files (its 32 KiB shared-memory index) stay within.
  ASSERT_EQ(run_harness(match_args(db, mock("a", "random"), mock("b", "random"), 40)).exit_code, 0);
  const std::string out = folder_of(db) + "/positions.txt";
  auto r = harness::run_command("bash",
                                {"-c", "ulimit -f 64; exec '" + std::string(HARNESS_PATH) + "' positions 1 --format text --db '" +
                                           db + "' -o '" + out + "'"},
                                60s);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->exit_code, 2) << r->out << r->err;
  EXPECT_NE(r->err.find(out + ": cannot write (File too large)"), std::string::npos) << r->err;
  EXPECT_FALSE(std::filesystem::exists(out + ".part"));
  EXPECT_FALSE(std::filesystem::exists(out));
}

// The dashboard names a game that cannot be: before, game -1 was "run 1 has no game 0".
TEST(HostileInput, TheDashboardNamesAGameNumberThatCannotBe) {
  const std::string db = temp_db("dashboard_game");
  ASSERT_EQ(run_harness(match_args(db, mock("a", "random"), mock("b", "random"), 2)).exit_code, 0);
  const harness::HttpAnswer answer = harness::dashboard_answer(db, "/api/run/1/game/-1");
  EXPECT_EQ(answer.status, 404);
  EXPECT_NE(answer.body.find("a game is /api/run/RUN/game/N, each a number from 1"), std::string::npos) << answer.body;
  EXPECT_EQ(answer.body.find("game 0"), std::string::npos) << answer.body;
}

// A name given with an escape sequence is quoted back escaped: before, "no engine named" wrote
// it raw, and the terminal obeyed it (here: red text and a cleared screen).
TEST(HostileInput, ANameWithAnEscapeSequenceIsQuotedBackEscaped) {
  const std::string db = temp_db("escape_name");
  const std::string name = "\x1b[31mred\x1b[2J";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"match", name, "dev", "--games", "2", "--db", db},
        std::vector<std::string>{"match", "--engine", "name=" + name, "--engine", mock("b", "random"), "--games", "2", "--db", db}}) {
    HarnessRun r = run_harness(args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("\\x1b[31mred\\x1b[2J"), std::string::npos) << harness::escaped_controls(r.out, true);
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << "no raw escape reaches the terminal\n" << harness::escaped_controls(r.out, true);
    EXPECT_FALSE(std::filesystem::exists(db)) << "nothing is recorded";
  }
}

}  // namespace
