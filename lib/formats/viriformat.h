// viriformat (viriformat src/chess/chessmove.rs, src/dataformat.rs): whole games, each a
// marlinformat board (marlinformat.h) holding the game's result, then each move with its score
// from White's view (two 16-bit little-endian values), then four zero bytes. A move: from 0-5,
// to 6-11, promotion piece 12-13 (knight 0 .. queen 3), kind 14-15 (0 normal, 1 en passant,
// 2 castling as the king taking its rook, 3 promotion).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "core/result.h"
#include "formats/position_io.h"
#include "formats/training_record.h"

namespace formats {

// The longest game a reader takes before it calls the file no viriformat: 16,384 moves.
inline constexpr std::size_t VIRIFORMAT_MAX_GAME_BYTES = 32 + 4 * 16384 + 4;
inline constexpr std::array<char, 4> VIRIFORMAT_END = {0, 0, 0, 0};

std::uint16_t encode_viriformat_move(chess::Move move);
// A game's first four bytes after its board, and each move's: the move and White's score.
std::array<char, 4> encode_viriformat_move_and_score(chess::Move move, int score_white);
// The move of `code` if it is legal in `pos`.
chess::Result<chess::Move> decode_viriformat_move(const chess::Position& pos, std::uint16_t code);

// The bytes of the whole game at `bytes` (`size` of them available): its board, its moves and
// its end; 0 when the game goes on past `size`, nullopt when no end comes within 16,384 moves.
// It frames a game without reading it (a game's moves are read by decode_viriformat_game).
std::optional<std::size_t> viriformat_game_bytes(const std::uint8_t* bytes, std::size_t size);

// A whole game from `bytes` (`size` of them available): each position before a move handed to
// `take` with the move's score. The bytes it took, or 0 when the game goes on past `size`.
// Errors start with `where` (the file and the game): "WHERE: no end (four zero bytes) within
// 16,384 moves", "WHERE: " and the board's, "WHERE, move K: ...".
chess::Result<std::size_t> decode_viriformat_game(const std::uint8_t* bytes, std::size_t size, const std::string& where,
                                                  const PositionVisit& take);

// A file of games, each position handed to `take`: the positions read; errors name the game
// ("PATH: game 3, move 5: ...").
chess::Result<std::size_t> read_viriformat(std::istream& in, const std::string& source, const PositionVisit& take);
// A game's scored moves, each run of them a record of its own: the position before its first
// move (a marlinformat board holding the game's result), each move with its score, four zero
// bytes. A move without a score ends a record; the next scored move starts another.
std::unique_ptr<PositionWriter> open_viriformat_writer(std::ostream& out);

}  // namespace formats
