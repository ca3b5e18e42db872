// Readers of the trainers' binary formats written from their published layouts (bulletformat
// src/chess/marlin.rs and src/chess.rs, viriformat src/dataformat.rs and README.md,
// nnue-pytorch data_loader/cpp/lib/binpack.h and chess.h), in the
// test tree and sharing no code with the writers in harness/src/datagen/ (binpack's chains are
// followed with the rules library's attacks and moves). Each gives back what a trainer would
// see: the board as 64 FEN letters, the side to move, the score and result.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "core/bitboard.h"
#include "core/movegen.h"
#include "core/position.h"

namespace readers {

inline std::uint64_t le(const std::uint8_t* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

// A board as its 32 bytes say it: square 0 = a1; '.' where empty.
struct Decoded {
  std::array<char, 64> squares{};
  bool black_to_move = false;
  int ep = 64;  // marlinformat: the en-passant square, 64 when none
  int halfmove = 0, fullmove = 0;
  int score = 0;                    // as stored: White's view (marlinformat), the side to move's (bulletformat)
  int result = 0;                   // as stored: 0, 1, 2
  std::vector<int> castling_rooks;  // marlinformat: squares of the rooks with a castling right
  int king = -1, opp_king = -1;     // bulletformat
  // The FEN's first field.
  std::string placement() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < 8; ++file) {
        const char c = squares[std::size_t(rank * 8 + file)];
        if (c == '.') {
          ++empty;
          continue;
        }
        if (empty) out += char('0' + empty);
        empty = 0;
        out += c;
      }
      if (empty) out += char('0' + empty);
      if (rank) out += '/';
    }
    return out;
  }
};

// The 4-bit piece codes in the order of the occupancy's set bits, the first in the low nibble.
inline void read_pieces(const std::uint8_t* b, Decoded& d, bool stm_relative) {
  const std::uint64_t occupancy = le(b, 8);
  d.squares.fill('.');
  int k = 0;
  for (int sq = 0; sq < 64; ++sq) {
    if (!((occupancy >> sq) & 1)) continue;
    const int code = (b[8 + k / 2] >> (4 * (k % 2))) & 15;
    ++k;
    const int type = code & 7;
    const bool dark = code & 8;  // black (marlinformat), the opponent (bulletformat)
    if (type == 6) d.castling_rooks.push_back(sq);
    const char letter = "pnbrqkr"[type];
    const bool black = stm_relative ? dark != d.black_to_move : dark;
    d.squares[std::size_t(sq)] = black ? letter : char(letter - 'a' + 'A');
  }
}

inline Decoded marlinformat(const std::uint8_t* b) {
  Decoded d;
  d.black_to_move = b[24] & 0x80;
  read_pieces(b, d, false);
  d.ep = b[24] & 0x7F;
  d.halfmove = b[25];
  d.fullmove = int(le(b + 26, 2));
  d.score = std::int16_t(le(b + 28, 2));
  d.result = b[30];
  return d;
}

// `black_to_move` is not in the board: the caller says which side the board is seen from; the
// squares are turned back to White's view.
inline Decoded bulletformat(const std::uint8_t* b, bool black_to_move) {
  Decoded seen;
  seen.black_to_move = black_to_move;
  read_pieces(b, seen, true);
  Decoded d = seen;
  if (black_to_move)
    for (int sq = 0; sq < 64; ++sq) d.squares[std::size_t(sq)] = seen.squares[std::size_t(sq ^ 56)];
  d.score = std::int16_t(le(b + 24, 2));
  d.result = b[26];
  d.king = b[27];
  d.opp_king = b[28];
  return d;
}

// A viriformat move: from, to, and what kind; castling is the king taking its own rook.
struct ViriMove {
  int from = 0, to = 0;
  char promotion = 0;  // 'n', 'b', 'r', 'q' when a promotion
  int kind = 0;        // 0 normal, 1 en passant, 2 castling, 3 promotion
  std::string uci_king_takes_rook() const {
    auto square = [](int s) { return std::string{char('a' + s % 8), char('1' + s / 8)}; };
    return square(from) + square(to) + (promotion ? std::string(1, promotion) : "");
  }
};

struct ViriGame {
  Decoded start;
  std::vector<std::pair<ViriMove, int>> moves;  // each with its White-relative score
};

// Every game of a viriformat file; nullopt when the bytes end inside a game.
inline std::optional<std::vector<ViriGame>> viriformat(const std::string& bytes) {
  std::vector<ViriGame> games;
  const auto* p = reinterpret_cast<const std::uint8_t*>(bytes.data());
  std::size_t at = 0;
  while (at < bytes.size()) {
    if (at + 32 > bytes.size()) return std::nullopt;
    ViriGame g;
    g.start = marlinformat(p + at);
    at += 32;
    for (;;) {
      if (at + 4 > bytes.size()) return std::nullopt;
      const std::uint16_t m = std::uint16_t(le(p + at, 2));
      const int score = std::int16_t(le(p + at + 2, 2));
      at += 4;
      if (m == 0 && score == 0) break;
      ViriMove move{m & 63, (m >> 6) & 63, 0, m >> 14};
      if (move.kind == 3) move.promotion = "nbrq"[(m >> 12) & 3];
      g.moves.push_back({move, score});
    }
    games.push_back(std::move(g));
  }
  return games;
}

inline std::uint64_t be(const std::uint8_t* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
  return v;
}

inline int unzigzag(std::uint64_t u) { return (u & 1) ? -int((u + 1) / 2) : int(u / 2); }

// One binpack entry: the board (White's view), side to move, the castling rights as FEN
// letters, the en-passant square (-1: none), the move's parts, the score and result from the
// side to move's view, the ply and the halfmove clock.
struct BinpackEntry {
  Decoded board;
  std::string castling;
  int ep = -1;
  int move_kind = 0, from = 0, to = 0, promotion = 0;
  int score = 0, result = 0, ply = 0, rule50 = 0;
};

inline BinpackEntry binpack_entry(const std::uint8_t* b) {
  BinpackEntry e;
  const std::uint64_t occupancy = be(b, 8);
  e.board.squares.fill('.');
  std::string rights;
  int k = 0;
  for (int sq = 0; sq < 64; ++sq) {
    if (!((occupancy >> sq) & 1)) continue;
    const int code = (b[8 + k / 2] >> (4 * (k % 2))) & 15;
    ++k;
    char letter = "PpNnBbRrQqKk"[code < 12 ? code : 0];
    if (code == 12) {  // a pawn that can be taken en passant: the square behind it
      letter = sq < 32 ? 'P' : 'p';
      e.ep = sq < 32 ? sq - 8 : sq + 8;
    } else if (code == 13 || code == 14) {  // a rook on its corner that can still castle
      letter = code == 13 ? 'R' : 'r';
      const bool queen_side = sq % 8 == 0;
      rights += code == 13 ? (queen_side ? 'Q' : 'K') : (queen_side ? 'q' : 'k');
    } else if (code == 15) {
      letter = 'k';
      e.board.black_to_move = true;
    }
    e.board.squares[std::size_t(sq)] = letter;
  }
  for (char right : std::string("KQkq"))  // FEN's order
    if (rights.find(right) != std::string::npos) e.castling += right;
  if (e.castling.empty()) e.castling = "-";
  const std::uint64_t move = be(b + 24, 2);
  e.move_kind = int(move >> 14);
  e.from = int((move >> 8) & 63);
  e.to = int((move >> 2) & 63);
  e.promotion = int(move & 3);
  e.score = unzigzag(be(b + 26, 2));
  const std::uint64_t ply_result = be(b + 28, 2);
  e.ply = int(ply_result & 0x3FFF);
  e.result = unzigzag(ply_result >> 14);
  e.rule50 = int(be(b + 30, 2));
  return e;
}

// The bits of a chain's movetext, read from each byte's top bit down.
struct Bits {
  const std::uint8_t* p;
  std::size_t size, bit = 0;
  bool failed = false;
  unsigned take(int count) {
    unsigned v = 0;
    for (int i = 0; i < count; ++i, ++bit) {
      if (bit / 8 >= size) return failed = true, 0;
      v = (v << 1) | ((p[bit / 8] >> (7 - bit % 8)) & 1);
    }
    return v;
  }
};

// nnue-pytorch's usedBitsSafe: the bits an index below `n` takes.
inline int index_bits(int n) {
  int bits = 0;
  while (n > 1 && (1 << bits) < n) ++bits;
  return bits;
}

// The entry of a position in a chain, from the position the rules library holds.
inline BinpackEntry entry_of(const chess::Position& pos, int score, int result, int ply) {
  BinpackEntry e;
  e.board.squares.fill('.');
  for (int sq = 0; sq < 64; ++sq) {
    const chess::Piece piece = pos.piece_on(chess::Square(sq));
    if (piece == chess::NO_PIECE) continue;
    const char letter = " pnbrqk"[chess::type_of(piece)];
    e.board.squares[std::size_t(sq)] = chess::color_of(piece) == chess::WHITE ? char(letter - 'a' + 'A') : letter;
  }
  e.board.black_to_move = pos.side_to_move() == chess::BLACK;
  const std::string fen = pos.fen();
  const std::size_t third = fen.find(' ', fen.find(' ') + 1) + 1;
  e.castling = fen.substr(third, fen.find(' ', third) - third);
  e.ep = pos.has_legal_en_passant() ? int(pos.ep_square()) : -1;
  e.score = score;
  e.result = result;
  e.ply = ply;
  e.rule50 = pos.rule50();
  return e;
}

// The next move of a chain from `pos` (nnue-pytorch binpack.h's PackedMoveScoreListReader): the
// index of the moving piece among the side to move's, the index of its destination (a pawn's
// captures, en passant where it can be taken, and pushes, times four promotions from the
// seventh rank; the king's destinations, then its castlings; another piece's attacks). Sets
// the move's kind and squares in `e`; false when the index is beyond what the piece has.
inline bool read_chain_move(Bits& bits, const chess::Position& pos, BinpackEntry& e) {
  const chess::Color us = pos.side_to_move();
  std::vector<int> ours;
  for (int sq = 0; sq < 64; ++sq)
    if (pos.piece_on(chess::Square(sq)) != chess::NO_PIECE && chess::color_of(pos.piece_on(chess::Square(sq))) == us)
      ours.push_back(sq);
  const unsigned piece = bits.take(index_bits(int(ours.size())));
  if (piece >= ours.size()) return false;
  const auto from = chess::Square(ours[piece]);
  const chess::PieceType type = chess::type_of(pos.piece_on(from));
  auto own = [&](int sq) {
    const chess::Piece p = pos.piece_on(chess::Square(sq));
    return p != chess::NO_PIECE && chess::color_of(p) == us;
  };
  auto empty = [&](int sq) { return pos.piece_on(chess::Square(sq)) == chess::NO_PIECE; };
  std::vector<int> to;
  const int up = us == chess::WHITE ? 8 : -8, rank = int(from) / 8, relative = us == chess::WHITE ? rank : 7 - rank;
  const int ep = pos.has_legal_en_passant() ? int(pos.ep_square()) : -1;
  for (int sq = 0; sq < 64; ++sq) {
    bool reaches = false;
    if (type == chess::PAWN) {
      const bool diagonal = sq - int(from) == up - 1 || sq - int(from) == up + 1;
      const bool adjacent_file = std::abs(sq % 8 - int(from) % 8) == 1;
      reaches = (diagonal && adjacent_file && ((!empty(sq) && !own(sq)) || sq == ep)) || (sq == int(from) + up && empty(sq)) ||
                (sq == int(from) + 2 * up && relative == 1 && empty(int(from) + up) && empty(sq));
    } else {
      reaches = (chess::attacks_of(type, from, pos.pieces()) >> sq & 1) && !own(sq);
    }
    if (reaches) to.push_back(sq);
  }
  const bool promotes = type == chess::PAWN && relative == 6;
  int rights = 0;
  const bool has_long = pos.castling_rights() & chess::queenside(us);
  if (type == chess::KING) rights = (pos.castling_rights() & chess::kingside(us) ? 1 : 0) + (has_long ? 1 : 0);
  const int count = int(to.size()) * (promotes ? 4 : 1) + rights;
  const unsigned id = bits.take(index_bits(count));
  if (int(id) >= count) return false;
  e.from = int(from);
  e.promotion = 0;
  if (type == chess::KING && id >= to.size()) {
    const bool long_side = id == to.size() && has_long;
    e.move_kind = 2;
    e.to = int(pos.castling_path(long_side ? chess::queenside(us) : chess::kingside(us)).rook_from);
  } else if (promotes) {
    e.move_kind = 1;
    e.to = to[id / 4];
    e.promotion = int(id % 4);
  } else {
    e.to = to[id];
    e.move_kind = e.to == ep && type == chess::PAWN ? 3 : 0;
  }
  return true;
}

// The move of an entry as the rules library takes it, if it is legal there.
inline std::optional<chess::Move> legal_move(const chess::Position& pos, const BinpackEntry& e) {
  for (chess::Move m : chess::legal_moves(pos)) {
    static constexpr int KIND[] = {0, 1, 3, 2};  // the library's normal, promotion, en passant, castling in binpack's codes
    if (m.from() == e.from && m.to() == e.to && KIND[int(m.kind())] == e.move_kind &&
        (e.move_kind != 1 || m.promotion() - chess::KNIGHT == e.promotion))
      return m;
  }
  return std::nullopt;
}

inline std::string fen_of(const BinpackEntry& e) {
  auto square = [](int s) { return std::string{char('a' + s % 8), char('1' + s / 8)}; };
  return e.board.placement() + (e.board.black_to_move ? " b " : " w ") + e.castling + " " + (e.ep < 0 ? "-" : square(e.ep)) +
         " " + std::to_string(e.rule50) + " " + std::to_string(1 + e.ply / 2);
}

// A binpack read back: every entry of every chain, in order, and each chain's count of positions.
struct BinpackFile {
  std::vector<BinpackEntry> entries;
  std::vector<std::size_t> chains;
};

// Every chain of a binpack: its first entry, then the count of further plies (16 bits,
// big-endian) and their moves and scores (each score the difference, zigzag-coded, to the
// previous position's score negated, in 5-bit blocks: 4 bits of it, low first, and a bit saying more
// follow); nullopt when a chunk's header or a chain is not whole or a move is not legal.
inline std::optional<BinpackFile> binpack(const std::string& bytes) {
  BinpackFile out;
  const auto* p = reinterpret_cast<const std::uint8_t*>(bytes.data());
  std::size_t at = 0;
  while (at < bytes.size()) {
    if (at + 8 > bytes.size() || bytes.compare(at, 4, "BINP") != 0) return std::nullopt;
    const std::size_t size = std::size_t(le(p + at + 4, 4)), end = at + 8 + size;
    if (end > bytes.size()) return std::nullopt;
    for (at += 8; at < end;) {
      if (at + 34 > end) return std::nullopt;
      BinpackEntry e = binpack_entry(p + at);
      const std::size_t plies = std::size_t(be(p + at + 32, 2));
      auto start = chess::Position::from_fen(fen_of(e));
      if (!start) return std::nullopt;
      chess::Position pos = *start;
      out.entries.push_back(e);
      Bits bits{p + at + 34, end - at - 34};
      int last = -e.score;
      for (std::size_t ply = 0; ply < plies; ++ply) {
        const auto move = legal_move(pos, e);
        if (!move) return std::nullopt;
        chess::Undo undo;
        pos.do_move(*move, undo);
        BinpackEntry next = entry_of(pos, 0, -e.result, e.ply + 1);
        if (!read_chain_move(bits, pos, next)) return std::nullopt;
        unsigned difference = 0;
        for (int shift = 0;; shift += 4) {
          const unsigned block = bits.take(5);
          difference |= (block & 15) << shift;
          if (!(block & 16) || shift > 12) break;
        }
        const int delta = (difference & 1) ? -int(difference >> 1) - 1 : int(difference >> 1);
        next.score = std::int16_t(last + delta);
        last = -next.score;
        if (bits.failed) return std::nullopt;
        out.entries.push_back(next);
        e = next;
      }
      if (!legal_move(pos, e)) return std::nullopt;
      out.chains.push_back(plies + 1);
      at += 34 + (bits.bit + 7) / 8;
    }
  }
  return out;
}

}  // namespace readers
