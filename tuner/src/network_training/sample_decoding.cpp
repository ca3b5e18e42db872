#include "network_training/sample_decoding.h"

#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>

#include "core/bitboard.h"
#include "data/trainer_files.h"
#include "formats/binpack.h"
#include "formats/bulletformat.h"
#include "formats/marlinformat.h"
#include "formats/viriformat.h"
#include "nnue/features.h"

namespace tuner {

namespace {

using chess::Bitboard;

// A bulletformat board as one bitboard for each piece code: pawn 0 .. king 5 of the side to
// move, 8 .. 13 the opponent's (6, 7, 14 and 15 are no piece).
struct BoardBits {
  // Cleared 32 bytes a store: GCC makes a plain `= {}` a `rep stos` under -march=native on the
  // measurements' AMD machine, a tenth of a record's decoding there.
  explicit BoardBits(Bitboard occupancy) : occupied(occupancy) {
    using Zeros = std::uint64_t __attribute__((vector_size(32)));
    const Zeros zeros{};
    for (std::size_t i = 0; i < 16; i += 4) std::memcpy(&by_code[i], &zeros, sizeof zeros);
  }
  Bitboard occupied;
  alignas(32) Bitboard by_code[16];
  Bitboard of(int side, chess::PieceType t) const { return by_code[8 * side + int(t) - int(chess::PAWN)]; }
  Bitboard colour(int side) const {
    const Bitboard* b = by_code + 8 * side;
    return b[0] | b[1] | b[2] | b[3] | b[4] | b[5];
  }
};

constexpr Bitboard BACK_RANKS = 0xFF000000000000FFull;

// Each piece code's Chess768 feature on square 0 for the side to move, whose board this is (the
// opponent's pieces from 384 on); a square adds to it. No piece: 0 (such a board is refused).
constexpr std::array<std::uint16_t, 16> FEATURE_BASE = [] {
  std::array<std::uint16_t, 16> base{};
  for (int code = 0; code < 16; ++code)
    if ((code & 7) < 6) base[std::size_t(code)] = std::uint16_t(nnue::chess768_feature(code >> 3, code & 7, 0));
  return base;
}();

// What Position::from_setup asks of a board's material: a king a side, at most 8 pawns and 16
// pieces a side, no pawn on the first or last rank.
bool plausible_material(const BoardBits& b) {
  if (b.by_code[6] | b.by_code[7] | b.by_code[14] | b.by_code[15]) return false;
  for (int c = 0; c < 2; ++c) {
    if (std::popcount(b.of(c, chess::KING)) != 1 || std::popcount(b.of(c, chess::PAWN)) > 8 || std::popcount(b.colour(c)) > 16)
      return false;
  }
  return ((b.by_code[0] | b.by_code[8]) & BACK_RANKS) == 0;
}

// The pieces of side `by` (0 or 1, side 0 moving up the board) that attack `s`.
Bitboard attackers(const BoardBits& b, int by, chess::Square s, Bitboard occupied) {
  const chess::Color defender = by == 0 ? chess::BLACK : chess::WHITE;
  return (chess::pawn_attacks(defender, s) & b.of(by, chess::PAWN)) | (chess::knight_attacks(s) & b.of(by, chess::KNIGHT)) |
         (chess::king_attacks(s) & b.of(by, chess::KING)) |
         (chess::bishop_attacks(s, occupied) & (b.of(by, chess::BISHOP) | b.of(by, chess::QUEEN))) |
         (chess::rook_attacks(s, occupied) & (b.of(by, chess::ROOK) | b.of(by, chess::QUEEN)));
}

// The format's own decoder on a record the fast path found invalid: its error, or (should the
// two ever disagree) the sample it reads.
chess::Result<bool> bulletformat_by_position(const std::uint8_t* record, const SampleFilter& filter, TrainingSample& out) {
  auto decoded = formats::decode_bulletformat(record);
  CHESS_RETURN_IF_ERROR(decoded);
  const double white_result = int(decoded->result) / 2.0;
  if (!filter_keeps(filter, decoded->position, decoded->score_white, chess::Move::none())) return false;
  out = to_sample(decoded->position, white_result, decoded->score_white);
  return true;
}

}  // namespace

chess::Result<bool> bulletformat_sample(const std::uint8_t* r, const SampleFilter& filter, TrainingSample& out) {
  chess::init_bitboards();  // the attack tables, which no position may have set up yet in this process
  const std::uint64_t occupancy = formats::read_le(r, 8);
  if (std::popcount(occupancy) > formats::MAX_PIECES || r[26] > 2) return bulletformat_by_position(r, filter, out);
  BoardBits b(occupancy);
  // The piece codes, four bits each in square order: the first 16 in one word, then the rest.
  std::uint64_t codes = formats::read_le(r + 8, 8);
  const std::uint64_t more_codes = formats::read_le(r + 16, 8);
  int k = 0;
  for (Bitboard left = occupancy; left; left &= left - 1, ++k) {
    const int square = std::countr_zero(left);
    const unsigned code = unsigned(codes) & 15;
    codes = k == 15 ? more_codes : codes >> 4;
    out.features[std::size_t(k)] = std::uint16_t(FEATURE_BASE[code] + square);
    b.by_code[code] |= Bitboard(1) << square;
  }
  if (!plausible_material(b)) return bulletformat_by_position(r, filter, out);
  const auto own_king = chess::Square(std::countr_zero(b.of(0, chess::KING)));
  const auto their_king = chess::Square(std::countr_zero(b.of(1, chess::KING)));
  if (r[27] != own_king || (r[28] ^ 56) != their_king) return bulletformat_by_position(r, filter, out);
  const Bitboard checkers = attackers(b, 1, own_king, occupancy);
  if (attackers(b, 0, their_king, occupancy) || std::popcount(checkers) > 2) return bulletformat_by_position(r, filter, out);
  const int score = int(std::int16_t(formats::read_le(r + 24, 2)));
  // The board has no move number: it is read as the game's first ply (Position::from_setup's).
  if (std::abs(score) > filter.max_score || filter.min_ply > 0 || (filter.skip_in_check && checkers)) return false;
  out.count = std::uint8_t(k);
  out.result = float(r[26]) / 2.0f;
  out.score = float(score);
  return true;
}

chess::Result<std::size_t> viriformat_samples(const std::uint8_t* bytes, std::size_t size, const std::string& where,
                                              const SampleFilter& filter, SampleSink& sink) {
  const auto by_position = [&] { return formats::decode_viriformat_game(bytes, size, where, [](const formats::TrainingPosition&) {}); };
  const auto game_bytes = formats::viriformat_game_bytes(bytes, size);
  if (!game_bytes || *game_bytes == 0) return by_position();  // its error, or 0: the game goes on
  auto start = formats::decode_marlinformat(bytes);
  if (!start) return by_position();
  const std::size_t end = *game_bytes - 4;
  const double white_result = int(start->result) / 2.0;
  chess::Position pos = start->position;
  for (std::size_t pair = 32; pair < end; pair += 4) {
    auto move = formats::decode_viriformat_move(pos, std::uint16_t(formats::read_le(bytes + pair, 2)));
    if (!move) return by_position();
    const int score = int(std::int16_t(formats::read_le(bytes + pair + 2, 2)));
    ++sink.read;
    if (filter_keeps(filter, pos, score, *move)) sink.keep(to_sample(pos, white_result, score));
    chess::Undo undo;
    pos.do_move(*move, undo);
  }
  return end + 4;
}

namespace {

chess::Result<bool> read_bulletformat_samples(std::istream& in, const std::string& path, const SampleFilter& filter,
                                                     SampleSink& sink) {
  TrainingSample sample;
  std::size_t records = 0;
  return formats::for_each_block(in, path, [&](const std::uint8_t* b, std::size_t size) -> chess::Result<std::size_t> {
    std::size_t used = 0;
    for (; size - used >= 32; used += 32) {
      auto kept = bulletformat_sample(b + used, filter, sample);
      if (!kept) return chess::Error{path + ": record " + std::to_string(records + 1) + ": " + kept.error()};
      ++records;
      ++sink.read;
      if (*kept) sink.keep(sample);
    }
    return used;
  });
}

chess::Result<bool> read_viriformat_samples(std::istream& in, const std::string& path, const SampleFilter& filter,
                                                   SampleSink& sink) {
  std::size_t games = 0;
  return formats::for_each_block(in, path, [&](const std::uint8_t* b, std::size_t size) -> chess::Result<std::size_t> {
    auto took = viriformat_samples(b, size, path + ": game " + std::to_string(games + 1), filter, sink);
    CHESS_RETURN_IF_ERROR(took);
    games += *took > 0;
    return took;
  });
}

// Chunks of chains, each position played on from its chain's first by the format's decoder.
chess::Result<bool> read_binpack_samples(std::istream& in, const std::string& path, const SampleFilter& filter,
                                                SampleSink& sink) {
  std::size_t chains = 0;
  const formats::PositionVisit visit = [&](const formats::TrainingPosition& p) {
    ++sink.read;
    if (filter_keeps(filter, p.position, p.score_white, p.move)) sink.keep(to_sample(p.position, int(p.result) / 2.0, p.score_white));
  };
  return formats::for_each_block(in, path, [&](const std::uint8_t* b, std::size_t size) {
    return formats::decode_binpack_chunk(b, size, path, visit, chains);
  });
}

// Formats without a decoder of their own here: through the labeled reader.
chess::Result<bool> read_labeled_samples(std::istream& in, const std::string& path, formats::PositionFormat format,
                                         const SampleFilter& filter, bool needs_score, SampleSink& sink) {
  std::string missing_score;
  auto read = read_labeled_stream(
      in, path,
      [&](LabeledPosition&& p) {
        ++sink.read;
        if (!p.score && needs_score) {
          if (missing_score.empty()) missing_score = p.position.fen();
        } else if (filter_keeps(filter, p)) {
          sink.keep(to_sample(p.position, p.result, p.score.value_or(0)));
        }
      },
      0, format);
  CHESS_RETURN_IF_ERROR(read);
  if (!missing_score.empty())
    return chess::Error{path + ": a position has no search score (" + missing_score +
                        "), and the training blends scores in ('wdl' below 1)"};
  return true;
}

}  // namespace

chess::Result<std::size_t> read_stream_samples(std::istream& in, const std::string& path, formats::PositionFormat format,
                                               const SampleFilter& filter, bool needs_score, SampleSink& sink) {
  const std::size_t before = sink.read;
  chess::Result<bool> read = true;
  switch (format) {
    case formats::PositionFormat::BULLETFORMAT: read = read_bulletformat_samples(in, path, filter, sink); break;
    case formats::PositionFormat::VIRIFORMAT: read = read_viriformat_samples(in, path, filter, sink); break;
    case formats::PositionFormat::BINPACK: read = read_binpack_samples(in, path, filter, sink); break;
    default: read = read_labeled_samples(in, path, format, filter, needs_score, sink); break;
  }
  CHESS_RETURN_IF_ERROR(read);
  if (sink.read == before) return chess::Error{path + ": no labeled positions"};
  return sink.read - before;
}

}  // namespace tuner
