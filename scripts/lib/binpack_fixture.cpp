// Writes the games of tests/harness/datagen/fixtures/binpack_games.txt (FEN | result | moves in
// UCI with White's score or -) with nnue-pytorch's own binpack writer (data_loader/cpp/lib,
// built by scripts/interop/make_binpack_fixture.sh from nnue-pytorch's source, not by this project's
// build): each scored move an entry, from the side to move's view, which the writer chains.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "binpack.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: binpack_fixture GAMES.txt OUT.binpack\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  binpack::CompressedTrainingDataEntryWriter writer(argv[2], std::ios::out | std::ios::trunc);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t bar = line.find(" | "), bar2 = line.find(" | ", bar + 3);
    const std::string fen = line.substr(0, bar), result = line.substr(bar + 3, bar2 - bar - 3);
    const int white_result = result == "1-0" ? 1 : result == "0-1" ? -1 : 0;
    chess::Position pos = chess::Position::fromFen(fen);
    std::istringstream fields(fen), moves(line.substr(bar2 + 3));
    std::string field[6];
    for (std::string& f : field) fields >> f;
    int ply = (std::stoi(field[5]) - 1) * 2 + (field[1] == "b");
    for (std::string token; moves >> token; ++ply) {
      const std::size_t colon = token.find(':');
      const chess::Move move = chess::uci::uciToMove(pos, token.substr(0, colon));
      const std::string score = token.substr(colon + 1);
      const int sign = pos.sideToMove() == chess::Color::White ? 1 : -1;
      if (score != "-") {
        binpack::TrainingDataEntry e{pos, move, std::int16_t(sign * std::stoi(score)), std::uint16_t(ply),
                                     std::int16_t(sign * white_result)};
        writer.addTrainingDataEntry(e);
      }
      pos.doMove(move);
    }
  }
  return 0;
}
