#include "data/trainer_files.h"

#include <array>
#include <bit>
#include <cstdint>
#include <fstream>
#include <vector>

#include "core/movegen.h"
#include "datagen/binpack_movetext.h"

namespace tuner {

namespace {

using Bytes = const std::uint8_t*;

std::uint64_t le(Bytes p, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

std::uint64_t be(Bytes p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
  return v;
}

int unzigzag(std::uint64_t u) { return harness::binpack_unzigzag(std::uint16_t(u)); }

std::string square_name(int s) { return {char('a' + s % 8), char('1' + s / 8)}; }

// A position as a FEN: the board (square 0 = a1, '.' empty), and the rest as FEN writes it.
struct Board {
  std::array<char, 64> squares{};
  bool black_to_move = false;
  std::vector<int> castling_rooks;  // squares of the rooks that can still castle
  int ep = -1;
  int halfmove = 0, fullmove = 1;

  std::string fen() const {
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
    out += black_to_move ? " b " : " w ";
    out += castling() + " " + (ep >= 0 ? square_name(ep) : "-") + " " + std::to_string(halfmove) + " " +
           std::to_string(std::max(fullmove, 1));
    return out;
  }

  // Shredder-FEN letters (the rook's file), which every start, Chess960's too, can be read from.
  std::string castling() const {
    std::string white, black;
    for (int sq : castling_rooks) (squares[std::size_t(sq)] == 'R' ? white : black) += char((sq < 8 ? 'A' : 'a') + sq % 8);
    return white.empty() && black.empty() ? "-" : white + black;
  }
};

// The format's limits: at most 32 pieces, a result of 0, 1 or 2 (Black won, draw, White won),
// a binpack chunk of at most nnue-pytorch's 100 MiB, a viriformat game of at most 16,384 moves.
constexpr int MAX_PIECES = 32;
constexpr std::size_t MAX_CHUNK = std::size_t(100) << 20, MAX_GAME_BYTES = 32 + 4 * 16384 + 4;

chess::Result<bool> check_record(Bytes occupancy_le_or_be, bool big_endian, int wdl, const std::string& where) {
  const std::uint64_t occupancy = big_endian ? be(occupancy_le_or_be, 8) : le(occupancy_le_or_be, 8);
  if (std::popcount(occupancy) > MAX_PIECES) return chess::Error{where + ": more than 32 pieces: not a board of this format"};
  if (wdl < 0 || wdl > 2) return chess::Error{where + ": result " + std::to_string(wdl) + " is not 0, 1 or 2"};
  return true;
}

chess::Result<chess::Position> position_of(const Board& board, const std::string& where) {
  auto pos = chess::Position::from_fen(board.fen());
  if (!pos) return chess::Error{where + ": not a position (" + pos.error() + ")"};
  return pos;
}

// marlinformat's PackedBoard, and viriformat's header.
// Calls `each(square, code)` for every occupied square in order with its 4-bit code, the codes
// packed two a byte from `nibbles` on, the first in the low nibble (marlinformat and binpack).
template <class Each>
void for_each_piece(std::uint64_t occupancy, Bytes nibbles, Each each) {
  for (int k = 0; occupancy; ++k, occupancy &= occupancy - 1)
    each(std::countr_zero(occupancy), (nibbles[k / 2] >> (4 * (k % 2))) & 15);
}

Board marlin_board(Bytes b) {
  Board board;
  board.squares.fill('.');
  for_each_piece(le(b, 8), b + 8, [&](int sq, int code) {
    constexpr int NO_PIECE = 7;  // a code no piece has: '?', which the board's reader names
    const char letter = "pnbrqkr?"[code & 7];
    if ((code & 7) == 6) board.castling_rooks.push_back(sq);
    board.squares[std::size_t(sq)] = (code & 8) || (code & 7) == NO_PIECE ? letter : char(letter - 'a' + 'A');
  });
  board.black_to_move = b[24] & 0x80;
  board.ep = (b[24] & 0x7F) < 64 ? (b[24] & 0x7F) : -1;
  board.halfmove = b[25];
  board.fullmove = int(le(b + 26, 2));
  return board;
}

double white_result(int wdl) { return wdl / 2.0; }

// Reads `path` in blocks, handing `each` the bytes; `each` returns how many it used (0: it
// needs more). An error names the byte where the file ends inside a record.
chess::Result<bool> for_each_block(const std::string& path,
                                   const std::function<chess::Result<std::size_t>(Bytes, std::size_t)>& each) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return chess::Error{path + ": cannot open the positions"};
  std::vector<std::uint8_t> buffer;
  std::size_t offset = 0;
  for (;;) {
    const std::size_t kept = buffer.size();
    buffer.resize(kept + (1 << 20));
    in.read(reinterpret_cast<char*>(buffer.data() + kept), std::streamsize(1 << 20));
    buffer.resize(kept + std::size_t(in.gcount()));
    const bool end = in.gcount() == 0;
    std::size_t used = 0;
    while (used < buffer.size()) {
      auto took = each(buffer.data() + used, buffer.size() - used);
      CHESS_RETURN_IF_ERROR(took);
      if (*took == 0) break;
      used += *took;
    }
    offset += used;
    buffer.erase(buffer.begin(), buffer.begin() + std::ptrdiff_t(used));
    if (end) {
      if (!buffer.empty()) return chess::Error{path + ": byte " + std::to_string(offset) + ": the file ends inside a record"};
      return true;
    }
  }
}

// A board a record: marlinformat or bulletformat.
chess::Result<std::size_t> read_boards(const std::string& path, bool bullet, const std::function<void(LabeledPosition&&)>& take) {
  std::size_t count = 0;
  auto read = for_each_block(path, [&](Bytes b, std::size_t size) -> chess::Result<std::size_t> {
    if (size < 32) return std::size_t(0);
    const std::string where = path + ": record " + std::to_string(count + 1);
    CHESS_RETURN_IF_ERROR(check_record(b, false, b[bullet ? 26 : 30], where));
    Board board = marlin_board(b);
    if (bullet) {  // the side to move's pieces as White's, with White to move; bytes 24-31 hold the rest
      board.castling_rooks.clear();
      board.black_to_move = false;
      board.ep = -1;
      board.halfmove = 0;
      board.fullmove = 1;
    }
    auto pos = position_of(board, where);
    CHESS_RETURN_IF_ERROR(pos);
    const int score = std::int16_t(le(b + (bullet ? 24 : 28), 2));
    take({std::move(*pos), white_result(b[bullet ? 26 : 30]), score});
    ++count;
    return std::size_t(32);
  });
  CHESS_RETURN_IF_ERROR(read);
  return count;
}

// A viriformat move (from 0-5, to 6-11, promotion 12-13, kind 14-15: normal, en passant,
// castling as the king taking its rook, promotion) if it is legal in `pos`.
chess::Result<chess::Move> viriformat_move(const chess::Position& pos, std::uint16_t code) {
  static constexpr chess::MoveKind KINDS[] = {chess::MoveKind::NORMAL, chess::MoveKind::EN_PASSANT, chess::MoveKind::CASTLING,
                                              chess::MoveKind::PROMOTION};
  const auto from = chess::Square(code & 63), to = chess::Square((code >> 6) & 63);
  const chess::MoveKind kind = KINDS[code >> 14];
  const chess::Move move = kind == chess::MoveKind::PROMOTION
                               ? chess::Move(from, to, kind, chess::PieceType(chess::KNIGHT + ((code >> 12) & 3)))
                               : chess::Move(from, to, kind);
  if (!chess::legal_moves(pos).contains(move))
    return chess::Error{square_name(from) + square_name(to) + " is not a legal move in " + pos.fen()};
  return move;
}

// A game: its start, each move with its score, four zero bytes.
chess::Result<std::size_t> read_viriformat(const std::string& path, const std::function<void(LabeledPosition&&)>& take) {
  std::size_t count = 0, games = 0;
  auto read = for_each_block(path, [&](Bytes b, std::size_t size) -> chess::Result<std::size_t> {
    std::size_t at = 32;  // a whole game is needed
    while (at + 4 <= size && at < MAX_GAME_BYTES && le(b + at, 4) != 0) at += 4;
    if (at >= MAX_GAME_BYTES)
      return chess::Error{path + ": game " + std::to_string(games + 1) + ": no end (four zero bytes) within 16,384 moves"};
    if (at + 4 > size) return std::size_t(0);
    const std::string where = path + ": game " + std::to_string(++games);
    CHESS_RETURN_IF_ERROR(check_record(b, false, b[30], where));
    auto start = position_of(marlin_board(b), where);
    CHESS_RETURN_IF_ERROR(start);
    const double result = white_result(b[30]);
    chess::Position pos = *start;
    for (std::size_t pair = 32; pair < at; pair += 4) {
      take({pos, result, int(std::int16_t(le(b + pair + 2, 2)))});
      ++count;
      auto move = viriformat_move(pos, std::uint16_t(le(b + pair, 2)));
      if (!move) return chess::Error{where + ", move " + std::to_string((pair - 32) / 4 + 1) + ": " + move.error()};
      chess::Undo undo;
      pos.do_move(*move, undo);
    }
    return at + 4;
  });
  CHESS_RETURN_IF_ERROR(read);
  return count;
}

// A binpack entry's board: its nibbles (nnue-pytorch chess.h), its halfmove clock and ply.
Board binpack_board(Bytes e) {
  Board board;
  board.squares.fill('.');
  for_each_piece(be(e, 8), e + 8, [&](int sq, int code) {
    char letter = "PpNnBbRrQqKkPRrk"[code];
    if (code == 12) {
      letter = sq < 32 ? 'P' : 'p';
      board.ep = sq < 32 ? sq - 8 : sq + 8;
    }
    if (code == 13 || code == 14) board.castling_rooks.push_back(sq);
    if (code == 15) board.black_to_move = true;
    board.squares[std::size_t(sq)] = letter;
  });
  board.halfmove = int(be(e + 30, 2));
  board.fullmove = 1 + int(be(e + 28, 2) & 0x3FFF) / 2;
  return board;
}

// A binpack move (kind 15-14: normal, promotion, castling as the king taking its rook, en
// passant; from 13-8, to 7-2, promotion 1-0) if it is legal in `pos`.
chess::Result<chess::Move> binpack_move(const chess::Position& pos, std::uint16_t code) {
  static constexpr chess::MoveKind KINDS[] = {chess::MoveKind::NORMAL, chess::MoveKind::PROMOTION, chess::MoveKind::CASTLING,
                                              chess::MoveKind::EN_PASSANT};
  const chess::Move move(chess::Square((code >> 8) & 63), chess::Square((code >> 2) & 63), KINDS[code >> 14],
                         chess::PieceType(chess::KNIGHT + (code & 3)));
  const chess::Move plain = move.kind() == chess::MoveKind::PROMOTION ? move : chess::Move(move.from(), move.to(), move.kind());
  if (!chess::legal_moves(pos).contains(plain)) return chess::Error{"its move is not legal in its position"};
  return plain;
}

// A chain's head: its first entry (32 bytes) and its count of further plies (2).
constexpr std::size_t CHAIN_HEAD = 34;
// A binpack result's 2-bit code (the zigzag of -1, 0, 1 from the side to move's view) as the
// check of a record takes a result: 0, 1, 2, or 3 where the code means none.
constexpr int RESULT_CHECK[] = {1, 0, 2, 3};

struct ChainRead {
  std::size_t bytes = 0, positions = 0;
};

// A chain: its first entry at `e`, its count of further plies, their moves and scores
// (harness/src/datagen/binpack_movetext.h). Hands over each position.
chess::Result<ChainRead> read_chain(Bytes e, std::size_t room, const std::string& where,
                                    const std::function<void(LabeledPosition&&)>& take) {
  const int result_code = int(be(e + 28, 2) >> 14);
  CHESS_RETURN_IF_ERROR(check_record(e, true, RESULT_CHECK[result_code], where));
  const Board board = binpack_board(e);
  auto start = position_of(board, where);
  CHESS_RETURN_IF_ERROR(start);
  chess::Position pos = *start;
  const int sign = board.black_to_move ? -1 : 1;
  const int stem_score = unzigzag(be(e + 26, 2));
  const double result = (sign * unzigzag(result_code) + 1) / 2.0;
  auto move = binpack_move(pos, std::uint16_t(be(e + 24, 2)));
  if (!move) return chess::Error{where + ": " + move.error()};
  chess::Move played = *move;
  take({pos, result, sign * stem_score});
  const std::size_t plies = std::size_t(be(e + 32, 2));
  harness::BinpackMovetextReader text(e + CHAIN_HEAD, room - CHAIN_HEAD, std::int16_t(stem_score));
  for (std::size_t ply = 1; ply <= plies; ++ply) {
    chess::Undo undo;
    pos.do_move(played, undo);
    auto next = text.next(pos);
    if (!next) return chess::Error{where + ", ply " + std::to_string(ply) + " after it: " + next.error()};
    played = next->first;
    const int white = pos.side_to_move() == chess::WHITE ? next->second : -next->second;
    take({pos, result, white});
  }
  return ChainRead{CHAIN_HEAD + text.bytes_read(), 1 + plies};
}

// Chunks of "BINP", their size and chains.
chess::Result<std::size_t> read_binpack(const std::string& path, const std::function<void(LabeledPosition&&)>& take) {
  std::size_t count = 0, chains = 0;
  auto read = for_each_block(path, [&](Bytes b, std::size_t size) -> chess::Result<std::size_t> {
    if (size < 8) return std::size_t(0);
    if (le(b, 4) != 0x504E4942) return chess::Error{path + ": a chunk does not start with BINP: not a binpack"};
    const std::size_t chunk = std::size_t(le(b + 4, 4));
    if (chunk > MAX_CHUNK) return chess::Error{path + ": a chunk of " + std::to_string(chunk) + " bytes, more than 100 MiB"};
    if (size < 8 + chunk) return std::size_t(0);
    for (std::size_t at = 8; at < 8 + chunk;) {
      const std::string where = path + ": chain " + std::to_string(++chains);
      if (at + CHAIN_HEAD > 8 + chunk) return chess::Error{where + ": the chunk ends inside its first entry"};
      auto chain = read_chain(b + at, 8 + chunk - at, where, take);
      CHESS_RETURN_IF_ERROR(chain);
      at += chain->bytes;
      count += chain->positions;
    }
    return 8 + chunk;
  });
  CHESS_RETURN_IF_ERROR(read);
  return count;
}

}  // namespace

chess::Result<std::size_t> read_trainer_file(const std::string& path, PositionsFormat format,
                                             const std::function<void(LabeledPosition&&)>& take) {
  switch (format) {
    case PositionsFormat::MARLINFORMAT: return read_boards(path, false, take);
    case PositionsFormat::BULLETFORMAT: return read_boards(path, true, take);
    case PositionsFormat::VIRIFORMAT: return read_viriformat(path, take);
    case PositionsFormat::BINPACK: return read_binpack(path, take);
    case PositionsFormat::TEXT: break;
  }
  return chess::Error{path + ": text is read line by line (read_labeled_file)"};
}

}  // namespace tuner
