#include "formats/binpack_movetext.h"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>

#include "core/bitboard.h"
#include "core/movegen.h"
#include "formats/training_record.h"

namespace formats {

namespace {

// The bits a choice among `count` takes (nnue-pytorch's usedBitsSafe): none for one or none.
int bits_for(int count) { return count <= 1 ? 0 : int(std::bit_width(unsigned(count - 1))); }

constexpr int SCORE_BLOCK = 4;
constexpr const char* ENDS_EARLY = "the chain's moves end before its count of plies";  // bits of the score's difference a block holds, a fifth says more follow

// What the piece on `from` may do as binpack counts it: its destinations (each four times for a
// pawn that promotes), then, for the king, one choice per castling right of its side.
struct Choices {
  chess::Bitboard destinations = 0;
  bool promotes = false;
  int castlings = 0;
  int count() const { return chess::popcount(destinations) * (promotes ? 4 : 1) + castlings; }
};

Choices choices_of(const chess::Position& pos, chess::Square from) {
  const chess::Color us = pos.side_to_move();
  const chess::Bitboard ours = pos.pieces(us), theirs = pos.pieces(~us), occupied = ours | theirs;
  const chess::PieceType type = chess::type_of(pos.piece_on(from));
  Choices c;
  if (type == chess::PAWN) {
    chess::Bitboard targets = theirs;
    if (pos.has_legal_en_passant()) targets |= chess::square_bb(pos.ep_square());
    c.destinations = chess::pawn_attacks(us, from) & targets;
    const int forward = us == chess::WHITE ? 8 : -8;
    const chess::Square one = from + forward;
    if (!(occupied & chess::square_bb(one))) {
      c.destinations |= chess::square_bb(one);
      const chess::Square two = one + forward;
      if (chess::relative_rank(us, chess::rank_of(from)) == chess::RANK_2 && !(occupied & chess::square_bb(two)))
        c.destinations |= chess::square_bb(two);
    }
    c.promotes = chess::relative_rank(us, chess::rank_of(from)) == chess::RANK_7;
  } else if (type == chess::KING) {
    c.destinations = chess::king_attacks(from) & ~ours;
    c.castlings = chess::popcount(pos.castling_rights() & (chess::kingside(us) | chess::queenside(us)));
  } else {
    c.destinations = chess::attacks_of(type, from, occupied) & ~ours;
  }
  return c;
}

int below(chess::Bitboard set, chess::Square s) { return chess::popcount(set & (chess::square_bb(s) - 1)); }

// Each byte's n-th set bit (8: none), for nth_square's last step.
constexpr auto NTH_BIT_OF_BYTE = [] {
  std::array<std::array<std::uint8_t, 8>, 256> table{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    unsigned n = 0;
    for (auto& bit : table[byte]) bit = 8;
    for (std::uint8_t bit = 0; bit < 8; ++bit)
      if (byte >> bit & 1) table[byte][n++] = bit;
  }
  return table;
}();

// The n-th square of `set` (n below its count) in square order: the half, quarter and byte that
// hold it found by counting, then the byte's table; a square a choice, where popping n squares
// one by one cost up to 31 steps.
chess::Square nth_square(chess::Bitboard set, unsigned n) {
  int base = 0;
  for (const int width : {32, 16, 8}) {
    const auto low = unsigned(std::popcount(set & ((chess::Bitboard(1) << width) - 1)));
    if (n >= low) {
      n -= low;
      set >>= width;
      base += width;
    }
  }
  return chess::Square(base + NTH_BIT_OF_BYTE[set & 0xFF][n & 7]);
}

}  // namespace

std::uint16_t binpack_zigzag(std::int16_t v) { return std::uint16_t(v >= 0 ? 2 * int(v) : -2 * int(v) - 1); }
std::int16_t binpack_unzigzag(std::uint16_t u) { return std::int16_t((u & 1) ? -int(u >> 1) - 1 : int(u >> 1)); }

void BinpackMovetextWriter::put(unsigned value, int bits) {
  while (bits > 0) {
    if (free_bits_ == 0) {
      bytes_.push_back('\0');
      free_bits_ = 8;
    }
    const int n = std::min(bits, free_bits_);
    const unsigned part = (value >> (bits - n)) & ((1u << n) - 1);
    bytes_.back() = char(std::uint8_t(bytes_.back()) | (part << (free_bits_ - n)));
    free_bits_ -= n;
    bits -= n;
  }
}

void BinpackMovetextWriter::add(const chess::Position& pos, chess::Move move, std::int16_t score) {
  put_move(pos, move);
  put_score(score);
  ++plies_;
}

void BinpackMovetextWriter::put_move(const chess::Position& pos, chess::Move move) {
  const chess::Color us = pos.side_to_move();
  const chess::Bitboard ours = pos.pieces(us);
  const Choices c = choices_of(pos, move.from());
  int id = below(c.destinations, move.to());
  if (move.kind() == chess::MoveKind::CASTLING) {
    const bool has_long = pos.castling_rights() & chess::queenside(us);
    const bool short_side =
        pos.castling_path(chess::kingside(us)).rook_from == move.to() && (pos.castling_rights() & chess::kingside(us));
    id = chess::popcount(c.destinations) - 1 + int(has_long) + int(short_side);
  } else if (c.promotes) {
    id = id * 4 + (move.promotion() - chess::KNIGHT);
  }
  put(unsigned(below(ours, move.from())), bits_for(chess::popcount(ours)));
  put(unsigned(id), bits_for(c.count()));
}

void BinpackMovetextWriter::put_score(std::int16_t score) {
  std::uint16_t difference = binpack_zigzag(std::int16_t(score - last_score_));
  do {
    put((difference & ((1u << SCORE_BLOCK) - 1)) | (unsigned(difference >> SCORE_BLOCK != 0) << SCORE_BLOCK), SCORE_BLOCK + 1);
    difference = std::uint16_t(difference >> SCORE_BLOCK);
  } while (difference != 0);
  last_score_ = std::int16_t(-score);
}

inline std::optional<unsigned> BinpackMovetextReader::take(int bits) {
  const std::size_t byte = bit_ / 8;
  if (byte + 4 > size_) return take_near_end(bits);
  // Four bytes hold any choice or score block (at most 16 bits) from any bit of the first.
  const auto window = std::uint32_t(read_be(text_ + byte, 4)) << (bit_ % 8);
  bit_ += std::size_t(bits);
  return bits == 0 ? 0u : unsigned(window >> (32 - bits));
}

std::optional<unsigned> BinpackMovetextReader::take_near_end(int bits) {
  if (bit_ + std::size_t(bits) > 8 * size_) return std::nullopt;
  unsigned value = 0;
  while (bits > 0) {
    const int free = 8 - int(bit_ % 8), n = std::min(bits, free);
    value = (value << n) | ((text_[bit_ / 8] >> (free - n)) & ((1u << n) - 1));
    bit_ += std::size_t(n);
    bits -= n;
  }
  return value;
}

chess::Result<std::pair<chess::Move, std::int16_t>> BinpackMovetextReader::next(const chess::Position& pos) {
  std::pair<chess::Move, std::int16_t> taken;
  if (const char* error = take_move(pos, taken.first)) return chess::Error{error};
  if (const char* error = take_score(taken.second)) return chess::Error{error};
  return taken;
}

const char* BinpackMovetextReader::take_move(const chess::Position& pos, chess::Move& move) {
  const chess::Color us = pos.side_to_move();
  const chess::Bitboard ours = pos.pieces(us);
  const auto piece = take(bits_for(chess::popcount(ours)));
  if (!piece) return ENDS_EARLY;
  if (int(*piece) >= chess::popcount(ours)) return "a move names a piece the side to move does not have";
  const chess::Square from = nth_square(ours, *piece);
  const Choices c = choices_of(pos, from);
  const auto id = take(bits_for(c.count()));
  if (!id) return ENDS_EARLY;
  if (int(*id) >= c.count()) return "a move names a destination its piece does not have";
  const int normal = chess::popcount(c.destinations);
  if (int(*id) >= normal * (c.promotes ? 4 : 1)) {
    const bool has_long = pos.castling_rights() & chess::queenside(us);
    const chess::CastlingRights right = *id == unsigned(normal) && has_long ? chess::queenside(us) : chess::kingside(us);
    move = chess::Move(from, pos.castling_path(right).rook_from, chess::MoveKind::CASTLING);
  } else if (c.promotes) {
    move = chess::Move(from, nth_square(c.destinations, *id / 4), chess::MoveKind::PROMOTION,
                       chess::PieceType(chess::KNIGHT + *id % 4));
  } else {
    const chess::Square to = nth_square(c.destinations, *id);
    const bool en_passant =
        chess::type_of(pos.piece_on(from)) == chess::PAWN && pos.has_legal_en_passant() && to == pos.ep_square();
    move = en_passant ? chess::Move(from, to, chess::MoveKind::EN_PASSANT) : chess::Move(from, to);
  }
  // A choice is pseudo-legal by its making: its piece's moves by the rules of movement, the
  // en-passant square only when a capture there is legal, castling only with a right held.
  if (!chess::is_legal_pseudo_legal(pos, move)) return "a move that is not legal in its position";
  return nullptr;
}

const char* BinpackMovetextReader::take_score(std::int16_t& score) {
  std::uint16_t difference = 0;
  for (int shift = 0;; shift += SCORE_BLOCK) {
    if (shift > 12) return "a score's difference longer than 16 bits";
    const auto block = take(SCORE_BLOCK + 1);
    if (!block) return ENDS_EARLY;
    difference = std::uint16_t(difference | ((*block & ((1u << SCORE_BLOCK) - 1)) << shift));
    if (!(*block >> SCORE_BLOCK)) break;
  }
  score = std::int16_t(last_score_ + binpack_unzigzag(difference));
  last_score_ = std::int16_t(-score);
  return nullptr;
}

}  // namespace formats
