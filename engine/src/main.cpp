// engine: the workbench's chess engine. It speaks UCI, or xboard when the first command is
// "xboard"; subcommands run perft and bench from the command line.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "bench.h"
#include "core/position.h"
#include "engine_state.h"
#include "perft_command.h"
#include "search/versions.h"
#include "uci.h"
#include "xboard.h"

namespace {

constexpr const char* USAGE =
    "usage: engine [--version NAME] [--weights FILE] [--net FILE] [--arch SPEC] [--eval hce] [COMMAND]\n"
    "  (no command)          speak UCI on standard input (xboard if the first line is 'xboard')\n"
    "  perft DEPTH [FEN]     count leaf nodes with divide (start position by default)\n"
    "  bench [DEPTH]         search the bench positions to DEPTH (default 10), print the node count\n"
    "  eval [FEN]            the static evaluation in centipawns, side to move's view (start position by default)\n"
    "  versions              list the versions and what each adds\n"
    "  --version NAME        v0.1, v0.11, v0.12, v0.2 or dev (default dev)\n"
    "  --weights FILE        hand-written evaluation weights JSON (default: the version's own, built in)\n"
    "  --net FILE            evaluate with this network, in bullet's quantised layout\n"
    "  --arch SPEC           its architecture: (768->N)x2->1, (768->N)x2->1x8 or (768xKhm->N)x2->1x8\n"
    "                        (default: the one its manifest FILE.json names, else (768->N)x2->1)\n"
    "  --eval hce            evaluate with the hand-written evaluation (dev's default is its built-in network)\n";

bool parse_depth(const std::string& text, long& depth) {
  char* end = nullptr;
  depth = std::strtol(text.c_str(), &end, 10);
  return !text.empty() && *end == '\0' && depth >= 1 && depth <= 64;
}

int perft_main(const std::vector<std::string>& args) {
  long depth = 0;
  if (args.size() < 2 || !parse_depth(args[1], depth) || depth > 20) {
    std::cerr << "engine perft: DEPTH must be a number from 1 to 20" << (args.size() > 1 ? ", got '" + args[1] + "'" : "")
              << '\n';
    return 2;
  }
  std::string fen;
  for (std::size_t i = 2; i < args.size(); ++i) fen += args[i] + ' ';
  if (fen.empty()) fen = std::string(chess::START_FEN);
  chess::Result<chess::Position> pos = chess::Position::from_fen(fen);
  if (!pos) {
    std::cerr << "engine perft: " << pos.error() << '\n';
    return 2;
  }
  // A Chess960 position's castling is written king-takes-rook, as Stockfish does with UCI_Chess960.
  const chess::Variant variant = pos->is_chess960() ? chess::Variant::FISCHERANDOM : chess::Variant::STANDARD;
  engine::PerftReport report = engine::run_divide(*pos, int(depth), std::cout, variant);
  std::cerr << "Time: " << report.seconds << " s, " << std::uint64_t(double(report.nodes) / std::max(report.seconds, 1e-9))
            << " nodes/s\n";
  return 0;
}

std::string select_evaluation(engine::EngineState& state, const std::string& name) {
  if (name != "hce") return "--eval takes hce (the hand-written evaluation), got '" + name + "'; a network is given by --net FILE";
  state.use_hand_written_eval();
  return {};
}

// engine eval [FEN]: what evaluates, then "Evaluation: CP" (side to move's view).
int eval_main(engine::EngineState& state, const std::vector<std::string>& args) {
  std::string fen;
  for (std::size_t i = 1; i < args.size(); ++i) fen += args[i] + ' ';
  if (fen.empty()) fen = std::string(chess::START_FEN);
  chess::Result<chess::Position> pos = chess::Position::from_fen(fen);
  if (!pos) {
    std::cerr << "engine eval: " << pos.error() << '\n';
    return 2;
  }
  std::cout << "Evaluation by " << state.evaluation_name() << '\n';
  std::cout << "Evaluation: " << state.searcher().evaluate(*pos) << std::endl;
  return 0;
}

int protocol_main(engine::EngineState& state) {
  std::string first;
  while (std::getline(std::cin, first)) {
    if (!first.empty() && first.back() == '\r') first.pop_back();
    if (first.find_first_not_of(" \t") != std::string::npos) break;
  }
  if (!std::cin && first.empty()) return 0;
  if (first.rfind("xboard", 0) == 0) return engine::run_xboard(state, std::cin, std::cout);
  return engine::run_uci(state, std::cin, std::cout, first);
}

// --arch first, wherever it stands among the flags: it says how --net's file is read.
std::string apply_arch_first(engine::EngineState& state, const std::vector<std::string>& args) {
  for (std::size_t i = 0; i + 1 < args.size() && args[i].rfind("--", 0) == 0; i += 2)
    if (args[i] == "--arch") return state.set_eval_arch(args[i + 1]);
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  engine::EngineState state;
  if (const std::string err = apply_arch_first(state, args); !err.empty()) {
    std::cerr << "engine: --arch: " << err << '\n';
    return 2;
  }
  while (!args.empty() && args[0].rfind("--", 0) == 0) {
    const std::string flag = args[0];
    if (flag == "--help") {
      std::cout << USAGE;
      return 0;
    }
    if (args.size() < 2) {
      std::cerr << "engine: " << flag << " needs a value\n" << USAGE;
      return 2;
    }
    std::string err;
    if (flag == "--version")
      err = state.set_version(args[1]);
    else if (flag == "--weights")
      err = state.load_weights(args[1]);
    else if (flag == "--net")
      err = state.load_network(args[1]);
    else if (flag == "--arch")
      ;  // applied before the other flags
    else if (flag == "--eval")
      err = select_evaluation(state, args[1]);
    else
      err = "unknown option '" + flag + "'";
    if (!err.empty()) {
      std::cerr << "engine: " << err << '\n';
      return 2;
    }
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.empty()) return protocol_main(state);
  if (args[0] == "perft") return perft_main(args);
  if (args[0] == "bench") {
    long depth = 10;
    if (args.size() > 1 && !parse_depth(args[1], depth)) {
      std::cerr << "engine bench: DEPTH must be a number from 1 to 64, got '" << args[1] << "'\n";
      return 2;
    }
    engine::run_bench(state, int(depth), std::cout);
    return 0;
  }
  if (args[0] == "eval") return eval_main(state, args);
  if (args[0] == "versions") {
    for (const search::Version& v : search::versions()) std::cout << v.name << ": " << v.summary << '\n';
    return 0;
  }
  if (args[0] == "-h") {
    std::cout << USAGE;
    return 0;
  }
  std::cerr << "engine: unknown command '" << args[0] << "'\n" << USAGE;
  return 2;
}
