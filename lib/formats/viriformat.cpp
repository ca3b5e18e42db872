#include "formats/viriformat.h"

#include <string>

#include "core/movegen.h"
#include "core/uci_move.h"
#include "formats/marlinformat.h"

namespace formats {

std::uint16_t encode_viriformat_move(chess::Move move) {
  int kind = 0, promotion = 0;
  switch (move.kind()) {
    case chess::MoveKind::NORMAL: break;
    case chess::MoveKind::EN_PASSANT: kind = 1; break;
    case chess::MoveKind::CASTLING: kind = 2; break;
    case chess::MoveKind::PROMOTION:
      kind = 3;
      promotion = move.promotion() - chess::KNIGHT;
      break;
  }
  return std::uint16_t(move.from() | (move.to() << 6) | (promotion << 12) | (kind << 14));
}

std::array<char, 4> encode_viriformat_move_and_score(chess::Move move, int score_white) {
  const std::uint16_t m = encode_viriformat_move(move), s = score16(score_white);
  return {char(m & 0xFF), char(m >> 8), char(s & 0xFF), char(s >> 8)};
}

chess::Result<chess::Move> decode_viriformat_move(const chess::Position& pos, std::uint16_t code) {
  static constexpr chess::MoveKind KINDS[] = {chess::MoveKind::NORMAL, chess::MoveKind::EN_PASSANT, chess::MoveKind::CASTLING,
                                              chess::MoveKind::PROMOTION};
  const auto from = chess::Square(code & 63), to = chess::Square((code >> 6) & 63);
  const chess::MoveKind kind = KINDS[code >> 14];
  const chess::Move move = kind == chess::MoveKind::PROMOTION
                               ? chess::Move(from, to, kind, chess::PieceType(chess::KNIGHT + ((code >> 12) & 3)))
                               : chess::Move(from, to, kind);
  if (!chess::is_legal(pos, move))
    return chess::Error{chess::to_uci(chess::Move(from, to)) + " is not a legal move in " + pos.fen()};
  return move;
}

std::optional<std::size_t> viriformat_game_bytes(const std::uint8_t* b, std::size_t size) {
  std::size_t end = 32;
  while (end + 4 <= size && end < VIRIFORMAT_MAX_GAME_BYTES && read_le(b + end, 4) != 0) end += 4;
  if (end >= VIRIFORMAT_MAX_GAME_BYTES) return std::nullopt;
  return end + 4 > size ? std::size_t(0) : end + 4;
}

chess::Result<std::size_t> decode_viriformat_game(const std::uint8_t* b, std::size_t size, const std::string& where,
                                                  const PositionVisit& take) {
  const std::optional<std::size_t> bytes = viriformat_game_bytes(b, size);  // a whole game is needed
  if (!bytes) return chess::Error{where + ": no end (four zero bytes) within 16,384 moves"};
  if (*bytes == 0) return std::size_t(0);
  const std::size_t end = *bytes - 4;
  auto start = decode_marlinformat(b);
  if (!start) return chess::Error{where + ": " + start.error()};
  TrainingPosition at = std::move(start).value();
  chess::Position& pos = at.position;
  for (std::size_t pair = 32; pair < end; pair += 4) {
    auto move = decode_viriformat_move(pos, std::uint16_t(read_le(b + pair, 2)));
    if (!move) return chess::Error{where + ", move " + std::to_string((pair - 32) / 4 + 1) + ": " + move.error()};
    at.score_white = int(std::int16_t(read_le(b + pair + 2, 2)));
    at.move = *move;
    take(at);
    chess::Undo undo;
    pos.do_move(*move, undo);
  }
  return end + 4;
}

chess::Result<std::size_t> read_viriformat(std::istream& in, const std::string& source, const PositionVisit& take) {
  std::size_t count = 0, games = 0;
  auto read = for_each_block(in, source, [&](const std::uint8_t* b, std::size_t size) -> chess::Result<std::size_t> {
    auto took = decode_viriformat_game(b, size, source + ": game " + std::to_string(games + 1), [&](const TrainingPosition& p) {
      take(p);
      ++count;
    });
    CHESS_RETURN_IF_ERROR(took);
    games += *took > 0;
    return took;
  });
  CHESS_RETURN_IF_ERROR(read);
  return count;
}

namespace {

class ViriformatWriter : public PositionWriter {
 public:
  explicit ViriformatWriter(std::ostream& out) : out_(out) {}
  void begin_game(const chess::Position&, WhiteResult result) override { result_ = result; }
  bool move(const chess::Position& before, chess::Move move, std::optional<int> score_white, bool) override {
    if (!score_white) {
      end_game();
      return false;
    }
    if (!open_) {
      const Record32 header = encode_marlinformat(before, 0, result_);
      out_.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));
      open_ = true;
    }
    const std::array<char, 4> pair = encode_viriformat_move_and_score(move, *score_white);
    out_.write(pair.data(), 4);
    return true;
  }
  void end_game() override {
    if (open_) out_.write(VIRIFORMAT_END.data(), 4);
    open_ = false;
  }

 private:
  std::ostream& out_;
  WhiteResult result_ = WhiteResult::DRAW;
  bool open_ = false;  // a record is being written
};

}  // namespace

std::unique_ptr<PositionWriter> open_viriformat_writer(std::ostream& out) { return std::make_unique<ViriformatWriter>(out); }

}  // namespace formats
