// The 32-byte boards and the 16-bit moves of the trainers' binary formats, each byte as its
// source defines it (all little-endian):
// - marlinformat's PackedBoard (bulletformat src/chess/marlin.rs, Stormphrax
//   src/datagen/marlinformat.h): occupancy (a1 = bit 0), a 4-bit piece per occupied square in
//   square order (the first in the low nibble; pawn 0 .. king 5, 6 a rook that still carries a
//   castling right, any file, so Chess960 too; bit 3 black), side to move (bit 7) and en-passant
//   square (64: none), halfmove clock, fullmove number, White's score, the result from White's
//   view (0 Black won, 1 draw, 2 White won), one byte unused.
// - bulletformat's ChessBoard (bulletformat src/chess.rs): everything from the side to move's
//   view (the board flipped when Black moves): occupancy, the pieces (bit 3: the opponent's),
//   the score, the result (0 loss, 1 draw, 2 win), the king's square and the opponent's (XOR 56).
// - viriformat's move (viriformat src/chess/chessmove.rs): from 0-5, to 6-11, promotion piece
//   12-13 (knight 0 .. queen 3), kind 14-15 (0 normal, 1 en passant, 2 castling as the king
//   taking its rook, 3 promotion).
// - Stockfish's .binpack entry (nnue-pytorch data_loader/cpp/lib/binpack.h, chess.h), big-endian:
//   occupancy, a 4-bit piece per occupied square in square order (the first in the low nibble;
//   2 x type + colour, pawn 0 .. king 10, 12 a pawn that can be taken en passant, 13 and 14 a
//   white or black rook on its corner with its castling right, 15 the black king with Black to
//   move), the move (kind 15-14: 0 normal, 1 promotion, 2 castling as the king taking its rook,
//   3 en passant; from 13-8, to 7-2, promotion 1-0), the score, the game's ply with the result in
//   its top two bits, and the halfmove clock; signed values zigzag-coded, score and result from
//   the side to move's view. Castling rights of Chess960 (a rook off a1, h1, a8, h8, or a king
//   off e1, e8) cannot be stored.
#pragma once

#include <array>
#include <cstdint>

#include "core/position.h"

namespace harness {

using TrainerBoard = std::array<std::uint8_t, 32>;

// The game's result as the formats store it: from White's view.
enum class WhiteResult : std::uint8_t { BLACK_WIN = 0, DRAW = 1, WHITE_WIN = 2 };

// Scores beyond a 16-bit integer are clamped to it.
TrainerBoard marlin_board(const chess::Position& pos, int score_white, WhiteResult result);
TrainerBoard bullet_board(const chess::Position& pos, int score_white, WhiteResult result);
std::uint16_t viri_move(chess::Move move);
// Whether a binpack entry can hold the position's castling rights.
bool binpack_castling(const chess::Position& pos);
TrainerBoard binpack_entry(const chess::Position& pos, chess::Move move, int score_white, WhiteResult result);

}  // namespace harness
