#include "formats/binpack.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <string>

#include "core/movegen.h"

namespace formats {

namespace {

// A chain's head: its first entry (32 bytes) and its count of further plies (2).
constexpr std::size_t CHAIN_HEAD = 34;

std::uint64_t zigzag(int v) { return std::uint64_t(binpack_zigzag(std::int16_t(v))); }
int unzigzag(std::uint64_t u) { return binpack_unzigzag(std::uint16_t(u)); }

// An entry's position: its nibbles, its halfmove clock and ply.
chess::Result<chess::Position> entry_position(const std::uint8_t* e) {
  static constexpr chess::Piece CODES[] = {chess::W_PAWN, chess::B_PAWN, chess::W_KNIGHT, chess::B_KNIGHT, chess::W_BISHOP,
                                           chess::B_BISHOP, chess::W_ROOK, chess::B_ROOK, chess::W_QUEEN, chess::B_QUEEN,
                                           chess::W_KING, chess::B_KING};
  const std::uint64_t occupancy = read_be(e, 8);
  if (std::popcount(occupancy) > MAX_PIECES) return chess::Error{"more than 32 pieces: not a board of this format"};
  chess::PositionSetup setup;
  int rooks = 0;
  read_pieces(occupancy, e + 8, [&](chess::Square s, int code) {
    const bool low = s < 32;
    switch (code) {
      case 12:  // a pawn that can be taken en passant: the square behind it is the target
        setup.board[s] = low ? chess::W_PAWN : chess::B_PAWN;
        setup.ep = chess::Square(low ? s - 8 : s + 8);
        break;
      case 13:
      case 14:
        setup.board[s] = code == 13 ? chess::W_ROOK : chess::B_ROOK;
        if (rooks < 4) setup.castling_rooks[rooks++] = s;
        break;
      case 15:
        setup.board[s] = chess::B_KING;
        setup.side = chess::BLACK;
        break;
      default: setup.board[s] = CODES[code];
    }
  });
  setup.rule50 = int(read_be(e + 30, 2));
  setup.fullmove = 1 + int(read_be(e + 28, 2) & 0x3FFF) / 2;
  return chess::Position::from_setup(setup);
}

// An entry's move if it is legal in `pos`.
chess::Result<chess::Move> entry_move(const chess::Position& pos, std::uint16_t code) {
  static constexpr chess::MoveKind KINDS[] = {chess::MoveKind::NORMAL, chess::MoveKind::PROMOTION, chess::MoveKind::CASTLING,
                                              chess::MoveKind::EN_PASSANT};
  const chess::Move move(chess::Square((code >> 8) & 63), chess::Square((code >> 2) & 63), KINDS[code >> 14],
                         chess::PieceType(chess::KNIGHT + (code & 3)));
  const chess::Move plain = move.kind() == chess::MoveKind::PROMOTION ? move : chess::Move(move.from(), move.to(), move.kind());
  if (!chess::is_legal(pos, plain)) return chess::Error{"its move is not legal in its position"};
  return plain;
}

}  // namespace

chess::Result<std::size_t> decode_binpack_chain(const std::uint8_t* e, std::size_t room, const std::string& where,
                                                const PositionVisit& take) {
  if (room < CHAIN_HEAD) return chess::Error{where + ": the chunk ends inside its first entry"};
  const int result_code = int(read_be(e + 28, 2) >> 14);
  if (result_code == 3) return chess::Error{where + ": result 3 is not 0, 1 or 2"};  // the zigzag of -2: no result
  auto start = entry_position(e);
  if (!start) return chess::Error{where + ": " + start.error()};
  TrainingPosition at{std::move(start).value()};
  chess::Position& pos = at.position;
  const int sign = pos.side_to_move() == chess::BLACK ? -1 : 1;
  const int stem_score = unzigzag(read_be(e + 26, 2));
  at.result = WhiteResult(sign * unzigzag(std::uint64_t(result_code)) + 1);
  auto move = entry_move(pos, std::uint16_t(read_be(e + 24, 2)));
  if (!move) return chess::Error{where + ": " + move.error()};
  chess::Move played = *move;
  at.score_white = sign * stem_score;
  at.move = played;
  take(at);
  const std::size_t plies = std::size_t(read_be(e + 32, 2));
  BinpackMovetextReader text(e + CHAIN_HEAD, room - CHAIN_HEAD, std::int16_t(stem_score));
  for (std::size_t ply = 1; ply <= plies; ++ply) {
    chess::Undo undo;
    pos.do_move(played, undo);
    auto next = text.next(pos);
    if (!next) return chess::Error{where + ", ply " + std::to_string(ply) + " after it: " + next.error()};
    played = next->first;
    at.score_white = pos.side_to_move() == chess::WHITE ? next->second : -next->second;
    at.move = played;
    take(at);
  }
  return CHAIN_HEAD + text.bytes_read();
}

bool binpack_can_hold(const chess::Position& pos) {
  for (chess::CastlingRights right : {chess::WHITE_OO, chess::WHITE_OOO, chess::BLACK_OO, chess::BLACK_OOO}) {
    if (!(pos.castling_rights() & right)) continue;
    const chess::CastlingPath& path = pos.castling_path(right);
    const bool white = right == chess::WHITE_OO || right == chess::WHITE_OOO;
    const bool king_side = right == chess::WHITE_OO || right == chess::BLACK_OO;
    const int rank = white ? 0 : 56;
    if (path.king_from != chess::Square(rank + 4) || path.rook_from != chess::Square(rank + (king_side ? 7 : 0))) return false;
  }
  return true;
}

Record32 encode_binpack_entry(const chess::Position& pos, chess::Move move, int score_white, WhiteResult result) {
  const chess::Color us = pos.side_to_move();
  const int ep = pos.has_legal_en_passant() ? int(pos.ep_square()) : -1;
  Record32 b{};
  write_be(b, 0, pos.pieces(), 8);
  write_pieces(b, pos.pieces(), [&](chess::Square s) {
    const chess::Piece p = pos.piece_on(s);
    const chess::PieceType type = chess::type_of(p);
    const chess::Color color = chess::color_of(p);
    if (type == chess::PAWN && ep >= 0 && int(s) == ep + (us == chess::WHITE ? -8 : 8)) return 12;
    if (type == chess::ROOK && castling_rook(pos, s)) return color == chess::WHITE ? 13 : 14;
    if (type == chess::KING && color == chess::BLACK && us == chess::BLACK) return 15;
    return 2 * (type - chess::PAWN) + int(color);
  });
  static constexpr int KIND[] = {0, 1, 3, 2};  // ours NORMAL, PROMOTION, EN_PASSANT, CASTLING; theirs 0, 1, 3, 2
  const int promotion = move.kind() == chess::MoveKind::PROMOTION ? move.promotion() - chess::KNIGHT : 0;
  write_be(b, 24, std::uint64_t((KIND[int(move.kind())] << 14) | (move.from() << 8) | (move.to() << 2) | promotion), 2);
  write_be(b, 26, zigzag(std::clamp(us == chess::WHITE ? score_white : -score_white, -32767, 32767)), 2);
  const int white = int(result) - 1;  // -1, 0, 1
  write_be(b, 28, std::uint64_t(std::min(pos.game_ply(), 0x3FFF)) | (zigzag(us == chess::WHITE ? white : -white) << 14), 2);
  write_be(b, 30, std::uint64_t(pos.rule50()), 2);
  return b;
}

std::array<char, BINPACK_CHUNK_HEADER> encode_binpack_chunk_header(std::uint32_t size) {
  return {'B', 'I', 'N', 'P', char(size & 0xFF), char((size >> 8) & 0xFF), char((size >> 16) & 0xFF), char(size >> 24)};
}

void write_binpack_chunk(std::ostream& out, std::string& chunk) {
  if (chunk.empty()) return;
  const auto header = encode_binpack_chunk_header(std::uint32_t(chunk.size()));
  out.write(header.data(), std::streamsize(header.size()));
  out.write(chunk.data(), std::streamsize(chunk.size()));
  chunk.clear();
}

chess::Result<std::size_t> decode_binpack_chunk_header(const std::uint8_t* b, const std::string& source) {
  if (read_le(b, 4) != 0x504E4942) return chess::Error{source + ": a chunk does not start with BINP: not a binpack"};
  const std::size_t chunk = std::size_t(read_le(b + 4, 4));
  if (chunk > BINPACK_MAX_CHUNK)
    return chess::Error{source + ": a chunk of " + std::to_string(chunk) + " bytes, more than 100 MiB"};
  return chunk;
}

chess::Result<std::size_t> decode_binpack_chunk(const std::uint8_t* b, std::size_t size, const std::string& source,
                                                const PositionVisit& take, std::size_t& chains) {
  if (size < BINPACK_CHUNK_HEADER) return std::size_t(0);
  auto chunk = decode_binpack_chunk_header(b, source);
  CHESS_RETURN_IF_ERROR(chunk);
  const std::size_t end = BINPACK_CHUNK_HEADER + *chunk;
  if (size < end) return std::size_t(0);
  for (std::size_t at = BINPACK_CHUNK_HEADER; at < end;) {
    const std::string where = source + ": chain " + std::to_string(++chains);
    auto took = decode_binpack_chain(b + at, end - at, where, take);
    CHESS_RETURN_IF_ERROR(took);
    at += *took;
  }
  return end;
}

chess::Result<std::size_t> read_binpack(std::istream& in, const std::string& source, const PositionVisit& take) {
  std::size_t count = 0, chains = 0;
  auto read = for_each_block(in, source, [&](const std::uint8_t* b, std::size_t size) -> chess::Result<std::size_t> {
    return decode_binpack_chunk(
        b, size, source,
        [&](const TrainingPosition& p) {
          take(p);
          ++count;
        },
        chains);
  });
  CHESS_RETURN_IF_ERROR(read);
  return count;
}

namespace {

class BinpackWriter : public PositionWriter {
 public:
  explicit BinpackWriter(std::ostream& out) : out_(out) {}
  ~BinpackWriter() override { flush(); }
  void begin_game(const chess::Position&, WhiteResult result) override {
    end_game();
    result_ = result;
  }
  bool move(const chess::Position& before, chess::Move move, std::optional<int> score_white, bool) override {
    if (!score_white || !binpack_can_hold(before)) {
      end_game();
      return false;
    }
    const int stm = before.side_to_move() == chess::WHITE ? *score_white : -*score_white;
    const std::int16_t score = std::int16_t(std::clamp(stm, -32767, 32767));
    if (chain_ && chain_->plies() < BINPACK_MAX_PLIES) {
      chain_->add(before, move, score);
      return true;
    }
    end_game();
    const Record32 stem = encode_binpack_entry(before, move, *score_white, result_);
    chunk_.append(reinterpret_cast<const char*>(stem.data()), stem.size());
    chain_.emplace(score);
    return true;
  }
  void end_game() override {
    if (!chain_) return;
    const std::uint16_t plies = chain_->plies();
    chunk_ += char(plies >> 8);
    chunk_ += char(plies & 0xFF);
    chunk_ += chain_->bytes();
    chain_.reset();
    if (chunk_.size() >= BINPACK_CHUNK_TARGET) flush();
  }
  void finish() override { flush(); }

 private:
  void flush() {
    end_game();
    write_binpack_chunk(out_, chunk_);
  }
  std::ostream& out_;
  std::string chunk_;
  std::optional<BinpackMovetextWriter> chain_;
  WhiteResult result_ = WhiteResult::DRAW;
};

}  // namespace

std::unique_ptr<PositionWriter> open_binpack_writer(std::ostream& out) { return std::make_unique<BinpackWriter>(out); }

}  // namespace formats
