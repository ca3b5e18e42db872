// FEN reading with full validation, and FEN writing.
#include <charconv>
#include <string>
#include <vector>

#include "position.h"
#include "zobrist.h"

namespace chess {

namespace {

constexpr std::string_view PIECE_CHARS = " PNBRQK  pnbrqk";

std::vector<std::string_view> split_fields(std::string_view s) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) fields.push_back(s.substr(start, i - start));
  }
  return fields;
}

Error fail(const std::string& what) { return Error{"invalid FEN: " + what}; }

bool parse_counter(std::string_view text, int& out) {
  if (text.empty() || text.size() > 6) return false;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size() && out >= 0;
}

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

}  // namespace

// Reads the six FEN fields one after another into a Position; each step returns an error or nothing.
class FenReader {
 public:
  explicit FenReader(Position& pos) : pos_(pos) {}

  std::string placement(std::string_view field) {
    int rank = 7, file = 0;
    bool last_was_digit = false;
    for (char c : field) {
      if (c == '/') {
        if (file != 8) return "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, expected 8";
        if (--rank < 0) return "piece placement has more than 8 ranks";
        file = 0;
        last_was_digit = false;
      } else if (c >= '1' && c <= '8') {
        if (last_was_digit) return "two digits in a row in rank " + std::to_string(rank + 1);
        file += c - '0';
        last_was_digit = true;
        if (file > 8) return "rank " + std::to_string(rank + 1) + " has more than 8 squares";
      } else {
        std::size_t idx = PIECE_CHARS.find(c);
        if (c == ' ' || idx == std::string_view::npos)
          return std::string("unknown piece letter '") + c + "' in rank " + std::to_string(rank + 1);
        if (file >= 8) return "rank " + std::to_string(rank + 1) + " has more than 8 squares";
        pos_.put_piece(Piece(idx), make_square(File(file), Rank(rank)));
        ++file;
        last_was_digit = false;
      }
    }
    if (rank != 0) return "piece placement has " + std::to_string(8 - rank) + " ranks, expected 8";
    if (file != 8) return "rank 1 has " + std::to_string(file) + " squares, expected 8";
    return material();
  }

  std::string material() {
    for (Color c : {WHITE, BLACK}) {
      const char* name = c == WHITE ? "white" : "black";
      int kings = popcount(pos_.pieces(c, KING));
      if (kings == 0) return std::string("missing ") + name + " king";
      if (kings > 1) return std::string("more than one ") + name + " king";
      if (popcount(pos_.pieces(c, PAWN)) > 8) return std::string("more than 8 ") + name + " pawns";
      if (popcount(pos_.pieces(c)) > 16) return std::string("more than 16 ") + name + " pieces";
    }
    if (pos_.pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) return "pawn on the first or last rank";
    return {};
  }

  std::string side(std::string_view field) {
    if (field != "w" && field != "b") return "side to move must be 'w' or 'b', got '" + std::string(field) + "'";
    return side(field == "w" ? WHITE : BLACK);
  }

  std::string side(Color c) {
    pos_.side_ = c;
    if (pos_.attackers_to(pos_.king_square(~pos_.side_)) & pos_.pieces(pos_.side_)) return "the side not to move is in check";
    if (popcount(pos_.checkers()) > 2) return "the side to move is in check by more than two pieces";
    return {};
  }

  // KQkq (X-FEN: the outermost rook on that side of the king) or rook files (Shredder-FEN:
  // HAha), mixed as X-FEN allows; the king may stand on any file of its first rank (Chess960).
  std::string castling(std::string_view field) {
    if (field == "-") return {};
    for (char c : field) {
      std::string err = castling_letter(c);
      if (!err.empty()) return "castling field '" + std::string(field) + "': " + err;
    }
    return {};
  }

  std::string castling_letter(char c) {
    const Color color = (c >= 'A' && c <= 'Z') ? WHITE : BLACK;
    const char lower = char(c | 0x20);
    if (lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h')) return std::string("unknown castling letter '") + c + "'";
    const char* name = color == WHITE ? "white" : "black";
    const Rank home = relative_rank(color, RANK_1);
    const Square king = pos_.king_square(color);
    if (rank_of(king) != home)
      return std::string("castling letter '") + c + "' but the " + name + " king is not on its first rank";
    const Piece rook = make_piece(color, ROOK);
    Square rook_from = SQ_NONE;
    if (lower == 'k' || lower == 'q') {
      // The outermost rook on that side of the king.
      const int step = lower == 'k' ? -1 : 1;
      for (int f = lower == 'k' ? FILE_H : FILE_A; f != int(file_of(king)); f += step)
        if (pos_.piece_on(make_square(File(f), home)) == rook) {
          rook_from = make_square(File(f), home);
          break;
        }
      if (rook_from == SQ_NONE)
        return std::string("castling letter '") + c + "' but there is no " + name + " rook on the " + (lower == 'k' ? "h" : "a") +
               "-side of the king";
    } else {
      rook_from = make_square(File(lower - 'a'), home);
      if (file_of(rook_from) == file_of(king)) return std::string("castling letter '") + c + "' names the king's own file";
      if (pos_.piece_on(rook_from) != rook)
        return std::string("castling letter '") + c + "' but there is no " + name + " rook on " + square_name(rook_from);
    }
    const CastlingRights right = file_of(rook_from) > file_of(king) ? kingside(color) : queenside(color);
    if (pos_.castling_ & right) return std::string("castling letter '") + c + "' repeats a right already given";
    pos_.set_castling_right(right, rook_from);
    return {};
  }

  std::string en_passant(std::string_view field) {
    if (field == "-") return {};
    if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
      return "en-passant square '" + std::string(field) + "' is not a square";
    return en_passant(make_square(File(field[0] - 'a'), Rank(field[1] - '1')));
  }

  std::string en_passant(Square ep) {
    if (ep == SQ_NONE) return {};
    const std::string field = square_name(ep);
    Color us = pos_.side_;
    if (rank_of(ep) != relative_rank(us, RANK_6))
      return "en-passant square " + std::string(field) + " is on the wrong rank for the side to move";
    Square pawn = ep - pawn_push(us);
    Square origin = ep + pawn_push(us);
    if (pos_.piece_on(pawn) != make_piece(~us, PAWN))
      return "en-passant square " + std::string(field) + " has no pawn that just moved two squares in front of it";
    if (pos_.piece_on(ep) != NO_PIECE || pos_.piece_on(origin) != NO_PIECE)
      return "en-passant square " + std::string(field) + " or the square behind it is occupied";
    pos_.ep_ = ep;
    return {};
  }

  std::string counters(std::string_view half, std::string_view full) {
    int rule50 = 0, fullmove = 1;
    if (!half.empty() && !parse_counter(half, rule50))
      return "halfmove clock '" + std::string(half) + "' is not a non-negative number";
    if (!full.empty() && (!parse_counter(full, fullmove) || fullmove < 1))
      return "fullmove number '" + std::string(full) + "' is not a positive number";
    return counters(rule50, fullmove);
  }

  std::string counters(int rule50, int fullmove) {
    if (rule50 < 0 || rule50 > 999999) return "halfmove clock " + std::to_string(rule50) + " is out of range";
    if (fullmove < 1 || fullmove > 999999) return "fullmove number " + std::to_string(fullmove) + " is not a positive number";
    pos_.rule50_ = rule50;
    pos_.game_ply_ = 2 * (fullmove - 1) + (pos_.side_ == BLACK);
    return {};
  }

  // The pieces of a setup, then the checks of a FEN's placement.
  std::string pieces(const Piece* board) {
    for (int s = 0; s < SQUARE_NB; ++s) {
      if (board[s] == NO_PIECE) continue;
      if (board[s] >= PIECE_NB || type_of(board[s]) == NO_PIECE_TYPE || type_of(board[s]) > KING)
        return "unknown piece code " + std::to_string(int(board[s])) + " on " + square_name(Square(s));
      pos_.put_piece(board[s], Square(s));
    }
    return material();
  }

  // A castling right by its rook's square, as a Shredder-FEN letter names it.
  std::string castling_rook(Square rook) {
    if (rook == SQ_NONE) return {};
    const Piece p = pos_.piece_on(rook);
    if (type_of(p) != ROOK) return "castling right of " + square_name(rook) + ", where there is no rook";
    return castling_letter(char((color_of(p) == WHITE ? 'A' : 'a') + file_of(rook)));
  }

  void finish() {
    pos_.ep_in_key_ = pos_.en_passant_capture_legal();
    pos_.key_ = pos_.compute_key();
  }

 private:
  Position& pos_;
};

Result<Position> Position::from_fen(std::string_view fen) {
  while (!fen.empty() && (fen.back() == '\r' || fen.back() == '\n')) fen.remove_suffix(1);
  std::vector<std::string_view> f = split_fields(fen);
  if (f.size() < 4 || f.size() > 6) return fail("expected 6 fields (4 are accepted), got " + std::to_string(f.size()));
  Position pos;
  FenReader reader(pos);
  std::string err = reader.placement(f[0]);
  if (err.empty()) err = reader.side(f[1]);
  if (err.empty()) err = reader.castling(f[2]);
  if (err.empty()) err = reader.en_passant(f[3]);
  if (err.empty()) err = reader.counters(f.size() > 4 ? f[4] : "", f.size() > 5 ? f[5] : "");
  if (!err.empty()) return fail(err);
  reader.finish();
  return pos;
}

Result<Position> Position::from_setup(const PositionSetup& setup) {
  Position pos;
  FenReader reader(pos);
  std::string err = reader.pieces(setup.board);
  if (err.empty()) err = reader.side(setup.side);
  for (Square rook : setup.castling_rooks)
    if (err.empty()) err = reader.castling_rook(rook);
  if (err.empty()) err = reader.en_passant(setup.ep);
  if (err.empty()) err = reader.counters(setup.rule50, setup.fullmove);
  if (!err.empty()) return Error{"invalid position: " + err};
  reader.finish();
  return pos;
}

// 'K'/'Q' (or 'k'/'q') when X-FEN allows it, that is when the right's rook is the outermost one
// on its side of the king; otherwise, and always in Shredder-FEN, the rook's file.
char Position::castling_letter(CastlingRights right, FenCastling style) const {
  const CastlingPath& path = castling_path(right);
  const Color color = (right & (WHITE_OO | WHITE_OOO)) ? WHITE : BLACK;
  const bool king_side = right == kingside(color);
  bool outermost = true;
  const int step = king_side ? 1 : -1;
  for (int f = int(file_of(path.rook_from)) + step; f >= FILE_A && f <= FILE_H; f += step)
    if (board_[make_square(File(f), rank_of(path.rook_from))] == make_piece(color, ROOK)) outermost = false;
  char letter = style == FenCastling::X_FEN && outermost ? (king_side ? 'k' : 'q') : char('a' + file_of(path.rook_from));
  return color == WHITE ? char(letter - 'a' + 'A') : letter;
}

bool Position::is_chess960() const {
  for (CastlingRights right : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
    if (!(castling_ & right)) continue;
    const CastlingPath& path = castling_path(right);
    const Color color = (right & (WHITE_OO | WHITE_OOO)) ? WHITE : BLACK;
    const bool king_side = right == kingside(color);
    if (path.king_from != relative_square(color, SQ_E1) || path.rook_from != relative_square(color, king_side ? SQ_H1 : SQ_A1))
      return true;
  }
  return false;
}

std::string Position::fen(FenCastling style) const {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      Piece p = board_[make_square(File(f), Rank(r))];
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += PIECE_CHARS[p];
    }
    if (empty) out += char('0' + empty);
    if (r) out += '/';
  }
  out += side_ == WHITE ? " w " : " b ";
  if (castling_ == NO_CASTLING) out += '-';
  for (CastlingRights right : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (castling_ & right) out += castling_letter(right, style);
  out += ' ';
  out += ep_ == SQ_NONE ? std::string("-") : square_name(ep_);
  out += ' ' + std::to_string(rule50_) + ' ' + std::to_string(fullmove_number());
  return out;
}

}  // namespace chess
