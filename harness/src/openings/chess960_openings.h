// Chess960 and double Chess960 (DFRC) opening books: start positions drawn by a seed, each
// optionally a few random plies deep, written as EPD in Shredder-FEN (harness openings).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"

namespace harness {

// (White's, Black's) back rank by Scharnagl's number; the two are equal in Chess960.
using Chess960Start = std::pair<int, int>;

// `count` distinct starts drawn by `seed`: Chess960 gives all 960 in order when asked for 960,
// DFRC draws both back ranks independently. The error says what count is possible.
chess::Result<std::vector<Chess960Start>> draw_chess960_starts(int count, bool dfrc, std::uint64_t seed);

// The game from start position `start` after `moves`.
chess::Game chess960_game(const Chess960Start& start, const std::vector<chess::Move>& moves = {});

// `plies` random legal moves from `start` after which the game is not over, or nothing if the
// random game ended first (draw again).
std::vector<chess::Move> random_plies(const chess::Position& start, int plies, std::mt19937_64& rng);

// One book line: the position in Shredder-FEN (four fields), its id, and the moves played from
// the start position in c0 (king-takes-rook castling), as the harness's EPD books read them.
std::string chess960_book_line(const Chess960Start& start, const std::vector<chess::Move>& moves, bool dfrc);

}  // namespace harness
