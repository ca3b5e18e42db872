#include "datagen/trainer_boards.h"

#include <algorithm>

#include "core/bitboard.h"
#include "datagen/binpack_movetext.h"

namespace harness {

namespace {

void put(TrainerBoard& b, std::size_t at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) b[at + std::size_t(i)] = std::uint8_t(value >> (8 * i));
}

std::uint16_t score16(int score) { return std::uint16_t(std::int16_t(std::clamp(score, -32768, 32767))); }

// Whether the rook on `s` still carries one of its side's castling rights.
bool castling_rook(const chess::Position& pos, chess::Square s) {
  for (chess::CastlingRights right : {chess::WHITE_OO, chess::WHITE_OOO, chess::BLACK_OO, chess::BLACK_OOO})
    if ((pos.castling_rights() & right) && pos.castling_path(right).rook_from == s) return true;
  return false;
}

// The 4-bit codes of `pieces` (a square's code from `code_of`) in the order of `occupancy`'s bits.
template <class CodeOf>
void put_pieces(TrainerBoard& b, chess::Bitboard occupancy, CodeOf code_of) {
  int k = 0;
  for (chess::Bitboard left = occupancy; left; left &= left - 1, ++k)
    b[8 + std::size_t(k / 2)] |= std::uint8_t(code_of(chess::lsb(left)) << (4 * (k % 2)));
}

}  // namespace

TrainerBoard marlin_board(const chess::Position& pos, int score_white, WhiteResult result) {
  TrainerBoard b{};
  put(b, 0, pos.pieces(), 8);
  put_pieces(b, pos.pieces(), [&](chess::Square s) {
    const chess::Piece p = pos.piece_on(s);
    const int type = chess::type_of(p) == chess::ROOK && castling_rook(pos, s) ? 6 : chess::type_of(p) - chess::PAWN;
    return type | (chess::color_of(p) == chess::BLACK ? 8 : 0);
  });
  const int ep = pos.has_legal_en_passant() ? int(pos.ep_square()) : 64;
  b[24] = std::uint8_t((pos.side_to_move() == chess::BLACK ? 0x80 : 0) | ep);
  b[25] = std::uint8_t(std::min(pos.rule50(), 255));
  put(b, 26, std::uint64_t(std::clamp(pos.fullmove_number(), 1, 65535)), 2);
  put(b, 28, score16(score_white), 2);
  b[30] = std::uint8_t(result);
  return b;
}

TrainerBoard bullet_board(const chess::Position& pos, int score_white, WhiteResult result) {
  const chess::Color us = pos.side_to_move();
  const int flip = us == chess::BLACK ? 56 : 0;  // the board from the side to move's view
  chess::Bitboard occupancy = 0;
  for (chess::Bitboard left = pos.pieces(); left; left &= left - 1) occupancy |= chess::Bitboard(1) << (chess::lsb(left) ^ flip);
  TrainerBoard b{};
  put(b, 0, occupancy, 8);
  put_pieces(b, occupancy, [&](chess::Square s) {
    const chess::Piece p = pos.piece_on(chess::Square(s ^ flip));
    return (chess::type_of(p) - chess::PAWN) | (chess::color_of(p) == us ? 0 : 8);
  });
  put(b, 24, score16(us == chess::WHITE ? score_white : -score_white), 2);
  const int white = int(result);
  b[26] = std::uint8_t(us == chess::WHITE ? white : 2 - white);
  b[27] = std::uint8_t(pos.king_square(us) ^ flip);
  b[28] = std::uint8_t(pos.king_square(~us) ^ flip ^ 56);
  return b;
}

std::uint16_t viri_move(chess::Move move) {
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

bool binpack_castling(const chess::Position& pos) {
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

TrainerBoard binpack_entry(const chess::Position& pos, chess::Move move, int score_white, WhiteResult result) {
  auto zigzag = [](int v) { return std::uint64_t(binpack_zigzag(std::int16_t(v))); };
  auto put_be = [](TrainerBoard& b, std::size_t at, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) b[at + std::size_t(i)] = std::uint8_t(value >> (8 * (bytes - 1 - i)));
  };
  const chess::Color us = pos.side_to_move();
  const int ep = pos.has_legal_en_passant() ? int(pos.ep_square()) : -1;
  TrainerBoard b{};
  put_be(b, 0, pos.pieces(), 8);
  put_pieces(b, pos.pieces(), [&](chess::Square s) {
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
  put_be(b, 24, std::uint64_t((KIND[int(move.kind())] << 14) | (move.from() << 8) | (move.to() << 2) | promotion), 2);
  put_be(b, 26, zigzag(std::clamp(us == chess::WHITE ? score_white : -score_white, -32767, 32767)), 2);
  const int white = int(result) - 1;  // -1, 0, 1
  put_be(b, 28, std::uint64_t(std::min(pos.game_ply(), 0x3FFF)) | (zigzag(us == chess::WHITE ? white : -white) << 14), 2);
  put_be(b, 30, std::uint64_t(pos.rule50()), 2);
  return b;
}

}  // namespace harness
