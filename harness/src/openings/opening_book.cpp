#include "openings/opening_book.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include "core/epd.h"
#include "core/game.h"
#include "core/regular_file.h"
#include "core/uci_move.h"
#include "pgn/pgn_reader.h"
#include "text/trim.h"

namespace harness {

namespace {

std::string where(const std::string& path, int line) { return path + ":" + std::to_string(line); }

chess::Result<Opening> game_to_opening(const PgnGame& game, int plies, const std::string& at) {
  const std::string* fen = game.tag("FEN");
  auto start = chess::Position::from_fen(fen ? *fen : std::string(chess::START_FEN));
  if (!start) return chess::Error{at + ": FEN tag: " + start.error()};
  chess::Game replay(*start);
  Opening o{start->fen(), {}, at};
  for (const PgnMove& move : game.moves) {
    if (plies > 0 && int(o.moves.size()) >= plies) break;
    auto m = replay.play_san(move.text);
    if (!m) return chess::Error{at + ": " + m.error()};
    // Chess960 castling is kept as king-takes-rook, which no other move can be mistaken for.
    o.moves.push_back(chess::to_uci(*m, start->is_chess960() ? chess::Variant::FISCHERANDOM : chess::Variant::STANDARD));
  }
  if (replay.outcome().result != chess::GameResult::ONGOING) return chess::Error{at + ": the opening ends the game"};
  return o;
}

}  // namespace

chess::Result<OpeningBook> read_epd_book(const std::string& path) {
  OpeningBook book;
  auto read = chess::read_epd_file(
      path, "opening book", [&](chess::Result<chess::EpdRecord>&& record, const chess::EpdLocation& at) -> chess::Result<bool> {
        if (!record) return chess::Error{at.text() + ": " + record.error()};
        if (chess::Game(record->position).outcome().result != chess::GameResult::ONGOING)
          return chess::Error{at.text() + ": the position is already decided"};
        const chess::EpdOperation* id = record->find("id");
        book.openings.push_back({record->position.fen(), {}, id ? id->unquoted() : at.text()});
        return true;
      });
  CHESS_RETURN_IF_ERROR(read);
  if (book.openings.empty()) return chess::Error{path + ": no positions in opening book"};
  return book;
}

chess::Result<OpeningBook> read_pgn_book(const std::string& path, int plies) {
  auto opened = chess::open_regular_stream(path, "opening book");  // a FIFO would block the open
  CHESS_RETURN_IF_ERROR(opened);
  PgnReader reader(std::move(opened).value(), path);
  OpeningBook book;
  while (auto game = reader.next()) {
    if (!*game) return chess::Error{game->error()};
    auto o = game_to_opening(**game, plies, where(path, (*game)->line));
    CHESS_RETURN_IF_ERROR(o);
    book.openings.push_back(std::move(*o));
  }
  if (book.openings.empty()) return chess::Error{path + ": no games in opening book"};
  return book;
}

bool is_polyglot_book(const std::string& path) {
  auto ends = [&](const std::string& ext) {
    return path.size() >= ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  };
  return ends(".bin") || ends(".BIN");
}

chess::Result<OpeningBook> read_opening_book(const std::string& path, int plies, const PolyglotOptions& polyglot) {
  auto ends = [&](const std::string& ext) {
    return path.size() >= ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  };
  if (ends(".pgn") || ends(".PGN")) return read_pgn_book(path, plies);
  if (ends(".epd") || ends(".EPD") || ends(".fen")) return read_epd_book(path);
  if (is_polyglot_book(path)) {
    auto book = PolyglotBook::open(path);
    CHESS_RETURN_IF_ERROR(book);
    if (book->moves(chess::Position::startpos()).empty())
      return chess::Error{path + ": the Polyglot book has no move for the start position"};
    const std::string name = std::filesystem::path(path).filename().string();
    OpeningBook lines;
    lines.openings = polyglot_openings(*book, name, POLYGLOT_LINES, plies, polyglot.choice, polyglot.seed);
    return lines;
  }
  return chess::Error{path + ": opening book must end in .epd, .pgn or .bin (Polyglot)"};
}

const char* opening_order_name(OpeningOrder order) { return order == OpeningOrder::RANDOM ? "random" : "sequential"; }

chess::Result<OpeningOrder> parse_opening_order(const std::string& name) {
  if (name == "sequential") return OpeningOrder::SEQUENTIAL;
  if (name == "random") return OpeningOrder::RANDOM;
  return chess::Error{"must be 'sequential' or 'random', got '" + name + "'"};
}

std::vector<std::size_t> opening_order(std::size_t count, OpeningOrder order, std::uint64_t seed) {
  std::vector<std::size_t> idx(count);
  std::iota(idx.begin(), idx.end(), 0);
  if (order == OpeningOrder::RANDOM) {
    std::mt19937_64 rng(seed);
    for (std::size_t i = count; i > 1; --i) std::swap(idx[i - 1], idx[rng() % i]);  // Fisher-Yates, same on every platform
  }
  return idx;
}

std::string OpeningBook::digest() const {
  if (random_plies) return "random:" + std::to_string(random_plies->plies) + ":" + std::to_string(random_plies->seed);
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a, 64 bits
  auto add = [&hash](const std::string& text) {
    for (unsigned char c : text) hash = (hash ^ c) * 0x100000001b3ULL;
    hash = (hash ^ 0xff) * 0x100000001b3ULL;  // a separator no text holds
  };
  for (const Opening& o : openings) {
    add(o.fen);
    for (const std::string& m : o.moves) add(m);
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return std::to_string(openings.size()) + ":" + hex;
}

const Opening* first_chess960_opening(const OpeningBook& book) {
  for (const Opening& o : book.openings) {
    auto pos = chess::Position::from_fen(o.fen);
    if (pos && pos->is_chess960()) return &o;
  }
  return nullptr;
}

bool OpeningBook::has_fen_starts() const {
  if (random_plies) return random_plies->plies > 0;
  return std::any_of(openings.begin(), openings.end(), [](const Opening& o) { return o.fen != chess::START_FEN; });
}

OpeningBook random_ply_book(const RandomPlies& spec) {
  OpeningBook book;
  book.random_plies = spec;
  return book;
}

Opening opening_for_pair(const OpeningBook& book, const std::vector<std::size_t>& order, int pair) {
  if (book.random_plies) return random_ply_opening(*book.random_plies, pair);
  return book.openings[order[std::size_t(pair) % order.size()]];
}

}  // namespace harness
