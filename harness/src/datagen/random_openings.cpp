#include "datagen/random_openings.h"

#include <memory>
#include <random>
#include <vector>

#include "core/game.h"
#include "openings/chess960_openings.h"
#include "settings/output_file.h"

namespace harness {

std::string random_openings_name(int count, int plies, std::uint64_t seed) {
  return "datagen-openings-" + std::to_string(count) + "x" + std::to_string(plies) + "-seed" + std::to_string(seed) + ".epd";
}

chess::Result<bool> write_random_openings(const std::string& path, int count, int plies, std::uint64_t seed) {
  std::mt19937_64 rng(seed ^ 0x2545f4914f6cdd1dULL);
  auto file = OutputFile::open("--random-plies: the book", path);
  CHESS_RETURN_IF_ERROR(file);
  std::ostream& out = (*file)->stream();
  out << "# " << count << " openings of " << plies << " random plies from the start (harness datagen, seed " << seed << ")\n";
  for (int i = 0; i < count; ++i) {
    std::vector<chess::Move> moves;
    for (int tries = 0; plies > 0 && moves.empty() && tries < 100; ++tries)
      moves = random_plies(chess::Position::startpos(), plies, rng);
    if (plies > 0 && moves.empty())
      return chess::Error{"--random-plies " + std::to_string(plies) + ": no opening that long without the game ending"};
    chess::Game game;
    for (chess::Move m : moves) game.play(m);
    const std::string fen = game.position().fen();
    out << fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1)) << " id \"random-" << i + 1 << "\";\n";
  }
  return (*file)->commit();
}

}  // namespace harness
