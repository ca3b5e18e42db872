// --params-file: a client changes the values between pairs, as an SPSA client would; every
// game records the values it was played with, both games of a pair have the same, the engines
// received exactly those (the dialogue log shows each setoption), and no engine was restarted
// for them.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
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
  EXPECT_NE(message.find(params + ":2: 'Move Index 3' is not name=value"), std::string::npos) << message;
  const std::size_t stored = games_in(db).size();
  EXPECT_LT(stored, 40u);
  std::ofstream(params) << "[a]\nMove Index=3\n";
  HarnessRun resumed = run_harness({"resume", "1", "--db", db});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.out;
  EXPECT_EQ(games_in(db).size(), 40u);
}

}  // namespace
