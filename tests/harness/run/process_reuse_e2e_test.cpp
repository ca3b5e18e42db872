// A game slot reuses an engine's process only when that cannot change what it plays
// (run/match_slots.cpp, Player::reconfigure): in a tournament a b c where c is configured exactly
// like a, every engine plays its own configuration, and a reused process plays with its new
// engine's own limit. The mock engines play the move of their "Move Index", so the moves show
// which configuration played them.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "record/dialogue_log.h"
#include "support/harness_cli.h"

namespace {

// The mock's move for "Move Index" `index` where `game` stands: the legal moves in alphabetical
// order of their UCI text.
std::string reuse_indexed_move(const chess::Game& game, int index) {
  std::vector<std::string> moves;
  for (chess::Move m : chess::legal_moves(game.position())) moves.push_back(chess::to_uci(m));
  std::sort(moves.begin(), moves.end());
  return moves.empty() ? "" : moves[std::size_t(index) % moves.size()];
}

// Every move of run 1 that is not its engine's index's (`index_of`, by engine name), one a line.
std::string reuse_wrong_moves(const std::string& db, const std::map<std::string, int>& index_of) {
  auto stored = harness::Database::open(db).value();
  std::string wrong;
  for (const harness::StoredGame& g : stored->games(1).value()) {
    chess::Game game(chess::Position::from_fen(g.opening_fen).value());
    for (const std::string& m : g.opening_moves) (void)game.play_uci(m);
    for (const std::string& m : stored->game_moves(g.id).value()) {
      const std::string& engine = game.position().side_to_move() == chess::WHITE ? g.white : g.black;
      const std::string expected = reuse_indexed_move(game, index_of.at(engine));
      if (m != expected)
        wrong += "game " + std::to_string(g.game_index + 1) + ": " + engine + " played " + m + ", not " + expected + "\n";
      if (!game.play_uci(m)) break;
    }
  }
  return wrong;
}

std::string reuse_spec(const std::string& name, const std::string& mode, const std::string& more) {
  return "name=" + name + " cmd=" + MOCK_ENGINE_PATH + " arg=" + mode + (more.empty() ? "" : " " + more);
}

std::string reuse_log_path(const std::string& db) {
  const std::string path = std::filesystem::path(db).parent_path().string() + "/dialogue.log";
  std::filesystem::remove(path);
  return path;
}

// The dialogue log's lines to engines during games (the start check's are game 0).
std::vector<harness::DialogueLine> reuse_lines_sent(const std::string& log) {
  std::vector<harness::DialogueLine> sent;
  std::ifstream in(log);
  for (std::string text; std::getline(in, text);)
    if (auto line = harness::parse_dialogue_line(text); line && !line->note && line->to_engine && line->game > 0)
      sent.push_back(*line);
  return sent;
}

// Before, c took over b's process by "setoption name Move Index value 0", its declared default;
// an engine that does not go back to its start by that (sticky-moves, as the project's engine
// for evaluation weights) played b's moves as c.
TEST(ProcessReuse, EachEngineOfATournamentPlaysItsOwnConfiguration) {
  const std::string db = temp_db("reuse_tournament");
  HarnessRun r = run_harness({"tournament", "a", "b", "c", "--engine", reuse_spec("a", "sticky-moves", ""), "--engine",
                              reuse_spec("b", "sticky-moves", "'option.Move Index=4'"), "--engine",
                              reuse_spec("c", "sticky-moves", ""), "--depth", "1", "--concurrency", "1", "--maxmoves", "6",
                              "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  ASSERT_EQ(games_in(db).size(), 6u);
  EXPECT_EQ(reuse_wrong_moves(db, {{"a", 0}, {"b", 4}, {"c", 0}}), "");
}

// The same with values only: c (like a) takes b's process by "setoption" with every option
// given a value, and plays a's moves.
TEST(ProcessReuse, NewValuesOfTheSameOptionsAreTakenWithoutARestart) {
  const std::string db = temp_db("reuse_values");
  const std::string log = reuse_log_path(db);
  HarnessRun r = run_harness({"tournament", "a", "b", "c", "--engine", reuse_spec("a", "sticky-moves", "'option.Move Index=1'"),
                              "--engine", reuse_spec("b", "sticky-moves", "'option.Move Index=4'"), "--engine",
                              reuse_spec("c", "sticky-moves", "'option.Move Index=1'"), "--depth", "1", "--concurrency", "1",
                              "--maxmoves", "6", "--log", log, "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(reuse_wrong_moves(db, {{"a", 1}, {"b", 4}, {"c", 1}}), "");
  const auto sent = reuse_lines_sent(log);
  EXPECT_EQ(std::count_if(sent.begin(), sent.end(), [](const harness::DialogueLine& l) { return l.text == "uci"; }), 2)
      << "two processes played all three engines";
}

// Before, a reused process kept the limit of the engine it was started for: c, configured like
// a but with depth=2 of its own, was sent "go depth 1" in every game.
TEST(ProcessReuse, AReusedProcessPlaysWithItsEnginesOwnLimit) {
  const std::string db = temp_db("reuse_limit");
  const std::string log = reuse_log_path(db);
  HarnessRun r = run_harness({"tournament", "a", "b", "c", "--engine", reuse_spec("a", "option-moves", "'option.Move Index=1'"),
                              "--engine", reuse_spec("b", "option-moves", "'option.Move Index=4'"), "--engine",
                              reuse_spec("c", "option-moves", "'option.Move Index=1' depth=2"), "--depth", "1", "--concurrency",
                              "1", "--maxmoves", "6", "--log", log, "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::map<std::string, std::set<std::string>> searches;  // each engine's "go" lines
  for (const harness::DialogueLine& line : reuse_lines_sent(log))
    if (line.text.rfind("go", 0) == 0) searches[line.engine].insert(line.text);
  EXPECT_EQ(searches["a"], std::set<std::string>{"go depth 1"});
  EXPECT_EQ(searches["b"], std::set<std::string>{"go depth 1"});
  EXPECT_EQ(searches["c"], std::set<std::string>{"go depth 2"});
}

}  // namespace
