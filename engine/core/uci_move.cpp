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

Move parse_uci(const Position& pos, std::string_view text, Variant variant) {
  if (text.size() != 4 && text.size() != 5) return Move::none();
  std::string lower(text);
  if (lower.size() == 5) lower[4] = char(lower[4] | 0x20);  // accept an upper-case promotion letter too
  const MoveList legal = legal_moves(pos);
  for (Move m : legal)
    if (to_uci(m, variant) == lower) return m;
  const Variant other = variant == Variant::STANDARD ? Variant::FISCHERANDOM : Variant::STANDARD;
  for (Move m : legal)
    if (m.kind() == MoveKind::CASTLING && to_uci(m, other) == lower) return m;
  return Move::none();
}

}  // namespace chess
