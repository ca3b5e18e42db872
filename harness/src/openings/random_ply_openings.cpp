#include "openings/random_ply_openings.h"

#include <random>
#include <vector>

#include "core/game.h"
#include "openings/chess960_openings.h"

namespace harness {

namespace {

// SplitMix64's finaliser: neighbouring numbers give unrelated seeds.
std::uint64_t mixed_bits(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The position as an EPD book holds it: its four fields, read back with the counters 0 and 1.
std::string epd_position_fen(const chess::Position& position) {
  const std::string fen = position.fen();
  return chess::Position::from_fen(fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1))).value().fen();
}

}  // namespace

Opening random_ply_opening(const RandomPlies& spec, int index) {
  std::mt19937_64 rng(mixed_bits(mixed_bits(spec.seed ^ 0x2545f4914f6cdd1dULL) + std::uint64_t(index)));
  std::vector<chess::Move> moves;
  for (int tries = 0; spec.plies > 0 && moves.empty() && tries < 100; ++tries)
    moves = random_plies(chess::Position::startpos(), spec.plies, rng);
  chess::Game game;
  for (chess::Move m : moves) game.play(m);
  return {epd_position_fen(game.position()), {}, "random-" + std::to_string(index + 1)};
}

std::string describe_random_plies(const RandomPlies& spec) {
  return std::to_string(spec.plies) + " random pl" + (spec.plies == 1 ? "y" : "ies");
}

}  // namespace harness
