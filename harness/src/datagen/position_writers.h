// The formats `harness positions` writes, one table: the text ones tuners read (EPD with
// `c9 "1-0";`, EPD with `[1.0]`, `FEN | score | result`) and the binary ones trainers read
// (engine/formats/, which encodes each): marlinformat and bulletformat a 32-byte board per position, viriformat a
// whole game at a time (its first position as a marlinformat board, then each move with its
// score, then four zero bytes), binpack too (Stockfish's chains: an entry, then each move and
// score packed into bits). Per-position formats write the positions the filters keep; a game
// format writes every scored move of the game, so the filters and duplicates do not apply to
// it; a move without a score ends a viriformat record or a binpack chain, and the next scored
// move starts another.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "core/position.h"
#include "core/result.h"
#include "formats/training_record.h"

namespace harness {

using formats::WhiteResult;

enum class PositionFormat { EPD, BRACKET, TEXT, MARLINFORMAT, BULLETFORMAT, VIRIFORMAT, BINPACK };

class PositionWriter {
 public:
  virtual ~PositionWriter() = default;
  // A game from `start` (where the engines began, after the opening's moves).
  virtual void begin_game(const chess::Position&, WhiteResult) {}
  // An engine's move from `before`, with its score from White's view (none: the engine gave
  // none) and whether the filters keep the position. True when a position was written.
  virtual bool move(const chess::Position& before, chess::Move move, std::optional<int> score_white, bool kept) = 0;
  virtual void end_game() {}
  // After the last game: whatever is held back is written.
  virtual void finish() {}
};

struct PositionFormatInfo {
  PositionFormat format;
  const char* name;         // as --format takes it
  const char* description;  // for --help and errors
  bool whole_games;         // a game format: filters and duplicates do not apply
  bool binary;
  bool needs_score;  // epd and bracket label a position by its game's result alone
  std::unique_ptr<PositionWriter> (*make_writer)(std::ostream& out);
};

// The format of a name; the error lists every one.
chess::Result<PositionFormatInfo> parse_position_format(const std::string& name);
// Every format's name and description, for --help.
std::string position_format_help();

}  // namespace harness
