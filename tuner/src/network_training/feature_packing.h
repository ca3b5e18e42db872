// A position's Chess768 features for its side to move, in square order: what to_sample puts in
// a training sample. The hot loop of every reader that goes through positions (binpack,
// viriformat, the text formats), so it is written twice: with SSSE3 a rank at a time (each square's
// feature looked up from its piece by a byte shuffle, the empty squares squeezed out by a second
// shuffle chosen by the rank's occupancy), and a square at a time without.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "core/position.h"
#include "nnue/features.h"

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

namespace tuner {

namespace feature_packing {

// Each piece's Chess768 feature for each perspective on the square that perspective calls a1;
// the square as the perspective sees it adds to it. No piece: 0.
inline constexpr auto FEATURE_ON_A1 = [] {
  std::array<std::array<std::uint16_t, chess::PIECE_NB>, chess::COLOR_NB> table{};
  for (const chess::Color c : {chess::WHITE, chess::BLACK})
    for (const chess::Piece p : {chess::W_PAWN, chess::W_KNIGHT, chess::W_BISHOP, chess::W_ROOK, chess::W_QUEEN, chess::W_KING,
                                 chess::B_PAWN, chess::B_KNIGHT, chess::B_BISHOP, chess::B_ROOK, chess::B_QUEEN, chess::B_KING})
      table[c][p] = std::uint16_t(nnue::feature_index(c, p, chess::Square(nnue::plain_view(c).square_xor)));
  return table;
}();

#if defined(__SSSE3__)
// FEATURE_ON_A1's low and high bytes, a shuffle table each (a piece code picks its byte).
inline constexpr auto FEATURE_BYTES = [] {
  std::array<std::array<std::array<std::uint8_t, 16>, 2>, chess::COLOR_NB> bytes{};
  for (int c = 0; c < chess::COLOR_NB; ++c)
    for (int p = 0; p < chess::PIECE_NB; ++p) {
      bytes[std::size_t(c)][0][std::size_t(p)] = std::uint8_t(FEATURE_ON_A1[std::size_t(c)][std::size_t(p)] & 0xFF);
      bytes[std::size_t(c)][1][std::size_t(p)] = std::uint8_t(FEATURE_ON_A1[std::size_t(c)][std::size_t(p)] >> 8);
    }
  return bytes;
}();

// For each rank occupancy, the byte shuffle that moves its occupied squares' 16-bit lanes to the
// front, in square order.
inline constexpr auto SQUEEZE = [] {
  std::array<std::array<std::uint8_t, 16>, 256> table{};
  for (unsigned occupancy = 0; occupancy < 256; ++occupancy) {
    unsigned lane = 0;
    for (auto& b : table[occupancy]) b = 0x80;  // zero
    for (unsigned file = 0; file < 8; ++file)
      if (occupancy >> file & 1) {
        table[occupancy][2 * lane] = std::uint8_t(2 * file);
        table[occupancy][2 * lane + 1] = std::uint8_t(2 * file + 1);
        ++lane;
      }
  }
  return table;
}();
#endif

}  // namespace feature_packing

// Writes the features of `pos`'s pieces (at most 32) to `out`, 0 in the lanes past them, and
// returns their count.
inline int pack_features(const chess::Position& pos, std::array<std::uint16_t, 32>& out) {
  const chess::Color us = pos.side_to_move();
  const int flip = nnue::plain_view(us).square_xor;
  const chess::Bitboard occupied = pos.pieces();
#if defined(__SSSE3__)
  // A rank's lanes go whole into `packed` after the ones before: room for the last rank's 8.
  // Cleared first (a vector store each eighth), so that the lanes past the count are 0 as
  // a sample's are.
  alignas(16) std::uint16_t packed[32 + 8];
  for (int i = 0; i < 32 + 8; i += 8) _mm_store_si128(reinterpret_cast<__m128i*>(packed + i), _mm_setzero_si128());
  const auto& bytes = feature_packing::FEATURE_BYTES[us];
  const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes[0].data()));
  const __m128i high = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes[1].data()));
  const __m128i files = _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7);
  const auto* mailbox = reinterpret_cast<const std::uint8_t*>(pos.mailbox());
  int n = 0;
  for (int rank = 0; rank < 8; ++rank) {
    const unsigned occupancy = unsigned(occupied >> (8 * rank)) & 0xFF;
    if (!occupancy || n > 32) continue;  // (more than 32 pieces: none past the 32nd is kept)
    const __m128i pieces = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(mailbox + 8 * rank));
    const __m128i on_a1 = _mm_unpacklo_epi8(_mm_shuffle_epi8(low, pieces), _mm_shuffle_epi8(high, pieces));
    const __m128i squares = _mm_add_epi16(files, _mm_set1_epi16(std::int16_t(8 * rank ^ flip)));
    const __m128i features = _mm_add_epi16(on_a1, squares);
    const __m128i squeeze = _mm_loadu_si128(reinterpret_cast<const __m128i*>(feature_packing::SQUEEZE[occupancy].data()));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(packed + n), _mm_shuffle_epi8(features, squeeze));
    n += __builtin_popcount(occupancy);
  }
  n = n < 32 ? n : 32;
  std::memcpy(out.data(), packed, sizeof(std::uint16_t) * 32);
  return n;
#else
  const auto& on_a1 = feature_packing::FEATURE_ON_A1[us];
  int n = 0;
  for (chess::Bitboard b = occupied; b && n < 32; b &= b - 1, ++n) {
    const int sq = __builtin_ctzll(b);
    out[std::size_t(n)] = std::uint16_t(on_a1[pos.piece_on(chess::Square(sq))] + (sq ^ flip));
  }
  for (int k = n; k < 32; ++k) out[std::size_t(k)] = 0;
  return n;
#endif
}

}  // namespace tuner
