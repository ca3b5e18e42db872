#include "formats/bulletformat.h"

#include <bit>
#include <string>

namespace formats {

Record32 encode_bulletformat(const chess::Position& pos, int score_white, WhiteResult result) {
  const chess::Color us = pos.side_to_move();
  const int flip = us == chess::BLACK ? 56 : 0;  // the board from the side to move's view
  chess::Bitboard occupancy = 0;
  for (chess::Bitboard left = pos.pieces(); left; left &= left - 1) occupancy |= chess::Bitboard(1) << (chess::lsb(left) ^ flip);
  Record32 b{};
  write_le(b, 0, occupancy, 8);
  write_pieces(b, occupancy, [&](chess::Square s) {
    const chess::Piece p = pos.piece_on(chess::Square(s ^ flip));
    return (chess::type_of(p) - chess::PAWN) | (chess::color_of(p) == us ? 0 : 8);
  });
  write_le(b, 24, score16(us == chess::WHITE ? score_white : -score_white), 2);
  const int white = int(result);
  b[26] = std::uint8_t(us == chess::WHITE ? white : 2 - white);
  b[27] = std::uint8_t(pos.king_square(us) ^ flip);
  b[28] = std::uint8_t(pos.king_square(~us) ^ flip ^ 56);
  return b;
}

chess::Result<TrainingPosition> decode_bulletformat(const std::uint8_t* b) {
  const std::uint64_t occupancy = read_le(b, 8);
  if (std::popcount(occupancy) > MAX_PIECES) return chess::Error{"more than 32 pieces: not a board of this format"};
  if (b[26] > 2) return chess::Error{"result " + std::to_string(b[26]) + " is not 0, 1 or 2"};
  chess::PositionSetup setup;
  bool unknown = false;
  read_pieces(occupancy, b + 8, [&](chess::Square s, int code) {
    unknown |= (code & 7) > 5;
    setup.board[s] = chess::make_piece(code & 8 ? chess::BLACK : chess::WHITE, chess::PieceType(chess::PAWN + (code & 7) % 6));
  });
  if (unknown) return chess::Error{"invalid position: a piece code above 5 (king)"};
  auto pos = chess::Position::from_setup(setup);
  CHESS_RETURN_IF_ERROR(pos);
  // bullet buckets a board by these two bytes, not by its pieces: a record where they disagree
  // would be trained with another king's bucket.
  if (int(b[27]) != int(pos->king_square(chess::WHITE)) || (b[28] ^ 56) != int(pos->king_square(chess::BLACK)))
    return chess::Error{"invalid position: its king squares (bytes 27 and 28) are not where its kings stand"};
  return TrainingPosition{std::move(pos).value(), WhiteResult(b[26]), int(std::int16_t(read_le(b + 24, 2)))};
}

chess::Result<std::size_t> read_bulletformat(std::istream& in, const std::string& source, const PositionVisit& take) {
  return read_boards(in, source, decode_bulletformat, take);
}

std::unique_ptr<PositionWriter> open_bulletformat_writer(std::ostream& out) {
  return open_board_writer(encode_bulletformat, out);
}

}  // namespace formats
