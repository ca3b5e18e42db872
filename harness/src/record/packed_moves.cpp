#include "record/packed_moves.h"

#include <algorithm>
#include <cstring>

namespace harness {

namespace {

constexpr const char* PROMOTIONS = " nbrq";
constexpr int NO_SCORE = -32768;
constexpr int MATE_BASE = 32000;

int square(char file, char rank) {
  if (file < 'a' || file > 'h' || rank < '1' || rank > '8') return -1;
  return (rank - '1') * 8 + (file - 'a');
}

chess::Result<std::uint16_t> move_code(const std::string& uci) {
  const int from = uci.size() >= 4 ? square(uci[0], uci[1]) : -1, to = uci.size() >= 4 ? square(uci[2], uci[3]) : -1;
  const char* promotion = uci.size() == 5 ? std::strchr(PROMOTIONS + 1, uci[4]) : nullptr;
  if (from < 0 || to < 0 || uci.size() > 5 || (uci.size() == 5 && !promotion))
    return chess::Error{"'" + uci + "' is not a UCI move"};
  const int piece = promotion ? int(promotion - PROMOTIONS) : 0;
  return std::uint16_t(from | (to << 6) | (piece << 12));
}

// Mates are counted in plies from the mover: mate in 3 (moves) is 5 plies away.
int score_code(const MoveRecord& m) {
  if (!m.has_score) return NO_SCORE;
  const int moves = std::min(std::abs(m.mate_in), 999);  // further mates stay outside the centipawn range
  if (m.mate_in > 0) return MATE_BASE - (2 * moves - 1);
  if (m.mate_in < 0) return -MATE_BASE + 2 * moves;
  return std::clamp(m.score_cp, -30000, 30000);
}

PackedMove decoded(std::uint16_t move, std::int16_t score) {
  PackedMove m;
  const int from = move & 63, to = (move >> 6) & 63, piece = (move >> 12) & 7;
  m.uci = {char('a' + from % 8), char('1' + from / 8), char('a' + to % 8), char('1' + to / 8)};
  if (piece) m.uci += PROMOTIONS[piece];
  if (score == NO_SCORE) return m;
  m.has_score = true;
  if (score > 30000) m.mate_in = (MATE_BASE - score + 1) / 2;
  if (score < -30000) m.mate_in = -((score + MATE_BASE) / 2);
  m.score_cp = m.mate_in ? mate_score_cp(m.mate_in) : score;
  return m;
}

}  // namespace

chess::Result<std::string> pack_moves(const std::vector<MoveRecord>& moves) {
  std::string bytes;
  bytes.reserve(moves.size() * PACKED_MOVE_BYTES);
  for (const MoveRecord& m : moves) {
    auto code = move_code(m.uci);
    CHESS_RETURN_IF_ERROR(code);
    const auto score = std::uint16_t(std::int16_t(score_code(m)));
    for (std::uint16_t half : {*code, score}) bytes += {char(half & 0xff), char(half >> 8)};
  }
  return bytes;
}

chess::Result<std::vector<PackedMove>> unpack_moves(const std::string& bytes) {
  if (bytes.size() % PACKED_MOVE_BYTES != 0)
    return chess::Error{"packed moves of " + std::to_string(bytes.size()) + " bytes: not a multiple of 4"};
  std::vector<PackedMove> out;
  out.reserve(bytes.size() / PACKED_MOVE_BYTES);
  auto half = [&](std::size_t at) { return std::uint16_t(std::uint8_t(bytes[at]) | (std::uint8_t(bytes[at + 1]) << 8)); };
  for (std::size_t at = 0; at < bytes.size(); at += PACKED_MOVE_BYTES) {
    const std::uint16_t move = half(at);
    if (((move >> 12) & 7) > 4) return chess::Error{"packed move " + std::to_string(at / 4) + ": no such promotion"};
    out.push_back(decoded(move, std::int16_t(half(at + 2))));
  }
  return out;
}

}  // namespace harness
