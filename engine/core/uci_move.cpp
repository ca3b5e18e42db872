#include "uci_move.h"

#include "movegen.h"

namespace chess {

std::string square_to_string(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

std::string to_uci(Move m) {
  if (m.is_none()) return "0000";
  std::string s = square_to_string(m.from()) + square_to_string(m.to());
  if (m.is_promotion()) s += " pnbrqk"[m.promotion()];
  return s;
}

Move parse_uci(const Position& pos, std::string_view text) {
  if (text.size() != 4 && text.size() != 5) return Move::none();
  for (Move m : legal_moves(pos))
    if (to_uci(m) == text) return m;
  // Accept an upper-case promotion letter too.
  if (text.size() == 5) {
    std::string lower(text);
    lower[4] = char(lower[4] | 0x20);
    for (Move m : legal_moves(pos))
      if (to_uci(m) == lower) return m;
  }
  return Move::none();
}

}  // namespace chess
