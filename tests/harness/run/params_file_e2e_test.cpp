// --params-file: a client changes the values between pairs, as an SPSA client would; every
// game records the values it was played with, both games of a pair have the same, the engines
// received exactly those (the dialogue log shows each setoption), and no engine was restarted
// for them.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "record/dialogue_log.h"
#include "support/harness_cli.h"

namespace {

namespace fs = std::filesystem;

void write_params(const std::string& path, int value) {
  const std::string temporary = path + ".new";
  std::ofstream(temporary) << "[a]\nMove Index=" << value << "\n[b]\nMove Index=" << value + 50 << "\n";
  fs::rename(temporary, path);  // whole at once, as a client should write it
}

// The client: a new value each time a pair's first game has started (its values are then read).
void client(const std::string& events, const std::string& params, const std::atomic<bool>& done) {
  int value = 1;
  std::size_t seen = 0;
  std::set<int> started_pairs;
  while (!done) {
    std::ifstream in(events);
    std::string line;
    std::size_t count = 0;
    while (std::getline(in, line)) {
      if (count++ < seen) continue;
      const auto e = nlohmann::json::parse(line, nullptr, false);
      if (e.is_discarded()) break;  // a line being written: read again
      ++seen;
      if (e["event"] == "game_start" && started_pairs.insert(e["pair"].get<int>()).second) write_params(params, ++value);
    }
    std::this_thread::sleep_for(2ms);
  }
}

TEST(ParamsFile, EachPairPlaysTheValuesTheClientWroteWithoutARestart) {
  const std::string db = temp_db("params_file");
  const std::string dir = fs::path(db).parent_path().string();
  const std::string params = dir + "/params.txt", events = dir + "/events.jsonl", log = dir + "/dialogue.log";
  for (const std::string& f : {events, log}) fs::remove(f);
  write_params(params, 1);
  std::vector<std::string> args = match_args(db, mock("a", "option-moves"), mock("b", "option-moves"), 16);
  for (const std::string& extra : {std::string("--params-file"), params, std::string("--events"), events, std::string("--log"), log})
    args.push_back(extra);
  std::atomic<bool> done{false};
  std::thread writer(client, events, params, std::cref(done));
  HarnessRun r = run_harness(args);
  done = true;
  writer.join();
  ASSERT_EQ(r.exit_code, 0) << r.out;

  // What each engine was set to when each game began, from the dialogue.
  std::map<std::string, std::string> now;
  std::map<std::pair<int, std::string>, std::string> at_game;
  int handshakes = 0;
  std::ifstream in(log);
  for (std::string text; std::getline(in, text);) {
    auto line = harness::parse_dialogue_line(text);
    if (!line || line->note) continue;
    if (line->to_engine && line->text == "uci" && line->game > 0) ++handshakes;  // not the start-up probe's
    const std::string prefix = "setoption name Move Index value ";
    if (line->to_engine && line->text.rfind(prefix, 0) == 0) now[line->engine] = line->text.substr(prefix.size());
    if (line->to_engine && line->text.rfind("go", 0) == 0) at_game[{line->game, line->engine}] = now[line->engine];
  }
  EXPECT_EQ(handshakes, 2) << "each engine started once: the values came by setoption";

  const std::vector<harness::StoredGame> games = games_in(db);
  ASSERT_EQ(games.size(), 16u);
  std::map<int, std::string> by_pair;
  std::set<std::string> distinct;
  int previous = 0;
  for (const harness::StoredGame& g : games) {
    const nlohmann::json p = nlohmann::json::parse(g.params);
    const std::string a = (g.white == "a" ? p["white"] : p["black"])["Move Index"];
    const std::string b = (g.white == "b" ? p["white"] : p["black"])["Move Index"];
    EXPECT_EQ(std::stoi(b), std::stoi(a) + 50) << g.params;
    const int game = g.game_index + 1;
    EXPECT_EQ((at_game[{game, "a"}]), a) << "game " << game;
    EXPECT_EQ((at_game[{game, "b"}]), b) << "game " << game;
    auto [pair, fresh] = by_pair.emplace(g.game_index / 2, a);
    if (!fresh) {
      EXPECT_EQ(pair->second, a) << "both games of a pair play the same values";
    }
    EXPECT_GE(std::stoi(a), previous) << "the values come in the order the client wrote them";
    previous = std::stoi(a);
    distinct.insert(a);
    EXPECT_NE(g.pgn.find("[WhiteParams \"'Move Index=" + std::string(g.white == "a" ? a : b) + "'\"]"), std::string::npos) << g.pgn;
  }
  EXPECT_GE(distinct.size(), 4u) << "the client's changes reached the games";
}

// A parameters file is checked at every read: each value against the options the engines
// declared (the mock's "Move Index", a spin from 0 to 100), each name and value for text an
// engine line can carry, the file for being a regular file. A read that fails stops the run by
// the file and line, quoting no more of the file than the wrong field, and no game records
// anything but the good file's values.

constexpr const char* PARAMS_GOOD_TEXT = "[a]\nMove Index=3\n";

// `text` put in place of `params` at once, as a client should write it.
void params_replace_with(const std::string& params, const std::string& text) {
  std::ofstream(params + ".new", std::ios::binary) << text;
  fs::rename(params + ".new", params);
}

// A link to `target` put in place of `params` at once.
void params_replace_by_link(const std::string& params, const std::string& target) {
  fs::remove(params + ".link");
  fs::create_symlink(target, params + ".link");
  fs::rename(params + ".link", params);
}

std::string params_file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// What a run stopped by its parameters file left.
struct ParamsStop {
  int exit_code = -1;
  std::string printed;                // standard output and standard error
  std::string status, summary;        // the stored run's
  std::string stored;                 // the database's files and the event stream, byte for byte
  std::vector<std::string> recorded;  // every "name=value" the games recorded, and their PGN params tags
  std::size_t games = 0;
};

// The values a params JSON object ({"white": {...}, "black": {...}}) records, as "name=value".
void params_recorded_in(const nlohmann::json& params, std::vector<std::string>& recorded) {
  for (const char* side : {"white", "black"})
    for (const auto& item : params.at(side).items()) recorded.push_back(item.key() + "=" + item.value().get<std::string>());
}

// Every value the run's games recorded: the params column, the PGN tags and the game_end events.
std::vector<std::string> params_recorded_by(const std::string& db, const std::string& events) {
  std::vector<std::string> recorded;
  for (const harness::StoredGame& g : games_in(db)) {
    if (!g.params.empty()) params_recorded_in(nlohmann::json::parse(g.params), recorded);
    std::istringstream pgn(g.pgn);
    for (std::string line; std::getline(pgn, line);)
      if (line.rfind("[WhiteParams ", 0) == 0 || line.rfind("[BlackParams ", 0) == 0) recorded.push_back(line);
  }
  std::ifstream in(events);
  for (std::string line; std::getline(in, line);) {
    const auto e = nlohmann::json::parse(line, nullptr, false);
    if (!e.is_discarded() && e.value("event", "") == "game_end" && e.contains("params"))
      params_recorded_in(e["params"], recorded);
  }
  return recorded;
}

// Plays a run of 200 games on the good file, lets `turn_bad` change the file once two games are
// stored, and collects what the run left.
ParamsStop params_run_turning_bad(const std::string& name, const std::function<void(const std::string& params)>& turn_bad) {
  const std::string db = temp_db(name);
  const std::string dir = fs::path(db).parent_path().string();
  const std::string params = dir + "/params.txt", events = dir + "/events.jsonl", err = dir + "/stderr.txt";
  for (const std::string& f : {params, events, err}) fs::remove_all(f);
  params_replace_with(params, PARAMS_GOOD_TEXT);
  std::vector<std::string> args = match_args(db, mock("a", "option-moves"), mock("b", "option-moves"), 200);
  for (const std::string& extra : {std::string("--params-file"), params, std::string("--events"), events}) args.push_back(extra);
  auto p = start_harness(args, err);
  EXPECT_TRUE(wait_for_games(db, 1, 2, 60s));
  turn_bad(params);
  ParamsStop r;
  std::string line;
  while (p->read_line(line, std::chrono::steady_clock::now() + 60s) == harness::ReadStatus::LINE) r.printed += line + "\n";
  r.exit_code = p->stop(5000ms);
  r.printed += params_file_text(err);
  auto stored = harness::Database::open(db).value()->run(1).value();
  r.status = stored->status_text();
  r.summary = stored->summary;
  for (const std::string& f : {db, db + "-wal", events}) r.stored += params_file_text(f);
  r.recorded = params_recorded_by(db, events);
  r.games = games_in(db).size();
  return r;
}

// The run stopped with exit status 2 and `message` in its output and stored summary; the games
// stored before stay, and every one of them recorded the good file's value only.
void params_expect_stopped_by(const ParamsStop& r, const std::string& message) {
  EXPECT_EQ(r.exit_code, 2) << r.printed;
  EXPECT_NE(r.printed.find(message), std::string::npos) << r.printed;
  EXPECT_EQ(r.status, "failed");
  EXPECT_NE(r.summary.find(message), std::string::npos) << r.summary;
  EXPECT_GE(r.games, 2u);
  EXPECT_LT(r.games, 200u) << "the run went on past the bad read";
  for (const std::string& v : r.recorded)
    EXPECT_TRUE(v == "Move Index=3" || v == "[WhiteParams \"'Move Index=3'\"]" || v == "[BlackParams \"'Move Index=3'\"]")
        << "a game recorded " << v;
}

TEST(ParamsFileChecks, ValuesTheEnginesWouldRefuseStopTheRunByFileAndLine) {
  struct Case {
    const char* name;
    const char* text;
    const char* message;  // after "PARAMS:"
  } cases[] = {
      {"params_unknown", "[a]\nMove Index=3\nContempt=s3cret-value\n", ":3: engine 'a' has no option 'Contempt'"},
      {"params_range", "[a]\nMove Index=101\n",
       ":2: option 'Move Index' of engine 'a' takes an integer from 0 to 100, not '101'"},
      {"params_nan", "[a]\nMove Index=nan\n",
       ":2: option 'Move Index' of engine 'a' takes an integer from 0 to 100, not 'nan'"},
      {"params_empty", "[a]\nMove Index=\n", ":2: the value is empty"},
      {"params_cr", "[a]\nMove Index=5\rsetoption name Move Index value 7\n",
       ":2: the value holds a control character (\\r)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::string params;
    const ParamsStop r = params_run_turning_bad(c.name, [&](const std::string& path) {
      params = path;
      params_replace_with(path, c.text);
    });
    params_expect_stopped_by(r, params + c.message);
    EXPECT_EQ(r.printed.find("s3cret-value"), std::string::npos) << "a value is quoted only when it is the wrong field";
  }
}

// A FIFO would block the reader in open() for good (the runner holds its lock meanwhile); a
// directory read as an empty file, and the games went on with no values.
TEST(ParamsFileChecks, AFileThatIsNotARegularFileStopsTheRunByName) {
  std::string fifo_params;
  const ParamsStop fifo = params_run_turning_bad("params_fifo", [&](const std::string& params) {
    fifo_params = params;
    const std::string fifo_path = params + ".fifo";
    fs::remove(fifo_path);
    ASSERT_EQ(::mkfifo(fifo_path.c_str(), 0600), 0);
    fs::rename(fifo_path, params);
  });
  params_expect_stopped_by(fifo, fifo_params + ": is a FIFO, not a regular file");

  std::string dir_params;
  const ParamsStop dir = params_run_turning_bad("params_dir", [&](const std::string& params) {
    dir_params = params;
    fs::remove(params);
    fs::create_directory(params);
  });
  params_expect_stopped_by(dir, dir_params + ": is a directory, not a regular file");
}

// The file swapped for a link to another file (here one shaped like /etc/shadow): the run stops
// at its first line, and nothing of that file reaches the output, the stored run or the events.
TEST(ParamsFileChecks, ALinkToAnotherFileDisclosesNothingOfIt) {
  const std::string dir = ::testing::TempDir() + "params_secret/";
  fs::create_directories(dir);
  const std::string secret = dir + "shadow", marker = "c2VjcmV0LWhhc2gtdmFsdWU";
  std::ofstream(secret) << "root:$6$" << marker << ":19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n";
  std::string params;
  const ParamsStop r = params_run_turning_bad("params_link", [&](const std::string& path) {
    params = path;
    params_replace_by_link(path, secret);
  });
  params_expect_stopped_by(r, params + ":1: not a NAME=VALUE line");
  EXPECT_EQ(r.printed.find(marker), std::string::npos) << r.printed;
  EXPECT_EQ(r.summary.find(marker), std::string::npos) << r.summary;
  EXPECT_EQ(r.stored.find(marker), std::string::npos) << "the database or the events hold the other file's line";
  EXPECT_EQ(r.stored.find("daemon:*"), std::string::npos);
}

// A file that is wrong from the start, in its values or as a file, is refused before anything is
// recorded: no database is made.
TEST(ParamsFileChecks, AFileWrongFromTheStartRecordsNothing) {
  struct Case {
    const char* name;
    std::function<void(const std::string&)> make;
    const char* message;
  } cases[] = {
      {"params_start_unknown", [](const std::string& p) { params_replace_with(p, "[b]\nContempt=10\n"); },
       ":2: engine 'b' has no option 'Contempt'"},
      {"params_start_range", [](const std::string& p) { params_replace_with(p, "Move Index=-1\n"); },
       ":1: option 'Move Index' of engine 'a' takes an integer from 0 to 100, not '-1'"},
      {"params_start_fifo", [](const std::string& p) { ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0); },
       ": is a FIFO, not a regular file"},
      {"params_start_dir", [](const std::string& p) { fs::create_directory(p); }, ": is a directory, not a regular file"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string db = temp_db(c.name);
    const std::string params = fs::path(db).parent_path().string() + "/params.txt";
    fs::remove_all(params);
    c.make(params);
    std::vector<std::string> args = match_args(db, mock("a", "option-moves"), mock("b", "option-moves"), 4);
    args.push_back("--params-file");
    args.push_back(params);
    const HarnessRun r = run_harness(args, 30s);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find(params + c.message), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(db)) << "a refused run records nothing";
  }
}

// A file that stops reading mid-run stops the run by its name and line; the games stored stay,
// and resume goes on once the file is mended.
TEST(ParamsFile, AFileThatTurnsBadStopsTheRunResumably) {
  const std::string db = temp_db("params_file_bad");
  const std::string params = fs::path(db).parent_path().string() + "/params.txt";
  std::ofstream(params) << "[a]\nMove Index=3\n";
  std::vector<std::string> args = match_args(db, mock("a", "option-moves"), mock("b", "option-moves"), 40);
  args.push_back("--params-file");
  args.push_back(params);
  auto p = start_harness(args, ::testing::TempDir() + "params_file_bad.err");
  ASSERT_TRUE(wait_for_games(db, 1, 2, 60s));
  std::ofstream(params) << "[a]\nMove Index 3\n";
  std::string line, out;
  while (p->read_line(line, std::chrono::steady_clock::now() + 60s) == harness::ReadStatus::LINE) out += line + "\n";
  EXPECT_EQ(p->stop(5000ms), 2) << out;
  std::ifstream err(::testing::TempDir() + "params_file_bad.err");
  const std::string message(std::istreambuf_iterator<char>(err), {});
  EXPECT_NE(message.find(params + ":2: not a NAME=VALUE line"), std::string::npos) << message;
  EXPECT_EQ(message.find("Move Index 3"), std::string::npos) << "the line is not quoted: " << message;
  const std::size_t stored = games_in(db).size();
  EXPECT_LT(stored, 40u);
  std::ofstream(params) << "[a]\nMove Index=3\n";
  HarnessRun resumed = run_harness({"resume", "1", "--db", db});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.out;
  EXPECT_EQ(games_in(db).size(), 40u);
}

}  // namespace
