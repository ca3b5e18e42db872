// engine: the workbench's chess engine. With no arguments it speaks UCI on standard input.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "core/position.h"
#include "perft_command.h"
#include "uci.h"

namespace {

constexpr const char* USAGE =
    "usage: engine                    speak UCI on standard input\n"
    "       engine perft DEPTH [FEN]  count leaf nodes with divide (start position by default)\n";

int perft_main(const std::vector<std::string>& args) {
  if (args.size() < 2) {
    std::cerr << "engine perft: missing DEPTH\n" << USAGE;
    return 2;
  }
  char* end = nullptr;
  long depth = std::strtol(args[1].c_str(), &end, 10);
  if (*end != '\0' || depth < 1 || depth > 20) {
    std::cerr << "engine perft: DEPTH must be a number from 1 to 20, got '" << args[1] << "'\n";
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
  engine::PerftReport report = engine::run_divide(*pos, int(depth), std::cout);
  std::cerr << "Time: " << report.seconds << " s, " << std::uint64_t(double(report.nodes) / std::max(report.seconds, 1e-9)) << " nodes/s\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return engine::run_uci(std::cin, std::cout);
  if (args[0] == "perft") return perft_main(args);
  if (args[0] == "--help" || args[0] == "-h") {
    std::cout << USAGE;
    return 0;
  }
  std::cerr << "engine: unknown command '" << args[0] << "'\n" << USAGE;
  return 2;
}
