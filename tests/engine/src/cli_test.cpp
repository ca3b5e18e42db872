// Drives the engine binary through its standard input and output, as a GUI or the harness would.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/files.h"
#include "support/random_games.h"
#include "support/bucketed_networks.h"
#include "support/test_networks.h"

namespace {

struct RunResult {
  int exit_code;
  std::string out;
  std::string err;
};

// Runs the engine with `input` on standard input (end of input after the last line).
RunResult run_engine(const std::string& args, const std::string& input) {
  char dir_template[] = "/tmp/engine_cli_XXXXXX";
  std::string dir = mkdtemp(dir_template);
  std::ofstream(dir + "/in") << input;
  std::string cmd = std::string(ENGINE_PATH) + " " + args + " < " + dir + "/in > " + dir + "/out 2> " + dir + "/err";
  int status = std::system(cmd.c_str());
  RunResult r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, testing_support::file_bytes(dir + "/out"),
              testing_support::file_bytes(dir + "/err")};
  std::system(("rm -rf " + dir).c_str());
  return r;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(EngineCli, PerftPrintsDivideLinesAndTotal) {
  RunResult r = run_engine("perft 3", "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out, "e2e4: 600\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "\nNodes searched: 8902\n")) << r.out;
}

TEST(EngineCli, PerftTakesAFen) {
  RunResult r = run_engine("perft 2 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out, "e1g1: 43\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "Nodes searched: 2039\n")) << r.out;
}

TEST(EngineCli, PerftRejectsBadArguments) {
  RunResult r = run_engine("perft x", "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "DEPTH must be a number")) << r.err;
  r = run_engine("perft 2 8/8/8/8/8/8/8/8 w - - 0 1", "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "invalid FEN: missing white king")) << r.err;
  r = run_engine("frobnicate", "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "unknown command 'frobnicate'")) << r.err;
}

TEST(EngineCli, UciGoPerftAfterPositionWithMoves) {
  RunResult r = run_engine("", "uci\nisready\nposition startpos moves e2e4 e7e5\ngo perft 2\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out, "uciok")) << r.out;
  EXPECT_TRUE(contains(r.out, "readyok")) << r.out;
  EXPECT_TRUE(contains(r.out, "Nodes searched: 835\n")) << r.out;
}

TEST(EngineCli, BadInputGetsAnInfoLineAndTheEngineStaysUsable) {
  RunResult r = run_engine("",
                           "bogus command\n"
                           "position fen 8/8/8/8 w - - 0 1\n"
                           "position startpos moves e2e5\n"
                           "position sideways\n"
                           "go perft banana\n"
                           "isready\n"
                           "go perft 1\n");
  EXPECT_EQ(r.exit_code, 0);  // end of input without quit ends cleanly
  EXPECT_TRUE(contains(r.out, "info string unknown command: bogus command")) << r.out;
  EXPECT_TRUE(contains(r.out, "info string invalid FEN")) << r.out;
  EXPECT_TRUE(contains(r.out, "info string illegal move e2e5")) << r.out;
  EXPECT_TRUE(contains(r.out, "info string malformed position command")) << r.out;
  EXPECT_TRUE(contains(r.out, "info string go perft needs a depth")) << r.out;
  EXPECT_TRUE(contains(r.out, "readyok")) << r.out;
  EXPECT_TRUE(contains(r.out, "Nodes searched: 20\n")) << r.out;
}

TEST(EngineCli, EmptyInputEndsTheEngineAtOnce) {
  RunResult r = run_engine("", "");
  EXPECT_EQ(r.exit_code, 0);
}

}  // namespace

namespace {

// A random network of bullet's layout in a file of the test's; its path.
std::string network_file(int hidden, std::uint32_t seed) {
  const std::string path = ::testing::TempDir() + "net-" + std::to_string(hidden) + "-" + std::to_string(seed) + ".nnue";
  std::ofstream(path, std::ios::binary) << testing_support::random_network_bytes(hidden, 200, 127, 3000, seed);
  return path;
}

// The last number of the last line: what `engine eval` gives.
int last_number(const std::string& out) {
  std::string text = out;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  const std::string last = text.substr(text.rfind('\n') + 1);
  return std::stoi(last.substr(last.find_last_of(' ') + 1));
}

TEST(EngineCli, EvalWithANetworkEqualsTheIndependentForwardPass) {
  const std::string net = network_file(64, 31);
  std::ifstream in(net, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto ref = testing_support::read_reference_network(bytes, 64);
  int positions = 0;
  testing_support::for_each_random_move(3, 40, 8, [&](chess::Position& pos, chess::Move) {
    if (positions++ % 3 != 0) return;
    RunResult r = run_engine("--net " + net + " eval " + pos.fen(), "");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "Evaluation by network " + net + " ((768->64)x2->1, ")) << r.out;
    EXPECT_EQ(last_number(r.out), testing_support::reference_evaluation(ref, pos)) << pos.fen();
  });
  EXPECT_GT(positions, 100);
}

// A position where evaluations differ by far: White has no queen.
const std::string unbalanced = " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";

// The number after "Evaluation: " on the last line.
std::string evaluation_of(const RunResult& r) { return r.out.substr(r.out.rfind("Evaluation: ") + 12); }

// dev evaluates with the built-in network (engine/networks/dev.nnue) unless told otherwise.
TEST(EngineCli, DevEvaluatesWithTheBuiltInNetworkByDefault) {
  const std::string fen = " r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  RunResult builtin = run_engine("eval" + fen, "");
  ASSERT_EQ(builtin.exit_code, 0) << builtin.err;
  EXPECT_TRUE(contains(builtin.out, "Evaluation by network engine/networks/dev.nnue (built in) ((768->")) << builtin.out;
  RunResult file = run_engine("--net " + std::string(PROJECT_DIR) + "/engine/networks/dev.nnue eval" + fen, "");
  ASSERT_EQ(file.exit_code, 0) << file.err;
  EXPECT_EQ(evaluation_of(file), evaluation_of(builtin));
  EXPECT_EQ(run_engine("--version v0.2 --version dev eval" + fen, "").out, builtin.out);
}

// --eval hce, weights and the older versions are the hand-written evaluation, across version changes.
TEST(EngineCli, TheHandWrittenEvaluationIsChosenByEvalHceWeightsOrAnOlderVersion) {
  RunResult hce = run_engine("--eval hce eval", "");
  ASSERT_EQ(hce.exit_code, 0) << hce.err;
  EXPECT_TRUE(contains(hce.out, "Evaluation by hand-written (dev weights)")) << hce.out;
  EXPECT_NE(evaluation_of(run_engine("--eval hce eval" + unbalanced, "")), evaluation_of(run_engine("eval" + unbalanced, "")));
  EXPECT_EQ(run_engine("--net " + network_file(32, 1) + " --eval hce eval", "").out, hce.out);
  EXPECT_EQ(run_engine("--eval hce --version v0.2 --version dev eval", "").out, hce.out);
  EXPECT_TRUE(contains(run_engine("--version v0.2 eval", "").out, "Evaluation by hand-written (v0.2 weights)"));
  RunResult weights = run_engine("--weights " + std::string(PROJECT_DIR) + "/configs/weights/dev.json eval", "");
  EXPECT_TRUE(contains(weights.out, "Evaluation by hand-written (weights given)")) << weights.out;
  EXPECT_EQ(evaluation_of(weights), evaluation_of(hce));
  RunResult bad = run_engine("--eval nnue eval", "");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "--eval takes hce")) << bad.err;
}

// Of weights and a network file, the one given last evaluates; --eval hce keeps weights given.
TEST(EngineCli, TheLastOfWeightsAndANetworkFileEvaluates) {
  const std::string weights = " --weights " + std::string(PROJECT_DIR) + "/configs/weights/default.json";
  const std::string net = network_file(32, 3);
  EXPECT_TRUE(contains(run_engine(weights + " --net " + net + " eval", "").out, "Evaluation by network " + net));
  RunResult by_hand = run_engine("--net " + net + weights + " eval" + unbalanced, "");
  EXPECT_TRUE(contains(by_hand.out, "Evaluation by hand-written (weights given)")) << by_hand.out;
  EXPECT_EQ(run_engine(weights + " --eval hce eval" + unbalanced, "").out, by_hand.out);
  EXPECT_NE(evaluation_of(by_hand), evaluation_of(run_engine("--eval hce eval" + unbalanced, "")));
}

TEST(EngineCli, ANetworkFileOfAnotherLayoutIsRefusedNamingIt) {
  const std::string path = ::testing::TempDir() + "short.nnue";
  std::ofstream(path, std::ios::binary) << testing_support::random_network_bytes(64, 200, 127, 3000, 1).substr(64);
  RunResult r = run_engine("--net " + path + " eval", "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, path + ": ")) << r.err;
  EXPECT_TRUE(contains(r.err, "bytes is no network of the (768->N)x2->1 layout")) << r.err;
  r = run_engine("--net /no/such.nnue eval", "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "/no/such.nnue")) << r.err;
}

// A network within the trainer's clip computes 51,191 for every position (bullet's arithmetic);
// `eval` gives it clamped below the mate range, which starts at 31,744 (32,000 less two per ply
// of 128), for either side to move (before, 51191).
TEST(EngineCli, AnEvaluationBeyondTheMateRangeIsClampedBelowIt) {
  const std::string net = ::testing::TempDir() + "cli-saturated.nnue";
  std::ofstream(net, std::ios::binary) << testing_support::saturated_network_bytes(32);
  for (const char* fen : {"", " rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}) {
    RunResult r = run_engine("--net " + net + " eval" + fen, "");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "Evaluation by network " + net + " ((768->32)x2->1, ")) << r.out;
    const int cp = last_number(r.out);
    EXPECT_LT(cp, 31744) << fen;
    EXPECT_GT(cp, 30000) << fen;  // clamped, not wrapped
  }
}

// The label names the kernel that evaluates: a file with an output weight beyond +-128 is
// evaluated by the portable exact path whatever the build's kernel (before, "avx2" or "avx512").
TEST(EngineCli, TheLabelNamesThePortableKernelForWideOutputWeights) {
  const std::string wide = ::testing::TempDir() + "cli-wide.nnue";
  std::ofstream(wide, std::ios::binary) << testing_support::random_network_bytes(32, 200, 300, 3000, 6);
  RunResult r = run_engine("--net " + wide + " eval", "");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Evaluation by network " + wide + " ((768->32)x2->1, portable)\n")) << r.out;
  RunResult bench = run_engine("--net " + wide + " bench 1", "");
  EXPECT_TRUE(contains(bench.out, "\nEvaluation: network " + wide + " ((768->32)x2->1, portable)\n")) << bench.out;
}

TEST(EngineCli, BenchNamesTheEvaluationItRan) {
  RunResult builtin = run_engine("bench 3", "");
  EXPECT_TRUE(contains(builtin.out, "\nEvaluation: network engine/networks/dev.nnue (built in) ((768->")) << builtin.out;
  RunResult hce = run_engine("--eval hce bench 3", "");
  EXPECT_TRUE(contains(hce.out, "\nEvaluation: hand-written (dev weights)\n")) << hce.out;
  const std::string net = network_file(32, 2);
  RunResult with_net = run_engine("--net " + net + " bench 3", "");
  EXPECT_TRUE(contains(with_net.out, "\nEvaluation: network " + net + " ((768->32)x2->1, ")) << with_net.out;
  const auto nodes = [](const RunResult& r) { return r.out.substr(r.out.find("Nodes searched")); };
  EXPECT_NE(nodes(hce), nodes(with_net));
  EXPECT_NE(nodes(hce), nodes(builtin));
}

}  // namespace

namespace {

// A network of each integer architecture is evaluated by the engine as the test tree's own
// forward pass evaluates it, its architecture given by --arch or by the manifest beside it; a
// file of another size is refused naming both.
TEST(EngineCli, EachIntegerArchitectureIsEvaluatedFromArchOrManifest) {
  struct Case {
    const char* spec;
    int king_buckets;
  };
  const char* fens[] = {"r3k2r/pppq1ppp/2np1n2/2b1p3/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
                        "8/5k2/8/3p4/8/2K5/8/8 b - - 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"};
  for (const Case& c : {Case{"(768->32)x2->1x8", 0}, Case{"(768x10hm->32)x2->1x8", 10}}) {
    const testing_support::BucketedReference ref = testing_support::random_bucketed(32, c.king_buckets, 21);
    const std::string dir = ::testing::TempDir() + "cli-arch-" + std::to_string(c.king_buckets) + "/";
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "net.nnue", std::ios::binary) << testing_support::bucketed_file_bytes(ref);
    std::ofstream(dir + "listed.nnue", std::ios::binary) << testing_support::bucketed_file_bytes(ref);
    std::ofstream(dir + "listed.json") << "{\"arch\": \"" << c.spec << "\"}";
    for (const char* fen : fens) {
      const int expected = testing_support::bucketed_evaluate(ref, *chess::Position::from_fen(fen));
      RunResult given = run_engine("--net " + dir + "net.nnue --arch '" + c.spec + "' eval " + fen, "");
      ASSERT_EQ(given.exit_code, 0) << given.err;
      EXPECT_TRUE(contains(given.out, std::string("(") + c.spec + ", ")) << given.out;
      EXPECT_EQ(last_number(given.out), expected) << c.spec << " " << fen;
      RunResult listed = run_engine("--net " + dir + "listed.nnue eval " + fen, "");
      ASSERT_EQ(listed.exit_code, 0) << listed.err;
      EXPECT_EQ(last_number(listed.out), expected) << c.spec << " " << fen;
    }
    RunResult plain = run_engine("--net " + dir + "net.nnue eval", "");
    EXPECT_EQ(plain.exit_code, 2) << "no architecture: the simple network's sizes, and this is none";
  }
  const std::string wrong = ::testing::TempDir() + "cli-arch-0/net.nnue";
  RunResult refused = run_engine("--net " + wrong + " --arch '(768x10hm->32)x2->1x8' eval", "");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_TRUE(contains(refused.err, wrong + ": 50304 bytes does not fit the architecture (768x10hm->32)x2->1x8")) << refused.err;
  RunResult bad_spec = run_engine("--arch '(768->20)x2->1' eval", "");
  EXPECT_EQ(bad_spec.exit_code, 2);
  EXPECT_TRUE(contains(bad_spec.err, "multiple of 16")) << bad_spec.err;
}

}  // namespace
