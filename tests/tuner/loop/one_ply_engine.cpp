// An engine that is not this project's, for tuner loop's tests: it speaks UCI, takes a
// (768->N)x2->1 quantised network by its own option, NetFile (any N the file's size gives), and
// plays the move whose position its evaluation likes best after one ply: the network, read and
// evaluated here by the test tree's independent forward pass, or material when it has none. A
// file that is no such network ends it with status 1, so that a game it plays proves it loaded.
// A build can bake the network in instead: `--net FILE` loads it at the start. `bench` prints
// the nodes of a one-ply search of the start position and exits.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>

#include "core/game.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "support/test_networks.h"

namespace {

std::optional<testing_support::ReferenceNetwork> network;

bool load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (int hidden = 16; hidden <= 2048; hidden += 16)
    if (bytes.size() == testing_support::reference_file_bytes(hidden)) {
      network = testing_support::read_reference_network(bytes, hidden);
      return true;
    }
  return false;
}

int material(const chess::Position& pos) {
  constexpr int VALUE[] = {0, 100, 300, 300, 500, 900, 0};
  int score = 0;
  for (int sq = 0; sq < 64; ++sq) {
    const chess::Piece p = pos.piece_on(chess::Square(sq));
    if (p == chess::NO_PIECE) continue;
    score += ((p >= 8) == (pos.side_to_move() == chess::BLACK) ? 1 : -1) * VALUE[p & 7];
  }
  return score;
}

int evaluate(const chess::Position& pos) { return network ? testing_support::reference_evaluation(*network, pos) : material(pos); }

chess::Game parse_position(const std::string& line) {
  std::istringstream is(line);
  std::string word, fen;
  is >> word >> word;
  if (word == "fen")
    for (int i = 0; i < 6 && is >> word; ++i) fen += word + " ";
  auto parsed = chess::Position::from_fen(fen);
  chess::Game game(fen.empty() || !parsed ? chess::Position::startpos() : *parsed);
  while (is >> word)
    if (word != "moves") (void)game.play_uci(word);
  return game;
}

// The best move by one ply, and its score for the side to move (mates and stalemates counted).
void go(const chess::Game& game) {
  chess::Move best = chess::Move::none();
  int best_score = -100000;
  for (chess::Move m : chess::legal_moves(game.position())) {
    chess::Game after = game;
    after.play(m);
    int score = -evaluate(after.position());
    if (chess::count_legal(after.position()) == 0) score = after.position().in_check() ? 30000 : 0;
    if (score > best_score) best_score = score, best = m;
  }
  const std::string move = chess::to_uci(best);
  std::cout << "info depth 1 score cp " << std::max(-29000, std::min(29000, best_score)) << " nodes 1 pv " << move << "\n"
            << "bestmove " << move << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--net" && i + 1 < argc && !load(argv[++i])) {
      std::cerr << "--net: " << argv[i] << " is no network of the layout\n";
      return 1;
    }
    if (arg == "bench") {
      std::cout << "Nodes searched: " << chess::legal_moves(chess::Position::startpos()).size() << "\nNodes/second: 1000"
                << std::endl;
      return 0;
    }
  }
  chess::Game game;
  for (std::string line; std::getline(std::cin, line);) {
    if (line == "uci") {
      std::cout << "id name one-ply\noption name NetFile type string default <none>\nuciok" << std::endl;
    } else if (line == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (line.rfind("setoption name NetFile value ", 0) == 0) {
      const std::string path = line.substr(29);
      if (path == "<none>") {
        network.reset();
      } else if (!load(path)) {
        std::cerr << "NetFile: " << path << " is no network of the layout\n";
        return 1;
      }
    } else if (line.rfind("position", 0) == 0) {
      game = parse_position(line);
    } else if (line.rfind("go", 0) == 0) {
      go(game);
    } else if (line == "quit") {
      return 0;
    }
  }
}
