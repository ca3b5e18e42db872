// Opening books: EPD (one position a line) or PGN (games whose moves, up to N plies, are the
// opening). Every line or game is checked with the rules library when read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "openings/polyglot_book.h"
#include "openings/random_ply_openings.h"
#include "record/game_record.h"

namespace harness {

enum class OpeningOrder { SEQUENTIAL, RANDOM };
const char* opening_order_name(OpeningOrder order);  // "sequential", "random"
chess::Result<OpeningOrder> parse_opening_order(const std::string& name);

struct OpeningBook {
  std::vector<Opening> openings;
  // Set for openings of random plies, drawn game by game (random_ply_openings.h): `openings`
  // is then empty, and nothing is held per game.
  std::optional<RandomPlies> random_plies;
  // The openings in one word ("N:FNV-1a of their positions and moves", or "random:PLIES:SEED"):
  // the same for the same openings in the same order, whatever the file's spacing and comments.
  std::string digest() const;
  // Whether some game starts from a position other than the standard start (a FEN start).
  bool has_fen_starts() const;
};

// The book of a run whose openings are random plies: nothing is read, nothing is held.
OpeningBook random_ply_book(const RandomPlies& spec);

// How a Polyglot book becomes openings: the choice among its moves, and the seed of the draw.
struct PolyglotOptions {
  BookChoice choice = BookChoice::WEIGHTED;
  std::uint64_t seed = 1;
};
// Lines drawn from a Polyglot book, used in turn by the game pairs.
inline constexpr int POLYGLOT_LINES = 4096;

// Reads by extension (.epd, .pgn, or .bin for Polyglot). `plies` limits PGN openings and is the
// depth a Polyglot book is followed to (0 = all moves). Errors name the file and line.
chess::Result<OpeningBook> read_opening_book(const std::string& path, int plies, const PolyglotOptions& polyglot = {});
// Whether read_opening_book reads `path` as a Polyglot book (its lines then depend on the seed).
bool is_polyglot_book(const std::string& path);
chess::Result<OpeningBook> read_epd_book(const std::string& path);
chess::Result<OpeningBook> read_pgn_book(const std::string& path, int plies);

// The first opening whose start position has Chess960 castling (king or rook off the standard
// squares), or nullptr: such a book needs --variant fischerandom.
const Opening* first_chess960_opening(const OpeningBook& book);

// The opening used by game pair `pair` (both games of a pair share it); a book of random plies
// draws it from `pair` and its seed, whatever the order.
Opening opening_for_pair(const OpeningBook& book, const std::vector<std::size_t>& order, int pair);
// The order openings are used in: identity, or a shuffle fixed by the seed.
std::vector<std::size_t> opening_order(std::size_t count, OpeningOrder order, std::uint64_t seed);

}  // namespace harness
