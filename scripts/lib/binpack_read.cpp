// Reads a .binpack with nnue-pytorch's own reader (data_loader/cpp/lib/binpack.h, built by
// scripts/interop/check_binpack.sh from nnue-pytorch's source, not by this project's build) and prints
// each entry as `FEN | score | result | move`, the score and result from White's view, as
// `harness positions --format text` writes them. Given a second file, it also writes every entry
// it read to that file with nnue-pytorch's own writer, which chains and chunks them its way.
#include <cstdio>
#include <memory>

#include "binpack.h"

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: binpack_read FILE.binpack [REWRITTEN.binpack]\n");
    return 2;
  }
  binpack::CompressedTrainingDataEntryReader reader(argv[1], std::ios::in | std::ios::binary);
  std::unique_ptr<binpack::CompressedTrainingDataEntryWriter> writer;
  if (argc == 3) writer = std::make_unique<binpack::CompressedTrainingDataEntryWriter>(argv[2], std::ios::out | std::ios::trunc);
  while (reader.hasNext()) {
    const binpack::TrainingDataEntry e = reader.next();
    if (writer) writer->addTrainingDataEntry(e);
    const bool black = e.pos.sideToMove() == chess::Color::Black;
    const int score = black ? -e.score : e.score;
    const int result = black ? -e.result : e.result;
    std::printf("%s | %d | %.1f | %s%s\n", e.pos.fen().c_str(), score, (result + 1) / 2.0,
                chess::uci::moveToUci(e.pos, e.move).c_str(), e.isValid() ? "" : " (not a legal move)");
  }
  return 0;
}
