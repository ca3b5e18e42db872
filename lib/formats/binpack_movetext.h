// The movetext of Stockfish's .binpack chains (nnue-pytorch data_loader/cpp/lib/binpack.h,
// PackedMoveScoreList and PackedMoveScoreListReader): after a chain's first entry, each further
// position of the game is its move and score, packed into bits written from each byte's top bit
// down. The move is the index of the moving piece among the side to move's pieces (square
// order) and the index of its destination among that piece's destinations (a pawn's captures,
// en passant only where it is legal, and pushes, times four promotion pieces on the seventh
// rank; a king's attacks, then its castlings; any other piece's attacks), each in as few bits
// as the count needs. The score is the difference to the previous position's score turned to
// this side's view (negated), zigzag-coded, in blocks of four bits each with a fifth saying
// that another follows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "core/position.h"
#include "core/result.h"

namespace formats {

// Binpack's signed 16-bit values as unsigned (nnue-pytorch arithmetic.h signedToUnsigned): 0, -1,
// 1, -2 ... become 0, 1, 2, 3 ...
std::uint16_t binpack_zigzag(std::int16_t value);
std::int16_t binpack_unzigzag(std::uint16_t code);

class BinpackMovetextWriter {
 public:
  // A chain whose first entry scores `stem_score` from its side to move's view.
  explicit BinpackMovetextWriter(std::int16_t stem_score) : last_score_(std::int16_t(-stem_score)) {}
  // The chain's next position (the one after the last position's move), the legal move played
  // from it and its score from its side to move's view.
  void add(const chess::Position& pos, chess::Move move, std::int16_t score);
  std::uint16_t plies() const { return plies_; }
  const std::string& bytes() const { return bytes_; }

 private:
  void put(unsigned value, int bits);
  void put_move(const chess::Position& pos, chess::Move move);
  void put_score(std::int16_t score);
  std::string bytes_;
  int free_bits_ = 0;  // unused low bits of the last byte
  std::int16_t last_score_;
  std::uint16_t plies_ = 0;
};

class BinpackMovetextReader {
 public:
  BinpackMovetextReader(const std::uint8_t* text, std::size_t size, std::int16_t stem_score)
      : text_(text), size_(size), last_score_(std::int16_t(-stem_score)) {}
  // The move played from `pos` (the chain's next position) and its score; an error when the text
  // ends first or names no legal move of `pos`.
  chess::Result<std::pair<chess::Move, std::int16_t>> next(const chess::Position& pos);
  // Whole bytes the chain's text took so far.
  std::size_t bytes_read() const { return (bit_ + 7) / 8; }

 private:
  // The next `bits` bits, or none when the text ends first.
  std::optional<unsigned> take(int bits);
  std::optional<unsigned> take_near_end(int bits);  // the last three bytes, a bit at a time
  // Each sets its result and returns null, or returns what is wrong (the text's words).
  const char* take_move(const chess::Position& pos, chess::Move& move);
  const char* take_score(std::int16_t& score);
  const std::uint8_t* text_;
  std::size_t size_;
  std::size_t bit_ = 0;
  std::int16_t last_score_;
};

}  // namespace formats
