// Writes suites/openings.pgn from suites/openings.epd: each opening's moves (its c0 field, UCI
// from the start position) as a PGN game, for xboard engines that cannot take a FEN (no setboard).
#include <fstream>
#include <iostream>

#include "core/game.h"
#include "core/san.h"
#include "core/uci_move.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: openings_to_pgn OPENINGS.epd > OPENINGS.pgn\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << argv[1] << ": cannot open\n";
    return 2;
  }
  int number = 0, written = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::size_t c0 = line.find("c0 \"");
    if (line.empty() || line[0] == '#' || c0 == std::string::npos) continue;
    std::string moves = line.substr(c0 + 4, line.find('"', c0 + 4) - c0 - 4);
    chess::Game game;
    std::string text;
    std::size_t ply = 0;
    for (std::size_t at = 0; at < moves.size();) {
      std::size_t end = moves.find(' ', at);
      std::string uci = moves.substr(at, end == std::string::npos ? std::string::npos : end - at);
      at = end == std::string::npos ? moves.size() : end + 1;
      chess::Move m = chess::parse_uci(game.position(), uci);
      if (m.is_none()) {
        std::cerr << argv[1] << ":" << number << ": illegal move " << uci << "\n";
        return 1;
      }
      if (ply % 2 == 0) text += std::to_string(ply / 2 + 1) + ". ";
      text += chess::to_san(game.position(), m) + " ";
      game.play(m);
      ++ply;
    }
    std::cout << "[Event \"opening " << ++written << "\"]\n[Result \"*\"]\n\n" << text << "*\n\n";
  }
  return 0;
}
