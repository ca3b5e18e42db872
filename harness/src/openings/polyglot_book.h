// Polyglot .bin opening books (the format of Polyglot, cutechess and most GUIs): 16-byte entries
// of a position key, a move and a weight, sorted by key. The harness walks a book from the start
// position to make each game pair's opening, choosing among the book's moves by weight or
// uniformly, up to a depth.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "record/game_record.h"

namespace harness {

enum class BookChoice { WEIGHTED, UNIFORM };

// "weighted" or "uniform".
chess::Result<BookChoice> parse_book_choice(const std::string& text);
const char* book_choice_name(BookChoice choice);

// The position's key in the Polyglot format.
std::uint64_t polyglot_key(const chess::Position& pos);

struct PolyglotEntry {
  std::uint64_t key = 0;
  std::uint16_t move = 0, weight = 0;
};

class PolyglotBook {
 public:
  // Reads the whole file; the error names the file and, for unsorted keys, the entry.
  static chess::Result<PolyglotBook> open(const std::string& path);
  // The book's legal moves in this position with their weights (entries naming no legal move
  // are skipped).
  std::vector<std::pair<chess::Move, int>> moves(const chess::Position& pos) const;
  std::size_t size() const { return entries_.size(); }

 private:
  std::vector<PolyglotEntry> entries_;
};

// `count` openings from the start position, line i drawn with a generator seeded by `seed` and
// i; each follows the book until it has no move or `depth` plies (0: no limit but 100).
std::vector<Opening> polyglot_openings(const PolyglotBook& book, const std::string& name, int count, int depth, BookChoice choice,
                                       std::uint64_t seed);

}  // namespace harness
