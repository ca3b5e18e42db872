#include "openings/polyglot_book.h"

#include <algorithm>
#include <fstream>
#include <random>

#include "core/bounded_read.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "openings/polyglot_random.h"

namespace harness {

namespace {

constexpr int CASTLING_OFFSET = 768, EN_PASSANT_OFFSET = 772, TURN_OFFSET = 780;
constexpr int MAX_BOOK_PLIES = 100;

std::uint64_t big_endian(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
  return v;
}

// The format's move: to (bits 0-5), from (6-11), promotion piece (12-14: 1 knight ... 4 queen).
// Castling is the king's move onto its own rook's square, as the rules library encodes it.
bool same_move(chess::Move m, std::uint16_t book) {
  const int to = book & 63, from = (book >> 6) & 63, promo = (book >> 12) & 7;
  if (int(m.from()) != from || int(m.to()) != to) return false;
  return promo == 0 ? !m.is_promotion() : m.is_promotion() && int(m.promotion()) == promo + 1;
}

}  // namespace

chess::Result<BookChoice> parse_book_choice(const std::string& text) {
  if (text == "weighted") return BookChoice::WEIGHTED;
  if (text == "uniform") return BookChoice::UNIFORM;
  return chess::Error{"--book-mode must be 'weighted' or 'uniform', got '" + text + "'"};
}

const char* book_choice_name(BookChoice choice) { return choice == BookChoice::UNIFORM ? "uniform" : "weighted"; }

std::uint64_t polyglot_key(const chess::Position& pos) {
  using namespace chess;
  std::uint64_t key = 0;
  Bitboard occupied = pos.pieces();
  while (occupied) {
    const Square s = pop_lsb(occupied);
    const Piece p = pos.piece_on(s);
    const int kind = 2 * (int(type_of(p)) - 1) + (color_of(p) == WHITE ? 1 : 0);
    key ^= polyglot::RANDOM64[64 * kind + 8 * int(rank_of(s)) + int(file_of(s))];
  }
  const CastlingRights rights[4] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
  for (int i = 0; i < 4; ++i)
    if (pos.castling_rights() & rights[i]) key ^= polyglot::RANDOM64[CASTLING_OFFSET + i];
  // The en-passant file counts only when a pawn of the side to move stands beside the pawn.
  const Square ep = pos.ep_square();
  if (ep != SQ_NONE && (pawn_attacks(~pos.side_to_move(), ep) & pos.pieces(pos.side_to_move(), PAWN)))
    key ^= polyglot::RANDOM64[EN_PASSANT_OFFSET + int(file_of(ep))];
  if (pos.side_to_move() == WHITE) key ^= polyglot::RANDOM64[TURN_OFFSET];
  return key;
}

chess::Result<PolyglotBook> PolyglotBook::open(const std::string& path) {
  auto read = chess::read_whole_file(path, "opening book", chess::MAX_BINARY_BOOK);
  if (!read) return chess::Error{read.error()};
  const std::string& data = *read;
  if (data.empty()) return chess::Error{path + ": the Polyglot book is empty"};
  if (data.size() % 16 != 0)
    return chess::Error{path + ": " + std::to_string(data.size()) +
                        " bytes is not a whole number of 16-byte Polyglot entries (is it a Polyglot book?)"};
  PolyglotBook book;
  book.entries_.reserve(data.size() / 16);
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  for (std::size_t at = 0; at < data.size(); at += 16) {
    PolyglotEntry e{big_endian(bytes + at, 8), std::uint16_t(big_endian(bytes + at + 8, 2)),
                    std::uint16_t(big_endian(bytes + at + 10, 2))};
    if (!book.entries_.empty() && e.key < book.entries_.back().key)
      return chess::Error{path + ": entry " + std::to_string(at / 16 + 1) +
                          " is out of key order; a Polyglot book is sorted by key (is it a Polyglot book?)"};
    book.entries_.push_back(e);
  }
  return book;
}

std::vector<std::pair<chess::Move, int>> PolyglotBook::moves(const chess::Position& pos) const {
  const std::uint64_t key = polyglot_key(pos);
  auto first =
      std::lower_bound(entries_.begin(), entries_.end(), key, [](const PolyglotEntry& e, std::uint64_t k) { return e.key < k; });
  std::vector<std::pair<chess::Move, int>> out;
  const chess::MoveList legal = chess::legal_moves(pos);
  for (auto it = first; it != entries_.end() && it->key == key; ++it)
    for (chess::Move m : legal)
      if (same_move(m, it->move)) out.emplace_back(m, it->weight);
  return out;
}

std::vector<Opening> polyglot_openings(const PolyglotBook& book, const std::string& name, int count, int depth, BookChoice choice,
                                       std::uint64_t seed) {
  const int limit = depth > 0 ? std::min(depth, MAX_BOOK_PLIES) : MAX_BOOK_PLIES;
  std::vector<Opening> out;
  for (int line = 0; line < count; ++line) {
    std::mt19937_64 rng(seed * 0x9e3779b97f4a7c15ULL + std::uint64_t(line));
    chess::Game game;
    Opening o{std::string(chess::START_FEN), {}, name + " line " + std::to_string(line + 1)};
    for (int ply = 0; ply < limit; ++ply) {
      const auto moves = book.moves(game.position());
      int total = 0;
      for (const auto& [m, w] : moves) total += w;
      if (moves.empty() || (choice == BookChoice::WEIGHTED && total == 0)) break;
      chess::Move pick = moves.front().first;
      if (choice == BookChoice::UNIFORM) {
        pick = moves[rng() % moves.size()].first;
      } else {
        int r = int(rng() % std::uint64_t(total));
        for (const auto& [m, w] : moves)
          if ((r -= w) < 0) {
            pick = m;
            break;
          }
      }
      game.play(pick);
      if (game.outcome().result != chess::GameResult::ONGOING) {
        game.undo();  // an opening never ends the game
        break;
      }
      o.moves.push_back(chess::to_uci(pick));
    }
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace harness
