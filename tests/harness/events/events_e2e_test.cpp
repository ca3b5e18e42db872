// The event stream (--events, -events file=F) on real runs: every event validates against
// docs/events.schema.json; what OpenBench's and fishtest's workers conclude from a run's
// fastchess lines is what the events alone give; standard output carries only events with
// "-"; a reader that goes away does not stop the games; a file that cannot be written is
// refused before a run is recorded.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fcntl.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

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

}  // namespace
