#include "san.h"

#include "movegen.h"
#include "uci_move.h"

namespace chess {

namespace {

constexpr std::string_view PIECE_LETTERS = "  NBRQK";

PieceType piece_from_letter(char c) {
  switch (c) {
    case 'N': return KNIGHT;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'Q': return QUEEN;
    case 'K': return KING;
    default: return NO_PIECE_TYPE;
  }
}

std::string disambiguation(const Position& pos, Move m, const MoveList& legal) {
  bool clash = false, same_file = false, same_rank = false;
  PieceType pt = type_of(pos.moved_piece(m));
  for (Move other : legal) {
    if (other == m || other.to() != m.to() || other.from() == m.from() || type_of(pos.moved_piece(other)) != pt) continue;
    clash = true;
    same_file |= file_of(other.from()) == file_of(m.from());
    same_rank |= rank_of(other.from()) == rank_of(m.from());
  }
  if (!clash) return {};
  std::string from = square_to_string(m.from());
  if (!same_file) return from.substr(0, 1);
  if (!same_rank) return from.substr(1, 1);
  return from;
}

std::string check_suffix(const Position& pos, Move m) {
  Position after = pos;
  Undo undo;
  after.do_move(m, undo);
  if (!after.in_check()) return {};
  return count_legal(after) == 0 ? "#" : "+";
}

std::string_view strip_suffixes(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\n' || s.back() == '\t')) s.remove_suffix(1);
  while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos) s.remove_suffix(1);
  for (std::string_view ep : {"e.p.", "ep"})
    if (s.size() > ep.size() && s.substr(s.size() - ep.size()) == ep) {
      s.remove_suffix(ep.size());
      while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    }
  while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos) s.remove_suffix(1);
  return s;
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

Result<Move> castling_from_san(std::string_view s, const MoveList& legal) {
  bool long_castle = s.size() == 5;
  for (Move m : legal)
    if (m.kind() == MoveKind::CASTLING && (m.to() < m.from()) == long_castle) return m;
  return Error{"castling '" + std::string(s) + "' is not legal here"};
}

}  // namespace

std::string to_san(const Position& pos, Move m) {
  if (m.kind() == MoveKind::CASTLING) return (m.to() > m.from() ? "O-O" : "O-O-O") + check_suffix(pos, m);
  PieceType pt = type_of(pos.moved_piece(m));
  std::string san;
  if (pt == PAWN) {
    if (pos.is_capture(m)) san += char('a' + file_of(m.from()));
  } else {
    san += PIECE_LETTERS[pt];
    san += disambiguation(pos, m, legal_moves(pos));
  }
  if (pos.is_capture(m)) san += 'x';
  san += square_to_string(m.to());
  if (m.is_promotion()) {
    san += '=';
    san += PIECE_LETTERS[m.promotion()];
  }
  return san + check_suffix(pos, m);
}

Result<Move> parse_san(const Position& pos, std::string_view text) {
  const std::string original(text);
  std::string_view s = strip_suffixes(text);
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  if (s.empty()) return Error{"empty move"};
  MoveList legal = legal_moves(pos);
  if (s == "O-O" || s == "0-0" || s == "o-o" || s == "O-O-O" || s == "0-0-0" || s == "o-o-o") return castling_from_san(s, legal);

  PieceType pt = piece_from_letter(s.front());
  if (pt != NO_PIECE_TYPE)
    s.remove_prefix(1);
  else
    pt = PAWN;

  PieceType promo = NO_PIECE_TYPE;
  if (s.size() >= 2 && s.back() != '=' && !is_rank(s.back())) {
    char c = s.back();
    promo = piece_from_letter(char(c >= 'a' ? c - 32 : c));
    if (promo == NO_PIECE_TYPE || promo == KING) return Error{"bad promotion piece in '" + original + "'"};
    s.remove_suffix(1);
    if (!s.empty() && (s.back() == '=' || s.back() == '/')) s.remove_suffix(1);
    if (!s.empty() && s.back() == '(') return Error{"bad promotion in '" + original + "'"};
  }
  if (s.size() < 2 || !is_file(s[s.size() - 2]) || !is_rank(s.back()))
    return Error{"no destination square in '" + original + "'"};
  Square to = make_square(File(s[s.size() - 2] - 'a'), Rank(s.back() - '1'));
  s.remove_suffix(2);
  if (!s.empty() && (s.back() == 'x' || s.back() == ':' || s.back() == '-')) s.remove_suffix(1);

  int from_file = -1, from_rank = -1;
  for (char c : s) {
    if (is_file(c) && from_file < 0)
      from_file = c - 'a';
    else if (is_rank(c) && from_rank < 0)
      from_rank = c - '1';
    else
      return Error{"cannot read '" + original + "' as a move"};
  }

  Move found = Move::none();
  int matches = 0;
  for (Move m : legal) {
    if (m.to() != to || type_of(pos.moved_piece(m)) != pt) continue;
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if (m.is_promotion() != (promo != NO_PIECE_TYPE)) continue;
    if (m.is_promotion() && m.promotion() != promo) continue;
    if (m.kind() == MoveKind::CASTLING) continue;
    found = m;
    ++matches;
  }
  if (matches == 1) return found;
  if (matches > 1) return Error{"move '" + original + "' is ambiguous"};
  return Error{"move '" + original + "' is not legal in this position"};
}

}  // namespace chess
