#include "uci_move.h"

#include "movegen.h"

namespace chess {

std::string square_to_string(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

std::string to_uci(Move m, Variant variant) {
  if (m.is_none()) return "0000";
  Square to = m.to();
  if (m.kind() == MoveKind::CASTLING && variant == Variant::STANDARD)
    to = make_square(to > m.from() ? FILE_G : FILE_C, rank_of(m.from()));
  std::string s = square_to_string(m.from()) + square_to_string(to);
  if (m.is_promotion()) s += " pnbrqk"[m.promotion()];
  return s;
}

std::string to_xboard(Move m, Variant variant) {
  if (variant == Variant::FISCHERANDOM && m.kind() == MoveKind::CASTLING) return m.to() > m.from() ? "O-O" : "O-O-O";
  return to_uci(m);
}

namespace {

// The square a UCI text names at `at` ("e4"), or -1.
int square_at(std::string_view text, std::size_t at) {
  const char file = text[at], rank = text[at + 1];
  if (file < 'a' || file > 'h' || rank < '1' || rank > '8') return -1;
  return (rank - '1') * 8 + (file - 'a');
}

// Where a move's UCI text says it goes: castling as the king's square in standard chess, as the
// king taking its rook in Chess960.
Square uci_destination(Move m, Variant variant) {
  if (m.kind() == MoveKind::CASTLING && variant == Variant::STANDARD)
    return make_square(m.to() > m.from() ? FILE_G : FILE_C, rank_of(m.from()));
  return m.to();
}

}  // namespace

Move parse_uci(const Position& pos, std::string_view text, Variant variant) {
  if (text.size() != 4 && text.size() != 5) return Move::none();
  const int from = square_at(text, 0), to = square_at(text, 2);
  if (from < 0 || to < 0) return Move::none();
  PieceType promotion = NO_PIECE_TYPE;  // an upper-case promotion letter is accepted too
  if (text.size() == 5) {
    static constexpr std::string_view LETTERS = "nbrq";
    const std::size_t at = LETTERS.find(char(text[4] | 0x20));
    if (at == std::string_view::npos) return Move::none();
    promotion = PieceType(KNIGHT + at);
  }
  auto matches = [&](Move m, Variant v) {
    return m.from() == from && uci_destination(m, v) == to &&
           (m.is_promotion() ? m.promotion() == promotion : promotion == NO_PIECE_TYPE);
  };
  const MoveList legal = legal_moves(pos);
  for (Move m : legal)
    if (matches(m, variant)) return m;
  // Castling written the other way (e1g1 in Chess960, e1h1 in standard chess).
  const Variant other = variant == Variant::STANDARD ? Variant::FISCHERANDOM : Variant::STANDARD;
  for (Move m : legal)
    if (m.kind() == MoveKind::CASTLING && matches(m, other)) return m;
  return Move::none();
}

}  // namespace chess
