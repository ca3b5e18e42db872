// What the position formats hold for a position, and the byte order helpers the binary ones
// share. One codec file pair per format beside this one (marlinformat, bulletformat, viriformat,
// binpack, and text_lines for the three text formats), each with its encoder and its decoder, its
// writer and its reader, all named in the one table of formats (format_table.h); the harness
// writes through them and the tuner reads through them, straight to positions
// (chess::Position::from_setup, no FEN in between).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "core/position.h"

namespace formats {

// A 32-byte board or entry: marlinformat's PackedBoard, bulletformat's ChessBoard, binpack's entry.
using Record32 = std::array<std::uint8_t, 32>;

// The game's result as the formats store it: from White's view.
enum class WhiteResult : std::uint8_t { BLACK_WIN = 0, DRAW = 1, WHITE_WIN = 2 };

// A decoded position: its result and its search score, both from White's view, and the move
// played from it where the format keeps it (viriformat, binpack; none for a board format or a
// line). `scored` is false for a text line that gives no score (EPD with c9 or [1.0], labeled by
// its game's result alone); `score_white` is then 0. Every binary record has its score.
struct TrainingPosition {
  chess::Position position;
  WhiteResult result = WhiteResult::DRAW;
  int score_white = 0;
  chess::Move move = chess::Move::none();
  bool scored = true;
};

// Each position a decoder reads, handed by reference: valid during the call only (the decoder
// plays on from it), so a caller that keeps it copies it.
using PositionVisit = std::function<void(const TrainingPosition&)>;

// The format's limit on the pieces of a board.
inline constexpr int MAX_PIECES = 32;

inline std::uint64_t read_le(const std::uint8_t* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

inline std::uint64_t read_be(const std::uint8_t* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
  return v;
}

inline void write_le(Record32& b, std::size_t at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) b[at + std::size_t(i)] = std::uint8_t(value >> (8 * i));
}

inline void write_be(Record32& b, std::size_t at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) b[at + std::size_t(i)] = std::uint8_t(value >> (8 * (bytes - 1 - i)));
}

// A score in a signed 16-bit field, clamped to it.
inline std::uint16_t score16(int score) { return std::uint16_t(std::int16_t(score < -32768 ? -32768 : score > 32767 ? 32767 : score)); }

// Whether the rook on `s` still carries one of its side's castling rights.
bool castling_rook(const chess::Position& pos, chess::Square s);

// The 4-bit codes of the occupied squares (a square's code from `code_of`), in the order of
// `occupancy`'s bits, two a byte from byte 8 on, the first in the low nibble.
template <class CodeOf>
void write_pieces(Record32& b, chess::Bitboard occupancy, CodeOf code_of) {
  int k = 0;
  for (chess::Bitboard left = occupancy; left; left &= left - 1, ++k)
    b[8 + std::size_t(k / 2)] |= std::uint8_t(code_of(chess::lsb(left)) << (4 * (k % 2)));
}

// Calls `each(square, code)` for every occupied square of `occupancy` in order with its 4-bit code.
template <class Each>
void read_pieces(std::uint64_t occupancy, const std::uint8_t* nibbles, Each each) {
  for (int k = 0; occupancy; ++k, occupancy &= occupancy - 1)
    each(chess::Square(__builtin_ctzll(occupancy)), (nibbles[k / 2] >> (4 * (k % 2))) & 15);
}

}  // namespace formats
