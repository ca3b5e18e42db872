#include "chess960.h"

namespace chess {

namespace {

// Where the two knights go among the five squares left after the bishops and the queen.
constexpr int KNIGHT_PLACES[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

// Puts `pt` on the `nth` empty square (0-based) from the a-file.
void put_on_empty(std::array<PieceType, 8>& rank, int nth, PieceType pt) {
  for (PieceType& square : rank)
    if (square == NO_PIECE_TYPE && nth-- == 0) {
      square = pt;
      return;
    }
}

std::string rank_text(const std::array<PieceType, 8>& rank, bool white) {
  std::string out;
  for (PieceType pt : rank) out += white ? " PNBRQK"[pt] : " pnbrqk"[pt];
  return out;
}

// The rook files of a back rank, outer a-side rook first: "HA"-style letters, h-side first.
std::string castling_files(const std::array<PieceType, 8>& rank, bool white) {
  std::string files;
  for (int f = 7; f >= 0; --f)
    if (rank[f] == ROOK) files += char((white ? 'A' : 'a') + f);
  return files;
}

}  // namespace

std::array<PieceType, 8> chess960_back_rank(int index) {
  std::array<PieceType, 8> rank{};
  rank.fill(NO_PIECE_TYPE);
  int n = ((index % CHESS960_POSITIONS) + CHESS960_POSITIONS) % CHESS960_POSITIONS;
  rank[2 * (n % 4) + 1] = BISHOP;  // the light-squared bishop: b, d, f or h
  n /= 4;
  rank[2 * (n % 4)] = BISHOP;  // the dark-squared one: a, c, e or g
  n /= 4;
  put_on_empty(rank, n % 6, QUEEN);
  n /= 6;
  // The second knight's place counts empty squares after the first knight is placed.
  put_on_empty(rank, KNIGHT_PLACES[n][1], KNIGHT);
  put_on_empty(rank, KNIGHT_PLACES[n][0], KNIGHT);
  put_on_empty(rank, 0, ROOK);
  put_on_empty(rank, 0, KING);
  put_on_empty(rank, 0, ROOK);
  return rank;
}

std::string chess960_fen(int white, int black) {
  const std::array<PieceType, 8> w = chess960_back_rank(white), b = chess960_back_rank(black);
  return rank_text(b, false) + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank_text(w, true) + " w " + castling_files(w, true) +
         castling_files(b, false) + " - 0 1";
}

}  // namespace chess
