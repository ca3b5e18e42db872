#include "openings/opening_book.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include "core/epd.h"
#include "core/game.h"
#include "core/uci_move.h"
#include "text/trim.h"

namespace harness {

namespace {

std::string where(const std::string& path, int line) { return path + ":" + std::to_string(line); }

// Moves of PGN movetext, without comments, variations, NAGs, move numbers and results.
chess::Result<std::vector<std::string>> movetext_tokens(const std::string& text, const std::string& at) {
  std::vector<std::string> tokens;
  int depth = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '{') {
      std::size_t close = text.find('}', i);
      if (close == std::string::npos) return chess::Error{at + ": unclosed '{' comment"};
      i = close + 1;
    } else if (c == ';') {
      std::size_t nl = text.find('\n', i);
      i = nl == std::string::npos ? text.size() : nl + 1;
    } else if (c == '(') {
      ++depth;
      ++i;
    } else if (c == ')') {
      if (--depth < 0) return chess::Error{at + ": unbalanced ')'"};
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else {
      std::size_t end = i;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
             std::string("{;()").find(text[end]) == std::string::npos)
        ++end;
      std::string tok = text.substr(i, end - i);
      i = end;
      if (depth > 0 || tok[0] == '$') continue;
      if (tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*") continue;
      std::size_t dot = tok.find_last_of('.');
      if (dot != std::string::npos && std::isdigit(static_cast<unsigned char>(tok[0]))) {
        tok = tok.substr(dot + 1);  // "12.e4" or "12." or "12..."
        if (tok.empty()) continue;
      }
      tokens.push_back(tok);
    }
  }
  if (depth != 0) return chess::Error{at + ": unclosed '(' variation"};
  return tokens;
}

chess::Result<Opening> game_to_opening(const std::string& fen_tag, const std::string& movetext, int plies,
                                       const std::string& at) {
  auto start = chess::Position::from_fen(fen_tag.empty() ? std::string(chess::START_FEN) : fen_tag);
  if (!start) return chess::Error{at + ": FEN tag: " + start.error()};
  auto tokens = movetext_tokens(movetext, at);
  if (!tokens) return chess::Error{tokens.error()};
  chess::Game game(*start);
  Opening o{start->fen(), {}, ""};
  for (const std::string& tok : *tokens) {
    if (plies > 0 && int(o.moves.size()) >= plies) break;
    auto m = game.play_san(tok);
    if (!m) return chess::Error{at + ": " + m.error()};
    // Chess960 castling is kept as king-takes-rook, which no other move can be mistaken for.
    o.moves.push_back(chess::to_uci(*m, start->is_chess960() ? chess::Variant::FISCHERANDOM : chess::Variant::STANDARD));
  }
  if (game.outcome().result != chess::GameResult::ONGOING) return chess::Error{at + ": the opening ends the game"};
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
  if (!read) return chess::Error{read.error()};
  if (book.openings.empty()) return chess::Error{path + ": no positions in opening book"};
  return book;
}

chess::Result<OpeningBook> read_pgn_book(const std::string& path, int plies) {
  std::ifstream in(path);
  if (!in) return chess::Error{path + ": cannot open opening book"};
  OpeningBook book;
  std::string fen, movetext;
  int number = 0, game_line = 0;
  bool in_moves = false;
  auto flush = [&]() -> chess::Result<bool> {
    if (!in_moves && fen.empty()) return true;
    auto o = game_to_opening(fen, movetext, plies, where(path, game_line));
    if (!o) return chess::Error{o.error()};
    o.value().name = path + ":" + std::to_string(game_line);
    book.openings.push_back(*o);
    fen.clear();
    movetext.clear();
    in_moves = false;
    return true;
  };
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::string t = trim(line);
    if (t.empty() && !in_moves) continue;
    if (!t.empty() && t[0] == '[') {
      if (in_moves) {
        if (auto flushed = flush(); !flushed) return chess::Error{flushed.error()};
      }
      if (game_line == 0 || (fen.empty() && movetext.empty() && !in_moves && t.rfind("[Event", 0) == 0)) game_line = number;
      if (t.back() != ']') return chess::Error{where(path, number) + ": malformed tag line"};
      if (t.rfind("[FEN ", 0) == 0) {
        std::size_t q1 = t.find('"'), q2 = t.rfind('"');
        if (q1 == std::string::npos || q2 <= q1) return chess::Error{where(path, number) + ": malformed FEN tag"};
        fen = t.substr(q1 + 1, q2 - q1 - 1);
      }
      continue;
    }
    if (!in_moves) {
      in_moves = true;
      if (game_line == 0) game_line = number;
    }
    movetext += t + "\n";
    bool ends_game = t.size() >= 1 && (t.ends_with("1-0") || t.ends_with("0-1") || t.ends_with("1/2-1/2") || t.ends_with("*"));
    if (ends_game) {
      if (auto flushed = flush(); !flushed) return chess::Error{flushed.error()};
      game_line = 0;
    }
  }
  if (auto flushed = flush(); !flushed) return chess::Error{flushed.error()};
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
    if (!book) return chess::Error{book.error()};
    if (book->moves(chess::Position::startpos()).empty())
      return chess::Error{path + ": the Polyglot book has no move for the start position"};
    const std::string name = std::filesystem::path(path).filename().string();
    return OpeningBook{polyglot_openings(*book, name, POLYGLOT_LINES, plies, polyglot.choice, polyglot.seed)};
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

const Opening* first_chess960_opening(const OpeningBook& book) {
  for (const Opening& o : book.openings) {
    auto pos = chess::Position::from_fen(o.fen);
    if (pos && pos->is_chess960()) return &o;
  }
  return nullptr;
}

const Opening& opening_for_pair(const OpeningBook& book, const std::vector<std::size_t>& order, int pair) {
  return book.openings[order[std::size_t(pair) % order.size()]];
}

}  // namespace harness
