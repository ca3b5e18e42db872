// Prints the project's Chess960 perft suite (suites/perft960.epd) with this project's counts:
// all 960 start positions, hand-built castling cases that 960 move generators get wrong, and
// middlegame positions from seeded random games out of Chess960 and double Chess960 (DFRC)
// starts, picked where castling is legal, attacked, blocked or impossible in check. Each line
// is "FEN ;D1 n ;D2 n ..." up to the deepest depth under NODE_LIMIT leaves; the theme goes to
// standard error. make_perft960.sh checks every count against Stockfish.
#include <CLI/CLI.hpp>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>

#include "core/chess960.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/position.h"

using namespace chess;

namespace {

// King and rook on squares where the castling rules of Chess960 bite.
const char* const HANDPICKED[] = {
    "6k1/8/8/8/8/8/8/6KR w K - 0 1 ; the king already on its castling square",
    "1k6/8/8/8/8/8/8/RK6 w Q - 0 1 ; king on b1 castles long past its rook",
    "4k3/8/8/8/8/8/8/5KR1 w G - 0 1 ; king and rook swap squares",
    "4k3/8/8/8/8/8/8/1KR5 w C - 0 1 ; the king walks over the square its rook leaves",
    "4k3/8/8/8/8/8/8/rR3K2 w B - 0 1 ; the castling rook shields the king's destination",
    "1r2k3/8/8/8/8/8/8/RR3K2 w B - 0 1 ; the a-file rook is not the castling rook",
    "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1 ; both sides, king on b1 and b8",
    "r5kr/8/8/8/8/8/8/R5KR b AHah - 0 1 ; both sides, king on g1 and g8",
    "2r1k2r/8/8/8/8/8/8/R3K1R1 w Ah - 0 1 ; X-FEN mixed with a rook file",
    "qr2k1rb/pppppppp/8/8/8/8/PPPPPPPP/QR2K1RB w GBgb - 0 1 ; rooks on b and g",
};

// Whether a castling right has an empty path but castling is not legal (an attacked square).
bool castling_attacked(const Position& pos, const MoveList& moves) {
  const Color us = pos.side_to_move();
  for (CastlingRights right : {kingside(us), queenside(us)}) {
    if (!(pos.castling_rights() & right)) continue;
    const CastlingPath& path = pos.castling_path(right);
    if (pos.pieces() & path.must_be_empty) continue;
    bool legal = false;
    for (Move m : moves) legal |= m.kind() == MoveKind::CASTLING && m.to() == path.rook_from;
    if (!legal) return true;
  }
  return false;
}

std::string theme_of(const Position& pos, const MoveList& moves) {
  if (!(pos.castling_rights() & rights_of(pos.side_to_move()))) return "";
  if (pos.in_check()) return "castling right while in check";
  int castles = 0;
  for (Move m : moves) castles += m.kind() == MoveKind::CASTLING;
  if (castles == 2) return "castling both ways";
  if (castling_attacked(pos, moves)) return "castling through an attacked square";
  if (castles == 1) return "castling";
  return "castling blocked";
}

// Mostly moves that keep the castling rights, so that positions with castling are reached.
Move pick(const Position& pos, const MoveList& moves, std::mt19937_64& rng) {
  for (int tries = 0; tries < 8; ++tries) {
    Move m = moves[int(rng() % unsigned(moves.size()))];
    PieceType pt = type_of(pos.moved_piece(m));
    if ((pt != KING && pt != ROOK) || m.kind() == MoveKind::CASTLING || rng() % 6 == 0) return m;
  }
  return moves[int(rng() % unsigned(moves.size()))];
}

std::uint64_t node_limit = 1000000;

// "FEN ;D1 n ;D2 n ...": every depth up to the deepest whose count stays under the limit.
void print_counted(const std::string& fen, const std::string& theme) {
  Position pos = Position::from_fen(fen).value();
  std::string line = fen;
  for (int depth = 1; depth <= 8; ++depth) {
    const std::uint64_t n = perft(pos, depth);
    if (n > node_limit && depth > 1) break;
    line += " ;D" + std::to_string(depth) + " " + std::to_string(n);
    if (n == 0 || n > node_limit) break;
  }
  std::cout << line << '\n';
  std::cerr << fen << " ; " << theme << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  int per_theme = 12;
  std::uint64_t seed = 20261123;
  CLI::App app{"perft960_positions: prints Chess960 perft suite candidates (FEN and theme) on standard output"};
  app.add_option("PER_THEME", per_theme, "Middlegame positions per castling theme")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  app.add_option("SEED", seed, "Random seed")->capture_default_str();
  app.add_option("NODE_LIMIT", node_limit, "Deepest depth counted: the last under this many leaves")->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return e.get_exit_code() == 0 ? app.exit(e) : (app.exit(e), 2);
  }
  for (int n = 0; n < CHESS960_POSITIONS; ++n) print_counted(chess960_fen(n, n), "start position " + std::to_string(n));
  for (const std::string line : HANDPICKED) print_counted(line.substr(0, line.find(" ;")), line.substr(line.find(" ;") + 3));

  std::mt19937_64 rng(seed);
  std::map<std::string, int> wanted;
  for (const char* t : {"castling right while in check", "castling both ways", "castling through an attacked square", "castling",
                        "castling blocked"})
    wanted[t] = per_theme;
  std::set<std::string> seen;
  int left = 5 * per_theme;
  for (int game = 0; game < 100000 && left > 0; ++game) {
    const bool dfrc = game % 2 == 1;
    const int white = int(rng() % CHESS960_POSITIONS), black = dfrc ? int(rng() % CHESS960_POSITIONS) : white;
    Position pos = Position::from_fen(chess960_fen(white, black)).value();
    const int first_ply = 6 + int(rng() % 30);
    for (int ply = 0; ply < 80; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      const std::string theme = ply >= first_ply ? theme_of(pos, moves) : "";
      // Half in X-FEN and half in Shredder-FEN, so the suite exercises both readers.
      const std::string fen = pos.fen(game % 4 < 2 ? FenCastling::X_FEN : FenCastling::SHREDDER);
      if (!theme.empty() && wanted[theme] > 0 && seen.insert(fen).second) {
        --wanted[theme];
        --left;
        print_counted(fen,
                      theme + (dfrc ? " (DFRC " : " (Chess960 ") + std::to_string(white) + '/' + std::to_string(black) + ")");
        break;  // one position per game keeps the games apart
      }
      Undo undo;
      pos.do_move(pick(pos, moves, rng), undo);
    }
  }
  return 0;
}
