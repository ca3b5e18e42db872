// Prints FENs for the project's perft suite: positions from seeded random games and from
// capture-greedy self-play, plus positions picked from those games for the move kinds a move
// generator most often gets wrong. Each output line is "FEN ; theme". Counts come later from
// make_perftsuite.sh, which cross-checks every count against Stockfish.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>

#include "core/movegen.h"
#include "core/position.h"

using namespace chess;

namespace {

// The themes a position can show; a position is printed for the first theme still wanted.
std::string theme_of(const Position& pos, const MoveList& moves) {
  if (moves.empty()) return pos.in_check() ? "checkmate" : "stalemate";
  if (more_than_one(pos.checkers())) return "double-check";
  bool ep = false, castle = false, underpromo = false, promo = false, discovered = false;
  for (Move m : moves) {
    ep |= m.kind() == MoveKind::EN_PASSANT;
    castle |= m.kind() == MoveKind::CASTLING;
    promo |= m.is_promotion();
    underpromo |= m.is_promotion() && m.promotion() == KNIGHT && pos.is_capture(m);
    Position after = pos;
    Undo undo;
    after.do_move(m, undo);
    Bitboard checkers = after.checkers();
    discovered |= checkers && !(checkers & square_bb(m.to()));
  }
  if (pos.ep_square() != SQ_NONE && pawn_attacks(~pos.side_to_move(), pos.ep_square()) & pos.pieces(pos.side_to_move(), PAWN) &&
      !ep)
    return "en-passant-illegal";
  if (ep) return "en-passant";
  if (underpromo) return "capture-promotion";
  if (promo) return "promotion";
  if (discovered) return "discovered-check";
  if (pos.in_check()) return "check";
  if (castle) return "castling";
  return "";
}

Move pick(const Position& pos, const MoveList& moves, std::mt19937_64& rng, bool greedy) {
  if (greedy) {
    MoveList captures;
    for (Move m : moves)
      if (pos.is_capture(m) || m.is_promotion()) captures.push(m);
    if (!captures.empty() && rng() % 4 != 0) return captures[int(rng() % unsigned(captures.size()))];
  }
  return moves[int(rng() % unsigned(moves.size()))];
}

}  // namespace

int main(int argc, char** argv) {
  int per_theme = 12, random_positions = 40;
  std::uint64_t seed = 20261122;
  CLI::App app{"perft_positions: prints perft suite candidates (FEN and theme) on standard output"};
  app.add_option("PER_THEME", per_theme, "Positions per theme")->capture_default_str()->check(CLI::Range(0, 1000000));
  app.add_option("RANDOM", random_positions, "Plain positions from random games")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  app.add_option("SEED", seed, "Random seed")->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return e.get_exit_code() == 0 ? app.exit(e) : (app.exit(e), 2);
  }
  std::mt19937_64 rng(seed);
  const std::vector<std::string> themes = {
      "checkmate", "stalemate",         "double-check",     "en-passant", "en-passant-illegal",
      "promotion", "capture-promotion", "discovered-check", "check",      "castling"};
  std::map<std::string, int> wanted;
  for (const std::string& t : themes) wanted[t] = per_theme;
  int random_left = random_positions;
  std::set<std::string> seen;
  for (int game = 0;
       game < 200000 && (random_left > 0 || std::any_of(wanted.begin(), wanted.end(), [](auto& w) { return w.second > 0; }));
       ++game) {
    bool greedy = game % 2 == 1;
    Position pos = Position::startpos();
    int sample_ply = 8 + int(rng() % 120);
    for (int ply = 0; ply < 300; ++ply) {
      MoveList moves = legal_moves(pos);
      std::string fen = pos.fen();
      std::string theme = theme_of(pos, moves);
      if (!theme.empty() && wanted[theme] > 0 && seen.insert(fen).second) {
        --wanted[theme];
        std::cout << fen << " ; " << theme << (greedy ? " (greedy self-play)" : " (random game)") << '\n';
      } else if (ply == sample_ply && random_left > 0 && seen.insert(fen).second) {
        --random_left;
        std::cout << fen << " ; " << (greedy ? "greedy self-play" : "random game") << " ply " << ply << '\n';
      }
      if (moves.empty() || pos.rule50() >= 100) break;
      Undo undo;
      pos.do_move(pick(pos, moves, rng, greedy), undo);
    }
  }
  return 0;
}
