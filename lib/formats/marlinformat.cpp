#include "formats/marlinformat.h"

#include <algorithm>
#include <bit>
#include <string>

namespace formats {

namespace {

constexpr int CASTLING_ROOK = 6;

std::string square_name(chess::Square s) { return {char('a' + chess::file_of(s)), char('1' + chess::rank_of(s))}; }

}  // namespace

Record32 encode_marlinformat(const chess::Position& pos, int score_white, WhiteResult result) {
  Record32 b{};
  write_le(b, 0, pos.pieces(), 8);
  write_pieces(b, pos.pieces(), [&](chess::Square s) {
    const chess::Piece p = pos.piece_on(s);
    const int type = chess::type_of(p) == chess::ROOK && castling_rook(pos, s) ? CASTLING_ROOK : chess::type_of(p) - chess::PAWN;
    return type | (chess::color_of(p) == chess::BLACK ? 8 : 0);
  });
  const int ep = pos.has_legal_en_passant() ? int(pos.ep_square()) : 64;
  b[24] = std::uint8_t((pos.side_to_move() == chess::BLACK ? 0x80 : 0) | ep);
  b[25] = std::uint8_t(std::min(pos.rule50(), 255));
  write_le(b, 26, std::uint64_t(std::clamp(pos.fullmove_number(), 1, 65535)), 2);
  write_le(b, 28, score16(score_white), 2);
  b[30] = std::uint8_t(result);
  return b;
}

chess::Result<TrainingPosition> decode_marlinformat(const std::uint8_t* b) {
  const std::uint64_t occupancy = read_le(b, 8);
  if (std::popcount(occupancy) > MAX_PIECES) return chess::Error{"more than 32 pieces: not a board of this format"};
  if (b[30] > 2) return chess::Error{"result " + std::to_string(b[30]) + " is not 0, 1 or 2"};
  chess::PositionSetup setup;
  int rooks = 0;
  std::string error;
  read_pieces(occupancy, b + 8, [&](chess::Square s, int code) {
    const int type = code & 7;
    if (type == 7 && error.empty()) error = "piece code 7 on " + square_name(s) + " is no piece";
    if (type == CASTLING_ROOK && rooks < 4) setup.castling_rooks[rooks++] = s;
    const chess::PieceType kind = type == CASTLING_ROOK ? chess::ROOK : chess::PieceType(chess::PAWN + std::min(type, 5));
    setup.board[s] = chess::make_piece(code & 8 ? chess::BLACK : chess::WHITE, kind);
  });
  if (!error.empty()) return chess::Error{"invalid position: " + error};
  setup.side = b[24] & 0x80 ? chess::BLACK : chess::WHITE;
  setup.ep = (b[24] & 0x7F) < 64 ? chess::Square(b[24] & 0x7F) : chess::SQ_NONE;
  setup.rule50 = b[25];
  setup.fullmove = std::max(1, int(read_le(b + 26, 2)));
  auto pos = chess::Position::from_setup(setup);
  CHESS_RETURN_IF_ERROR(pos);
  // An en passant square no pawn can take on is no part of the position (the encoder writes
  // only one that can be taken): dropped, so that a position reads back as it was written.
  if (setup.ep != chess::SQ_NONE && !pos->has_legal_en_passant()) {
    setup.ep = chess::SQ_NONE;
    pos = chess::Position::from_setup(setup);
    CHESS_RETURN_IF_ERROR(pos);
  }
  return TrainingPosition{std::move(pos).value(), WhiteResult(b[30]), int(std::int16_t(read_le(b + 28, 2)))};
}

chess::Result<std::size_t> read_marlinformat(std::istream& in, const std::string& source, const PositionVisit& take) {
  return read_boards(in, source, decode_marlinformat, take);
}

std::unique_ptr<PositionWriter> open_marlinformat_writer(std::ostream& out) {
  return open_board_writer(encode_marlinformat, out);
}

}  // namespace formats
