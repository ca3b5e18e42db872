// The event stream (--events, -events file=F) on real runs: every event validates against
// docs/events.schema.json; what OpenBench's and fishtest's workers conclude from a run's
// fastchess lines is what the events alone give; standard output carries only events with
// "-"; a reader that goes away does not stop the games; a file that cannot be written is
// refused before a run is recorded; a reader that takes nothing holds a run neither past a
// stop request nor past kill -9 and resume: every stored game has its game_end once.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "process/command.h"
#include "support/harness_cli.h"

namespace {

namespace fs = std::filesystem;

std::vector<nlohmann::json> events_of(const std::string& path) {
  std::vector<nlohmann::json> events;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) events.push_back(nlohmann::json::parse(line));
  return events;
}

int count_events(const std::vector<nlohmann::json>& events, const std::string& name) {
  return int(std::count_if(events.begin(), events.end(), [&](const nlohmann::json& e) { return e["event"] == name; }));
}

// A FIFO and its read end, opened before the harness (which refuses a FIFO with no reader) and
// read only up to the run's first line (the run_start, longer than the buffer), then never while
// the run plays: a reader that stalls. Its buffer is cut to one page, so that the games'
// warnings fill it (the "bad-pv" mocks earn a few each move).
int stalled_fifo_reader(const std::string& fifo) {
  fs::remove(fifo);
  if (::mkfifo(fifo.c_str(), 0600) != 0) return -1;
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  if (reader >= 0) (void)::fcntl(reader, F_SETPIPE_SZ, 4096);
  return reader;
}

// What the writers left in the FIFO once they are gone: its whole lines that are JSON.
std::vector<nlohmann::json> drained_events(int reader, std::string text) {
  char buffer[4096];
  for (int idle = 0; idle < 500;) {
    const ssize_t n = ::read(reader, buffer, sizeof buffer);
    if (n > 0) {
      text.append(buffer, std::size_t(n));
    } else if (n < 0 && errno == EAGAIN) {
      ++idle;  // a writer is still there: its bytes may come
      std::this_thread::sleep_for(10ms);
    } else {
      break;  // the end: no writer left
    }
  }
  std::vector<nlohmann::json> events;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (auto e = nlohmann::json::parse(line, nullptr, false); !e.is_discarded()) events.push_back(e);
  return events;
}

// The game numbers of the game_end events, in the stream's order.
std::vector<int> game_end_numbers(const std::vector<nlohmann::json>& events) {
  std::vector<int> numbers;
  for (const nlohmann::json& e : events)
    if (e["event"] == "game_end") numbers.push_back(e["game"].get<int>());
  return numbers;
}

// What `reader` holds up to the end of the stream's first line, waiting at most `patience`.
std::string first_line(int reader, std::chrono::milliseconds patience) {
  std::string text;
  char buffer[4096];
  const auto until = std::chrono::steady_clock::now() + patience;
  while (text.find('\n') == std::string::npos && std::chrono::steady_clock::now() < until) {
    const ssize_t n = ::read(reader, buffer, sizeof buffer);
    if (n > 0)
      text.append(buffer, std::size_t(n));
    else
      std::this_thread::sleep_for(5ms);
  }
  return text;
}

// Run 1 of `db` is left with its stream's reader stalled on a stored game's events, after its
// commit; `read` gets what the reader took before it stalled.
std::unique_ptr<harness::ChildProcess> run_held_by_reader(const std::string& db, const std::string& fifo,
                                                          const std::string& err, int reader, std::string& read) {
  std::vector<std::string> args = match_args(db, mock("a", "bad-pv"), mock("b", "bad-pv"), 4);
  args.push_back("--events");
  args.push_back(fifo);
  auto p = start_harness(args, err);
  read = first_line(reader, 30s);
  EXPECT_TRUE(wait_for_games(db, 1, 1, 30s));
  std::this_thread::sleep_for(500ms);  // the writer waits on the full FIFO
  return p;
}

// A fastchess command line as the frameworks write it, between this project's engine and the
// chaos mock (which crashes, stalls, plays illegal moves and reports illegal PVs by chance),
// recovering from every crash: each fault a framework counts happens in one short match. The
// fishtest parser also checks that a results block follows every pair's end, as its worker's
// batches need (its assertion failed when the front end waited for every game in progress).
TEST(Events, WhatTheFrameworksParsersConcludeTheEventsGiveToo) {
  const std::string db = temp_db("events_frameworks");
  const std::string dir = fs::path(db).parent_path().string();
  const std::string events = dir + "/events.jsonl", lines = dir + "/lines.txt";
  HarnessRun r = run_harness({"fastchess", "-recover", "-repeat", "-games", "2", "-rounds", "20", "-ratinginterval", "1",
                              "-report", "penta=true", "-concurrency", "2", "-srand", "7", "-openings",
                              std::string("file=") + PROJECT_DIR + "/suites/openings.epd", "format=epd", "order=random",
                              "-engine", std::string("cmd=") + ENGINE_PATH, "name=dev", "args=--version dev", "-engine",
                              std::string("cmd=") + MOCK_ENGINE_PATH, "name=chaos", "args=chaos seed=11", "-each",
                              "tc=1+0.01", "option.Threads=1", "-db", db, "-events", "file=" + events},
                             300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::ofstream(lines) << r.out;
  const std::vector<nlohmann::json> stream = events_of(events);
  EXPECT_EQ(count_events(stream, "game_end"), 40);
  EXPECT_EQ(count_events(stream, "pair_end"), 20);
  EXPECT_EQ(count_events(stream, "run_end"), 1);
  int faults = 0;
  for (const nlohmann::json& e : stream)
    if (e["event"] == "game_end" && e.contains("fault")) {
      ++faults;
      EXPECT_EQ(e["fault"]["engine"], "chaos") << e.dump();
      EXPECT_FALSE(e["fault"]["last_lines"].empty()) << e.dump();
    }
  EXPECT_GE(faults, 3) << "the chaos engine should have lost some games by its faults";
  EXPECT_GE(count_events(stream, "warning"), 1);
  auto parsed = harness::run_command(
      "python3",
      {PROJECT_DIR "/tests/harness/events/framework_parsers.py", lines, events, PROJECT_DIR "/docs/events.schema.json", "40", "2"},
      120s);
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->exit_code, 0) << parsed->out << parsed->err;
}

// "--events -": standard output carries only events, each a JSON object; the run's own lines go
// to standard error. The SPRT's state follows every game of a match that has one.
TEST(Events, StandardOutputCarriesOnlyEventsWithADash) {
  const std::string db = temp_db("events_stdout");
  std::vector<std::string> args = match_args(db, mock("a", "random"), mock("b", "random"), 6);
  for (const char* extra : {"--events", "-", "--sprt", "elo0=0 elo1=10"}) args.push_back(extra);
  args.insert(args.begin(), HARNESS_PATH);
  auto r = harness::run_command(args.front(), {args.begin() + 1, args.end()}, 120s);
  ASSERT_TRUE(r) << r.error();
  ASSERT_EQ(r->exit_code, 0) << r->err;
  std::istringstream out(r->out);
  std::vector<nlohmann::json> stream;
  for (std::string line; std::getline(out, line);) {
    auto e = nlohmann::json::parse(line, nullptr, false);
    ASSERT_FALSE(e.is_discarded()) << "not an event on standard output: " << line;
    stream.push_back(e);
  }
  EXPECT_EQ(stream.front()["event"], "run_start");
  EXPECT_EQ(stream.back()["event"], "run_end");
  EXPECT_EQ(count_events(stream, "sprt"), 6);
  EXPECT_NE(r->err.find("Games: 6"), std::string::npos) << r->err;
}

// A FIFO whose reader reads one event and goes: every game is still played and stored.
TEST(Events, AReaderThatGoesAwayDoesNotStopTheGames) {
  const std::string db = temp_db("events_reader_gone");
  const std::string fifo = fs::path(db).parent_path().string() + "/events.fifo";
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  std::vector<std::string> args = match_args(db, mock("a", "random"), mock("b", "random"), 8);
  args.push_back("--events");
  args.push_back(fifo);
  auto p = start_harness(args, ::testing::TempDir() + "events_reader_gone.err");
  char first[64];
  for (int i = 0; i < 500 && ::read(reader, first, sizeof first) <= 0; ++i) std::this_thread::sleep_for(10ms);
  ::close(reader);  // gone after the first bytes
  std::string line, out;
  while (p->read_line(line, std::chrono::steady_clock::now() + 120s) == harness::ReadStatus::LINE) out += line + "\n";
  EXPECT_EQ(p->stop(5000ms), 0) << out;
  EXPECT_EQ(games_in(db).size(), 8u) << out;
}

// A file that cannot be opened is refused by option, before anything is recorded; so is a
// FIFO nobody reads (opening it would wait for ever).
TEST(Events, AnUnwritableFileIsRefusedBeforeTheRun) {
  const std::string db = temp_db("events_unwritable");
  const std::string fifo = fs::path(db).parent_path().string() + "/unread.fifo";
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& path : {std::string("/nonexistent-dir/events.jsonl"), fifo}) {
    std::vector<std::string> args = match_args(db, mock("a", "random"), mock("b", "random"), 2);
    args.push_back("--events");
    args.push_back(path);
    HarnessRun r = run_harness(args, 30s);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("--events " + path), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(db)) << r.out;
  }
}

// kill -9 while the reader holds the stream, past a game's commit: the game is stored and its
// game_end unwritten. The resume writes it right after its run_start, then plays the rest, so
// the two sessions' streams hold each game's game_end once (before: game 1's was lost for good).
TEST(Events, AGameStoredWhileTheReaderStalledHasItsGameEndAfterKillAndResume) {
  const std::string db = temp_db("events_killed_stalled");
  const std::string dir = fs::path(db).parent_path().string();
  const std::string fifo = dir + "/events.fifo", after = dir + "/after.jsonl";
  const int reader = stalled_fifo_reader(fifo);
  ASSERT_GE(reader, 0);
  std::string read;
  {
    auto p = run_held_by_reader(db, fifo, ::testing::TempDir() + "events_killed_stalled.err", reader, read);
    ::kill(p->pid(), SIGKILL);
    p->stop(1000ms);
  }
  std::vector<int> numbers = game_end_numbers(drained_events(reader, read));
  ::close(reader);
  const std::size_t stored = games_in(db).size();
  ASSERT_GT(stored, numbers.size()) << "the stalled reader should have held a stored game's game_end";
  HarnessRun r = run_harness({"resume", "1", "--db", db, "--events", after});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::vector<nlohmann::json> resumed = events_of(after);
  ASSERT_FALSE(resumed.empty());
  EXPECT_EQ(resumed.front()["event"], "run_start");
  EXPECT_EQ(resumed.front()["done"], int(stored));
  for (int n : game_end_numbers(resumed)) numbers.push_back(n);
  std::sort(numbers.begin(), numbers.end());
  EXPECT_EQ(numbers, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(games_in(db).size(), 4u);
}

// SIGTERM while the reader takes nothing: the stream is given up with one message, the run ends
// within seconds as any interrupted run (games stored, status "stopped", exit 130), and its
// resume writes the game_end of every game stored meanwhile. Before, the writer retried its
// write for ever: SIGTERM and Ctrl-C were ignored and the run was left "running".
TEST(Events, AStalledReaderIsGivenUpOnSigtermAndNoGameEndIsLost) {
  const std::string db = temp_db("events_stalled_sigterm");
  const std::string dir = fs::path(db).parent_path().string();
  const std::string fifo = dir + "/events.fifo", after = dir + "/after.jsonl";
  const std::string err = ::testing::TempDir() + "events_stalled_sigterm.err";
  const int reader = stalled_fifo_reader(fifo);
  ASSERT_GE(reader, 0);
  std::string read;
  auto p = run_held_by_reader(db, fifo, err, reader, read);
  const auto signalled = std::chrono::steady_clock::now();
  ::kill(p->pid(), SIGTERM);
  std::string line, out;
  while (p->read_line(line, signalled + 20s) == harness::ReadStatus::LINE) out += line + "\n";
  const auto took = std::chrono::steady_clock::now() - signalled;
  const int status = p->stop(1000ms);
  ::close(reader);
  EXPECT_EQ(status, 130) << out;
  EXPECT_LT(took, 8s) << out;
  std::ifstream e(err);
  const std::string message((std::istreambuf_iterator<char>(e)), {});
  const std::string gone = "harness: --events " + fifo + ": its reader was taking nothing when the run was asked to stop";
  EXPECT_NE(message.find(gone), std::string::npos) << message;
  EXPECT_EQ(message.find(gone), message.rfind(gone)) << message;
  EXPECT_EQ(message.find("without its events"), message.rfind("without its events")) << message;
  {
    auto opened = harness::Database::open(db);
    ASSERT_TRUE(opened) << opened.error();
    EXPECT_EQ((*opened)->run(1).value()->status_text(), "stopped");
  }
  EXPECT_GE(games_in(db).size(), 1u);
  HarnessRun r = run_harness({"resume", "1", "--db", db, "--events", after});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::vector<int> numbers = game_end_numbers(events_of(after));
  std::sort(numbers.begin(), numbers.end());
  EXPECT_EQ(numbers, (std::vector<int>{1, 2, 3, 4}));
}

}  // namespace
