// UCI conversations with the engine binary over real pipes.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/game.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "support/bucketed_networks.h"
#include "support/engine_session.h"
#include "support/test_networks.h"

using namespace std::chrono_literals;
using testing_support::EngineSession;

namespace {

std::string bestmove_of(const std::string& line) {
  std::istringstream is(line);
  std::string word, move;
  is >> word >> move;
  return move;
}

bool legal_in(const std::string& fen_or_start, const std::vector<std::string>& moves, const std::string& uci) {
  chess::Game game(fen_or_start.empty() ? chess::Position::startpos() : chess::Position::from_fen(fen_or_start).value());
  for (const std::string& m : moves)
    if (!game.play_uci(m)) return false;
  return !chess::parse_uci(game.position(), uci).is_none();
}

TEST(Uci, HandshakeListsEveryOptionKind) {
  EngineSession e(ENGINE_PATH);
  e.send("uci");
  ASSERT_EQ(e.wait_for_prefix("uciok"), "uciok");
  EXPECT_TRUE(e.saw("id name Workbench dev"));
  EXPECT_TRUE(e.saw("option name Hash type spin default 16 min 1 max 65536"));
  EXPECT_TRUE(e.saw("option name Threads type spin default 1 min 1 max 1"));  // set by fishtest and OpenBench
  EXPECT_TRUE(e.saw("option name Clear Hash type button"));
  EXPECT_TRUE(e.saw("option name Version type combo default dev var v0.1 var v0.11 var v0.12 var v0.2 var dev"));
  EXPECT_TRUE(e.saw("option name EvalFile type string"));
  EXPECT_TRUE(e.saw("option name Debug Log type check default false"));
  EXPECT_TRUE(e.saw("option name bishop_pair_mg type spin"));
  e.send("isready");
  EXPECT_EQ(e.wait_for_prefix("readyok"), "readyok");
}

// The node count of a depth-7 search from the start after `setup` commands: the search's
// fingerprint of the weights in use.
std::string nodes_after(const std::vector<std::string>& setup) {
  EngineSession e(ENGINE_PATH);
  e.send("uci");
  e.wait_for_prefix("uciok");
  for (const std::string& line : setup) e.send(line);
  e.send("ucinewgame");
  e.send("position startpos");
  e.send("go depth 7");
  e.wait_for_prefix("bestmove", 60s);
  std::string last;
  for (const std::string& l : e.transcript())
    if (l.rfind("info depth 7 ", 0) == 0) last = l.substr(l.find(" nodes "), l.find(" nps ") - l.find(" nodes "));
  return last;
}

// dev's own evaluation is its built-in network; an empty EvalFile is its hand-written evaluation
// with its own weights, and weights given by an option are played by the hand-written evaluation.
TEST(Uci, DevPlaysWithItsOwnNetworkOrWeightsAndTheOthersWithTheDefaults) {
  const std::string weights = std::string(PROJECT_DIR) + "/configs/weights/";
  const std::string dev = nodes_after({});
  const std::string hce = nodes_after({"setoption name EvalFile value"});
  ASSERT_FALSE(dev.empty());
  ASSERT_FALSE(hce.empty());
  EXPECT_NE(dev, hce);
  EXPECT_EQ(nodes_after({"setoption name EvalFile value " + weights + "dev.json"}), hce);
  EXPECT_EQ(nodes_after({"setoption name EvalFile value <empty>"}), hce);
  EXPECT_EQ(nodes_after({"setoption name Version value v0.2", "setoption name EvalFile value <default>"}),
            nodes_after({"setoption name Version value v0.2"}));
  // A weight's option at the version's own value gives no weights: dev plays its network.
  EXPECT_EQ(nodes_after({"setoption name bishop_pair_mg value 22"}), dev);
  const std::string defaults = nodes_after({"setoption name EvalFile value " + weights + "default.json"});
  EXPECT_NE(defaults, hce);
  // Weights given by an option, and the hand-written choice, stay through a change of version;
  // "<default>" is the version's own evaluation.
  EXPECT_EQ(nodes_after({"setoption name EvalFile value " + weights + "default.json", "setoption name Version value v0.2",
                         "setoption name Version value dev"}),
            defaults);
  EXPECT_EQ(nodes_after({"setoption name EvalFile value", "setoption name Version value v0.2", "setoption name Version value dev"}),
            hce);
  EXPECT_EQ(nodes_after({"setoption name Version value v0.2", "setoption name Version value dev"}), dev);
  EXPECT_EQ(nodes_after({"setoption name EvalFile value " + weights + "default.json", "setoption name EvalFile value <default>"}),
            dev);
}

// A weight's option set back to the version's value returns the engine to what it played before
// the options gave weights, so a process reused with the options reset plays as a fresh one
// (before, dev stayed on its hand-written evaluation for good).
TEST(Uci, AWeightSetBackToTheVersionsValueReturnsToTheVersionsEvaluation) {
  const std::string dev = nodes_after({});
  const std::string hce = nodes_after({"setoption name EvalFile value"});
  ASSERT_FALSE(dev.empty());
  EXPECT_NE(nodes_after({"setoption name bishop_pair_mg value 30"}), dev);
  EXPECT_EQ(nodes_after({"setoption name bishop_pair_mg value 30", "setoption name bishop_pair_mg value 22"}), dev);
  EXPECT_EQ(nodes_after({"setoption name bishop_pair_mg value 30", "setoption name tempo_mg value 1",
                         "setoption name bishop_pair_mg value 22"}),
            nodes_after({"setoption name tempo_mg value 1"}));
  EXPECT_EQ(nodes_after({"setoption name EvalFile value", "setoption name bishop_pair_mg value 30",
                         "setoption name bishop_pair_mg value 22"}),
            hce);
  // v0.2's own value (configs/weights/default.json), not the option's declared default (dev's).
  EXPECT_EQ(nodes_after({"setoption name Version value v0.2", "setoption name bishop_pair_mg value 30",
                         "setoption name bishop_pair_mg value 25"}),
            nodes_after({"setoption name Version value v0.2"}));
}

TEST(Uci, SearchesToADepthWithFullInfoLines) {
  EngineSession e(ENGINE_PATH);
  e.send("uci");
  e.wait_for_prefix("uciok");
  e.send("ucinewgame");
  e.send("position startpos moves e2e4 e7e5");
  e.send("go depth 6");
  std::string best = e.wait_for_prefix("bestmove");
  ASSERT_FALSE(best.empty());
  EXPECT_TRUE(legal_in("", {"e2e4", "e7e5"}, bestmove_of(best))) << best;
  EXPECT_TRUE(e.saw("info depth 6 seldepth "));
  for (const char* field : {" score cp ", " nodes ", " nps ", " time ", " hashfull ", " pv "}) EXPECT_TRUE(e.saw(field)) << field;
}

// Searches under a time limit must end; how close they stay to it is measured by
// scripts/bench/time_overshoot.sh, never here (a loaded machine would fail a timed assertion).
TEST(Uci, MoveTimeSearchEnds) {
  EngineSession e(ENGINE_PATH);
  e.send("position startpos");
  e.send("isready");
  ASSERT_FALSE(e.wait_for_prefix("readyok", 30s).empty());
  e.send("go movetime 300");
  std::string best = e.wait_for_prefix("bestmove", 60s);
  ASSERT_FALSE(best.empty());
  EXPECT_TRUE(legal_in("", {}, bestmove_of(best))) << best;
}

TEST(Uci, ClockSearchEnds) {
  EngineSession e(ENGINE_PATH);
  e.send("position startpos moves d2d4");
  e.send("isready");
  ASSERT_FALSE(e.wait_for_prefix("readyok", 30s).empty());
  e.send("go wtime 1000 btime 1000 winc 10 binc 10");
  std::string best = e.wait_for_prefix("bestmove", 60s);
  ASSERT_FALSE(best.empty());
  EXPECT_TRUE(legal_in("", {"d2d4"}, bestmove_of(best))) << best;
}

// The move played is the first move of the last PV reported, also when time runs out in the
// middle of an iteration (fastchess counts every mismatch as a warning).
TEST(Uci, BestMoveIsTheLastReportedPvsFirstMove) {
  EngineSession e(ENGINE_PATH);
  const std::vector<std::string> fens = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
      "2r2rk1/1bqnbppp/pp1ppn2/8/2PNP3/1PN1BP2/P2QB1PP/2RR2K1 w - - 0 15",
  };
  int checked = 0;
  for (const std::string& fen : fens) {
    for (int nodes : {1500, 4000, 9000, 23000, 61000}) {
      e.send("ucinewgame");
      e.send("position fen " + fen);
      e.send("go nodes " + std::to_string(nodes));
      std::string best = e.wait_for_prefix("bestmove", 60s);
      ASSERT_FALSE(best.empty());
      std::string last_pv;
      for (const std::string& l : e.transcript()) {
        std::size_t at = l.find(" pv ");
        if (l.rfind("info ", 0) == 0 && at != std::string::npos) last_pv = l.substr(at + 4, l.find(' ', at + 4) - at - 4);
      }
      EXPECT_EQ(last_pv, bestmove_of(best)) << fen << " nodes " << nodes;
      e.clear_transcript();
      ++checked;
    }
  }
  EXPECT_EQ(checked, 15);
}

TEST(Uci, InfiniteWaitsForStop) {
  EngineSession e(ENGINE_PATH);
  e.send("position fen 8/8/8/8/8/8/6k1/4K2R w K - 0 1");  // a small tree: depth runs out fast
  e.send("go infinite");
  EXPECT_EQ(e.wait_for_prefix("bestmove", 500ms), "");
  e.send("stop");
  EXPECT_FALSE(e.wait_for_prefix("bestmove", 2s).empty());
}

TEST(Uci, NodeLimitIsRespected) {
  EngineSession e(ENGINE_PATH);
  e.send("position startpos");
  e.send("go nodes 20000");
  ASSERT_FALSE(e.wait_for_prefix("bestmove", 10s).empty());
  for (const std::string& l : e.transcript()) {
    std::size_t at = l.find(" nodes ");
    if (at != std::string::npos) {
      EXPECT_LE(std::stoull(l.substr(at + 7)), 20000u + 1024u) << l;
    }
  }
}

TEST(Uci, FindsMateAndReportsItAsMate) {
  EngineSession e(ENGINE_PATH);
  e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  e.send("go depth 4");
  EXPECT_EQ(e.wait_for_prefix("bestmove"), "bestmove a1a8");
  EXPECT_TRUE(e.saw("score mate 1"));
}

TEST(Uci, BadInputGetsInfoStringsAndTheEngineStaysUsable) {
  EngineSession e(ENGINE_PATH);
  e.send("flurb");
  e.send("position fen rnbqkbnr/pppppppp/8/8 w - - 0 1");
  e.send("position startpos moves e2e4 e2e4");
  e.send("position banana");
  e.send("go depth x");
  e.send("go sideways 3");
  e.send("setoption name Hash value lots");
  e.send("setoption name NoSuchOption value 1");
  e.send("setoption name Version value v9");
  e.send("setoption name EvalFile value /nonexistent/weights.json");
  e.send("setoption name EvalFile value <default>");  // weights given again: the error is gone
  e.send("setoption name Threads value 1");
  e.send("setoption name Threads value 2");
  e.send("isready");
  ASSERT_EQ(e.wait_for_prefix("readyok"), "readyok");
  for (const char* expected :
       {"info string unknown command: flurb", "info string invalid FEN", "info string illegal move e2e4",
        "info string malformed position command", "info string malformed go command: 'depth'",
        "info string malformed go command: unknown parameter 'sideways'", "info string option Hash needs an integer",
        "info string unknown option 'NoSuchOption'", "info string unknown version 'v9'",
        "info string /nonexistent/weights.json: cannot open", "info string option Threads must be from 1 to 1"})
    EXPECT_TRUE(e.saw(expected)) << expected;
  e.send("position startpos moves e2e4");
  e.send("go depth 3");
  std::string best = e.wait_for_prefix("bestmove");
  EXPECT_TRUE(legal_in("", {"e2e4"}, bestmove_of(best))) << best;
}

// EvalFile takes a network file as Stockfish's does; empty is the hand-written evaluation and
// <default> the built-in network.
TEST(Uci, EvalFileLoadsANetworkAndEmptyGoesBackToTheHandWrittenEvaluation) {
  const std::string net = ::testing::TempDir() + "uci-net.nnue";
  std::ofstream(net, std::ios::binary) << testing_support::random_network_bytes(32, 200, 127, 3000, 4);
  const std::string dev = nodes_after({});
  const std::string with_net = nodes_after({"setoption name EvalFile value " + net});
  ASSERT_FALSE(with_net.empty());
  EXPECT_NE(with_net, dev);
  EXPECT_EQ(nodes_after({"setoption name EvalFile value " + net, "setoption name EvalFile value"}),
            nodes_after({"setoption name EvalFile value"}));
  EXPECT_EQ(nodes_after({"setoption name EvalFile value " + net, "setoption name EvalFile value <default>"}), dev);
  EXPECT_EQ(nodes_after({"setoption name EvalFile value " + net, "setoption name Version value v0.2",
                         "setoption name Version value dev"}),
            with_net);
}

// An EvalFile that cannot be loaded ends the engine at the next isready, as Stockfish ends on a
// network it cannot load: before, it answered readyok and played its default weights.
TEST(Uci, AnEvalFileThatCannotBeLoadedStopsTheEngineBeforeItPlays) {
  EngineSession e(ENGINE_PATH);
  e.send("uci");
  ASSERT_EQ(e.wait_for_prefix("uciok"), "uciok");
  e.send("setoption name EvalFile value /nonexistent/weights.json");
  e.send("isready");
  const std::string error = e.wait_for_prefix("info string ERROR");
  EXPECT_NE(error.find("option EvalFile: /nonexistent/weights.json: cannot open"), std::string::npos) << error;
  EXPECT_EQ(e.wait_for_prefix("readyok", std::chrono::seconds(2)), "");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (e.process().running() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_FALSE(e.process().running());
  EXPECT_EQ(e.process().stop(std::chrono::milliseconds(100)), 1);
}

// Sends `setup`, then `ask` (isready or go): the engine must name the failed EvalFile, answer
// nothing to `ask` and end with status 1, never play.
void expect_stop_on_failed_evalfile(const std::vector<std::string>& setup, const std::string& ask) {
  EngineSession e(ENGINE_PATH);
  e.send("uci");
  ASSERT_EQ(e.wait_for_prefix("uciok"), "uciok");
  for (const std::string& line : setup) e.send(line);
  e.send("position startpos");
  e.send(ask);
  const std::string error = e.wait_for_prefix("info string ERROR", std::chrono::seconds(10));
  EXPECT_NE(error.find("option EvalFile: /nonexistent/net.nnue: cannot open"), std::string::npos) << ask << ": " << error;
  EXPECT_EQ(e.wait_for([](const std::string& l) { return l == "readyok" || l.rfind("bestmove", 0) == 0; }, 1s), "") << ask;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (e.process().running() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(10ms);
  EXPECT_EQ(e.process().stop(100ms), 1) << ask;
}

// A failed EvalFile stays failed until an EvalFile loads, whatever options follow it (before, a
// weight's option cleared the failure, and the engine answered readyok and played its
// hand-written evaluation).
TEST(Uci, AFailedEvalFileStaysFailedUntilAnEvalFileLoads) {
  const std::string failed = "setoption name EvalFile value /nonexistent/net.nnue";
  for (const char* ask : {"isready", "go depth 2"}) {
    expect_stop_on_failed_evalfile({failed, "setoption name bishop_pair_mg value 30"}, ask);
    expect_stop_on_failed_evalfile({failed, "setoption name bishop_pair_mg value 22"}, ask);
    expect_stop_on_failed_evalfile({failed, "setoption name Version value v0.2", "setoption name Clear Hash"}, ask);
    expect_stop_on_failed_evalfile({"setoption name bishop_pair_mg value 30", failed, "ucinewgame"}, ask);
  }
  EngineSession e(ENGINE_PATH);
  e.send(failed);
  e.send("setoption name EvalFile value <default>");
  e.send("setoption name bishop_pair_mg value 30");
  e.send("isready");
  EXPECT_EQ(e.wait_for_prefix("readyok"), "readyok");
}

// An EvalFile's path is the value verbatim: runs of spaces are kept (before, they collapsed to
// one and the engine stopped on a file that does not exist).
TEST(Uci, AnEvalFilePathWithRunsOfSpacesLoads) {
  const std::string dir = ::testing::TempDir() + "uci  spaced/";
  std::filesystem::create_directories(dir);
  const std::string spaced = dir + "a  b.nnue", plain = ::testing::TempDir() + "uci-plain.nnue";
  const std::string bytes = testing_support::random_network_bytes(32, 200, 127, 3000, 9);
  std::ofstream(spaced, std::ios::binary) << bytes;
  std::ofstream(plain, std::ios::binary) << bytes;
  EngineSession e(ENGINE_PATH);
  e.send("setoption name EvalFile value " + spaced);
  e.send("setoption name Hash value 32 ");  // an option that is no string is read without blanks around it
  e.send("isready");
  EXPECT_EQ(e.wait_for_prefix("readyok"), "readyok");
  EXPECT_FALSE(e.saw("info string"));
  const std::string with_spaced = nodes_after({"setoption name EvalFile value " + spaced});
  ASSERT_FALSE(with_spaced.empty());
  EXPECT_EQ(with_spaced, nodes_after({"setoption name EvalFile value " + plain}));
  EXPECT_NE(with_spaced, nodes_after({}));
}

// A network within the trainer's clip that evaluates 51,191 gives scores in centipawns below
// the mate range, never a mate (before, "score mate" from the start position).
TEST(Uci, ANetworkEvaluatingBeyondTheMateRangeGivesNoMateScore) {
  const std::string net = ::testing::TempDir() + "uci-saturated.nnue";
  std::ofstream(net, std::ios::binary) << testing_support::saturated_network_bytes(32);
  EngineSession e(ENGINE_PATH);
  e.send("setoption name EvalFile value " + net);
  for (const char* moves : {"", " moves e2e4"}) {
    e.send(std::string("position startpos") + moves);
    e.send("go depth 5");
    ASSERT_FALSE(e.wait_for_prefix("bestmove", 60s).empty()) << moves;
  }
  int scores = 0;
  for (const std::string& l : e.transcript()) {
    if (l.rfind("info depth ", 0) != 0) continue;
    ++scores;
    EXPECT_EQ(l.find(" score mate "), std::string::npos) << l;
    const std::size_t at = l.find(" score cp ");
    ASSERT_NE(at, std::string::npos) << l;
    EXPECT_LT(std::abs(std::stoi(l.substr(at + 10))), 31744) << l;  // the mate range: 32000 less two per ply of 128
  }
  EXPECT_GE(scores, 10);
}

// An EvalFile naming a FIFO is refused within a second, by name, and so is a folder (before, the
// engine waited in open() for a writer for ever and answered nothing, and a folder was "0 bytes").
TEST(Uci, AnEvalFileThatIsAFifoOrAFolderIsRefusedAtOnceByName) {
  const std::string fifo = ::testing::TempDir() + "uci-evalfile.fifo", folder = ::testing::TempDir() + "uci-evalfile-folder";
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::filesystem::create_directories(folder);
  for (const auto& [path, kind] : {std::pair{fifo, "a FIFO"}, std::pair{folder, "a directory"}}) {
    EngineSession e(ENGINE_PATH);
    e.send("uci");
    ASSERT_EQ(e.wait_for_prefix("uciok"), "uciok");
    e.send("setoption name EvalFile value " + path);
    const std::string refused = e.wait_for_prefix("info string", 1s);
    EXPECT_EQ(refused, "info string " + path + ": is " + kind + ", not a regular file: not a plausible network file");
    e.send("isready");
    const std::string error = e.wait_for_prefix("info string ERROR", 1s);
    EXPECT_NE(error.find("option EvalFile: " + path + ": is " + kind), std::string::npos) << error;
    EXPECT_EQ(error.find("bytes"), std::string::npos) << error;
  }
  std::filesystem::remove(fifo);
}

TEST(Uci, EndOfInputDuringASearchEndsTheEngine) {
  EngineSession e(ENGINE_PATH);
  e.send("position startpos");
  e.send("go infinite");
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(e.process().stop(2000ms), 0);  // closes stdin, waits: exit code 0, not killed
}

TEST(Uci, QuitEndsTheEngineDuringASearch) {
  EngineSession e(ENGINE_PATH);
  e.send("go infinite");
  e.send("quit");
  EXPECT_EQ(e.process().stop(3000ms), 0);  // exited by itself with status 0, not killed
}

TEST(Uci, VersionOptionAndFlagSelectTheVersion) {
  EngineSession flag(ENGINE_PATH, {"--version", "v0.12"});
  flag.send("uci");
  flag.wait_for_prefix("uciok");
  EXPECT_TRUE(flag.saw("id name Workbench v0.12"));
  EngineSession opt(ENGINE_PATH);
  opt.send("setoption name Version value v0.1");
  opt.send("uci");
  opt.wait_for_prefix("uciok");
  EXPECT_TRUE(opt.saw("id name Workbench v0.1"));
}

TEST(Uci, GoPerftAfterPosition) {
  EngineSession e(ENGINE_PATH);
  e.send("position startpos moves e2e4 e7e5");
  e.send("go perft 2");
  EXPECT_EQ(e.wait_for_prefix("Nodes searched"), "Nodes searched: 835");
  EXPECT_TRUE(e.saw("g1f3: 29"));  // Stockfish 15.1's divide of the same position says 29
}

}  // namespace

namespace {

// With UCI_Chess960 on, castling is king-takes-rook in both directions: read in a position
// command, written in perft's divide, and the search's move reads back as a legal move.
TEST(Uci, Chess960CastlesKingTakesRook) {
  const std::string fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  EngineSession e(ENGINE_PATH);
  e.send("uci");
  e.wait_for_prefix("uciok");
  EXPECT_TRUE(e.saw("option name UCI_Chess960 type check default false"));
  e.send("setoption name UCI_Chess960 value true");
  const std::string both_ways = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
  e.send("position fen " + both_ways + " moves b1h1");
  e.send("go perft 1");
  chess::Game game(chess::Position::from_fen(both_ways).value());
  ASSERT_TRUE(game.play_uci("b1h1", chess::Variant::FISCHERANDOM));
  EXPECT_EQ(game.position().fen(), "rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  EXPECT_EQ(e.wait_for_prefix("Nodes searched"), "Nodes searched: " + std::to_string(chess::legal_moves(game.position()).size()));
  // King b1 and rook a1: castling long is b1a1, the king's step is b1c1.
  e.send("position fen 1k6/8/8/8/8/8/8/RK6 w A - 0 1");
  e.send("go perft 1");
  e.wait_for_prefix("Nodes searched");
  EXPECT_TRUE(e.saw("b1a1: 1"));
  EXPECT_TRUE(e.saw("b1c1: 1"));
  e.send("position fen " + fen);
  e.send("go depth 4");
  const std::string best = bestmove_of(e.wait_for_prefix("bestmove", 60s));
  EXPECT_FALSE(chess::parse_uci(chess::Position::from_fen(fen).value(), best, chess::Variant::FISCHERANDOM).is_none()) << best;
}

}  // namespace

namespace {

// go ponder searches without a time limit and answers only after ponderhit (then on its clock)
// or stop; the Ponder option tells GUIs it may.
TEST(Uci, PondersUntilPonderhitOrStop) {
  EngineSession e(ENGINE_PATH);
  e.send("uci");
  e.wait_for_prefix("uciok");
  EXPECT_TRUE(e.saw("option name Ponder type check default false"));
  e.send("setoption name Ponder value true");
  e.send("position startpos moves e2e4 e7e5");
  e.send("go ponder wtime 200 btime 200");
  std::this_thread::sleep_for(600ms);  // three times the whole clock: a timed search would have answered
  e.send("isready");
  e.wait_for_prefix("readyok");
  EXPECT_FALSE(e.saw("bestmove")) << "answered while pondering";
  e.send("ponderhit");
  const std::string best = bestmove_of(e.wait_for_prefix("bestmove", 30s));
  EXPECT_TRUE(legal_in("", {"e2e4", "e7e5"}, best)) << best;
  // A miss: the GUI stops the ponder search and the engine answers at once.
  e.send("position startpos moves d2d4 d7d5");
  e.send("go ponder wtime 60000 btime 60000");
  std::this_thread::sleep_for(100ms);
  e.send("stop");
  EXPECT_TRUE(legal_in("", {"d2d4", "d7d5"}, bestmove_of(e.wait_for_prefix("bestmove", 30s))));
}

}  // namespace

namespace {

// EvalArch says how EvalFile's network is read, set before or after it (a network loaded is
// read again); the manifest beside a file says the same without it. A spec that is wrong is
// refused naming its part, and a file that does not fit it stops the engine as a failed EvalFile.
TEST(Uci, EvalArchReadsTheNetworkAsItsManifestWould) {
  const std::string dir = ::testing::TempDir() + "uci-evalarch/";
  std::filesystem::create_directories(dir);
  const std::string bytes = testing_support::bucketed_file_bytes(testing_support::random_bucketed(32, 10, 4));
  std::ofstream(dir + "net.nnue", std::ios::binary) << bytes;
  std::ofstream(dir + "listed.nnue", std::ios::binary) << bytes;
  std::ofstream(dir + "listed.json") << R"({"arch": "(768x10hm->32)x2->1x8"})";
  const std::string spec = "setoption name EvalArch value (768x10hm->32)x2->1x8";
  const std::string listed = nodes_after({"setoption name EvalFile value " + dir + "listed.nnue"});
  ASSERT_FALSE(listed.empty());
  EXPECT_EQ(nodes_after({spec, "setoption name EvalFile value " + dir + "net.nnue"}), listed);
  EXPECT_NE(listed, nodes_after({}));

  EngineSession e(ENGINE_PATH);
  e.send("setoption name EvalArch value (768x10hm->20)x2->1x8");
  e.send("isready");
  EXPECT_EQ(e.wait_for_prefix("readyok"), "readyok");
  EXPECT_TRUE(e.saw("multiple of 16")) << "the refusal names the part";
  EngineSession wrong(ENGINE_PATH);
  wrong.send("setoption name EvalArch value (768->32)x2->1x8");
  wrong.send("setoption name EvalFile value " + dir + "net.nnue");
  wrong.send("isready");
  EXPECT_FALSE(wrong.wait_for_prefix("info string ERROR", 10s).empty());
  EXPECT_TRUE(wrong.saw("does not fit the architecture (768->32)x2->1x8"));
}

}  // namespace
