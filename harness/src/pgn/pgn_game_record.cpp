#include "pgn/pgn_game_record.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "core/game.h"
#include "core/san.h"
#include "core/uci_move.h"
#include "text/trim.h"

namespace harness {

namespace {

// The parts of a comment at ", ", but not inside a quoted value (pv="...", line="...").
std::vector<std::string> split_parts(const std::string& comment) {
  std::vector<std::string> parts;
  std::string part;
  bool quoted = false;
  for (std::size_t i = 0; i < comment.size(); ++i) {
    if (comment[i] == '"') quoted = !quoted;
    if (!quoted && comment.compare(i, 2, ", ") == 0) {
      parts.push_back(trim(part));
      part.clear();
      ++i;
      continue;
    }
    part += comment[i];
  }
  parts.push_back(trim(part));
  return parts;
}

// "\"text\"" without its quotes; the text as it is when it has none.
std::string unquoted(std::string_view value) {
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
  return std::string(value);
}

template <class T>
bool number(std::string_view text, T& out) {
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size();
}

// "0.512s", "12.3s", "0s": milliseconds.
bool seconds(std::string_view text, std::int64_t& ms) {
  double s = 0;
  if (text.size() < 2 || text.back() != 's' || !number(text.substr(0, text.size() - 1), s) || s < 0) return false;
  ms = std::llround(s * 1000.0);
  return true;
}

// "+0.35", "-1.20", "0.00", "+M5" / "-M4" (mate in plies, as fastchess and cutechess-cli write it).
bool score(std::string_view text, MoveRecord& m) {
  if (text.empty()) return true;  // fastchess's "/0 0.005s": no score
  const bool negative = text[0] == '-';
  std::string_view body = text.substr(text[0] == '-' || text[0] == '+' ? 1 : 0);
  if (!body.empty() && body[0] == 'M') {
    int plies = 0;
    if (!number(body.substr(1), plies) || plies < 1) return false;
    m.mate_in = (negative ? -1 : 1) * ((plies + 1) / 2);
    m.score_cp = mate_score_cp(m.mate_in);
  } else {
    double pawns = 0;
    if (!number(body, pawns)) return false;
    m.score_cp = int(std::lround((negative ? -pawns : pawns) * 100.0));
  }
  m.has_score = true;
  return true;
}

// The first part: "+0.35/12 0.512s", "/0 0.005s" or "0.51s".
bool evaluation(const std::string& part, MoveRecord& m) {
  const std::size_t space = part.find(' ');
  const std::string_view time = space == std::string::npos ? std::string_view(part) : std::string_view(part).substr(space + 1);
  if (!seconds(time, m.time_ms)) return false;
  if (space == std::string::npos) return true;
  const std::string_view eval = std::string_view(part).substr(0, space);
  const std::size_t slash = eval.find('/');
  return slash != std::string::npos && number(eval.substr(slash + 1), m.depth) && score(eval.substr(0, slash), m);
}

// "n=", "sd=", "nps=", "hashfull=", "tl=", "latency=" (fastchess "0.005s", this harness "5ms"),
// "tbhits=", pv="..." and line="..." (each line a match_line pattern kept); other keys are read
// past. False when the part is no key=value.
bool key_value(const std::string& part, MoveRecord& m) {
  const std::size_t eq = part.find('=');
  if (eq == std::string::npos || eq == 0 || part.find(' ') < eq) return false;
  const std::string key = part.substr(0, eq);
  const std::string_view value = std::string_view(part).substr(eq + 1);
  std::int64_t ms = 0;
  if (key == "n") number(value, m.nodes);
  if (key == "sd") number(value, m.seldepth);
  if (key == "nps") number(value, m.nps);
  if (key == "hashfull") number(value, m.hashfull);
  if (key == "tbhits") number(value, m.tbhits);
  if (key == "pv") m.pv = unquoted(value);
  if (key == "line") m.engine_lines.push_back(unquoted(value));
  if (key == "tl") seconds(value, m.clock_left_ms);
  if (key == "latency" && ((value.ends_with("ms") && number(value.substr(0, value.size() - 2), ms)) || seconds(value, ms)))
    m.engine_time_ms = m.time_ms - ms;
  return true;
}

std::string at(const std::string& file, int line) { return file + ":" + std::to_string(line); }

bool is_book(const PgnMove& m) { return std::find(m.comments.begin(), m.comments.end(), "book") != m.comments.end(); }

// How many of the first moves are the opening's: up to the last one marked "book" before any
// engine's comment (fastchess and cutechess-cli mark each, this harness the last).
std::size_t opening_length(const PgnGame& game) {
  std::size_t length = 0;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    if (is_book(game.moves[i])) length = i + 1;
    MoveRecord probe;
    std::string rest;
    for (const std::string& c : game.moves[i].comments)
      if (read_move_comment(c, probe, rest)) return length;
  }
  return length;
}

chess::Result<chess::GameResult> game_result(const PgnGame& game, const std::string& file) {
  const std::string* tag = game.tag("Result");
  const std::string token = game.result, tagged = tag ? *tag : "";
  if (!token.empty() && token != "*" && !tagged.empty() && tagged != "*" && token != tagged)
    return chess::Error{at(file, game.line) + ": the result " + token + " differs from the Result tag " + tagged};
  const std::string result = !token.empty() && token != "*" ? token : tagged;
  if (result == "1-0") return chess::GameResult::WHITE_WINS;
  if (result == "0-1") return chess::GameResult::BLACK_WINS;
  if (result == "1/2-1/2") return chess::GameResult::DRAW;
  return chess::Error{at(file, game.line) + ": an unfinished game (result '" + (result.empty() ? "none" : result) + "')"};
}

// The game's end and reason: the rules' verdict on the final position first, then the words.
chess::Result<bool> read_end(const chess::Game& replay, const PgnGame& game, const std::string& file, GameRecord& r) {
  const chess::Outcome outcome = replay.outcome();
  const std::string* termination = game.tag("Termination");
  if (outcome.result != chess::GameResult::ONGOING) {
    if (outcome.result != r.result)
      return chess::Error{at(file, game.line) + ": the result " + std::string(chess::result_string(r.result)) +
                          " contradicts the final position (" + std::string(chess::termination_string(outcome.termination)) +
                          ")"};
    r.end = rules_end(outcome.termination);
    if (r.reason.empty()) r.reason = end_reason(r.end, ~replay.position().side_to_move());
    return true;
  }
  r.end = game_end_from_text(termination ? *termination : "", r.reason);
  return true;
}

chess::Result<bool> replay_moves(const PgnGame& game, const std::string& file, chess::Variant variant, chess::Game& replay,
                                 GameRecord& r) {
  const std::size_t book = opening_length(game);
  std::string reason;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const PgnMove& pm = game.moves[i];
    const chess::Position before = replay.position();
    auto san = chess::parse_san(before, pm.text);
    const chess::Move move = san ? *san : chess::parse_uci(before, pm.text, variant);
    if (move.is_none())
      return chess::Error{at(file, pm.line) + ": '" + pm.text + "' is no legal move (" + (san ? "" : san.error()) + ") in " +
                          before.fen()};
    replay.play(move);
    const std::string uci = chess::to_uci(move, variant);
    if (i < book) {
      r.opening.moves.push_back(uci);
      continue;
    }
    MoveRecord m;
    m.uci = uci;
    m.san = chess::to_san(before, move);
    std::string rest;
    bool read = false;
    for (const std::string& c : pm.comments) {
      if (!read && read_move_comment(c, m, rest))
        read = true;
      else if (c != "book")
        rest += (rest.empty() ? "" : ", ") + c;
    }
    r.moves.push_back(m);
    if (i + 1 == game.moves.size()) r.reason = rest;
  }
  if (game.moves.empty() || book == game.moves.size())
    for (const std::string& c : game.moves.empty() ? game.leading_comments : game.moves.back().comments)
      if (c != "book") r.reason = c;
  return true;
}

std::string iso_date(const PgnGame& game, const char* time_tag) {
  if (const std::string* t = game.tag(time_tag); t && t->size() >= 19 && (*t)[10] == 'T') return t->substr(0, 19) + "Z";
  const std::string* date = game.tag("Date");
  if (!date || date->size() != 10 || date->find('?') != std::string::npos) return "";
  std::string iso = *date;
  std::replace(iso.begin(), iso.end(), '.', '-');
  return iso;
}

}  // namespace

bool read_move_comment(const std::string& comment, MoveRecord& move, std::string& rest) {
  const std::vector<std::string> parts = split_parts(comment);
  MoveRecord m = move;
  if (parts.empty() || !evaluation(parts[0], m)) return false;
  for (std::size_t i = 1; i < parts.size(); ++i)
    if (!parts[i].empty() && !key_value(parts[i], m)) rest += (rest.empty() ? "" : ", ") + parts[i];
  move = m;
  return true;
}

chess::Result<chess::Variant> pgn_variant(const PgnGame& game) {
  const std::string* tag = game.tag("Variant");
  if (!tag) return chess::Variant::STANDARD;
  std::string name = *tag;
  for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (name == "standard" || name.empty()) return chess::Variant::STANDARD;
  if (name == "chess960" || name == "fischerandom" || name == "chess 960") return chess::Variant::FISCHERANDOM;
  return chess::Error{"variant '" + *tag + "' is not chess or Chess960"};
}

chess::Result<GameRecord> game_record_from_pgn(const PgnGame& game, const std::string& file) {
  auto variant = pgn_variant(game);
  if (!variant) return chess::Error{at(file, game.line) + ": " + variant.error()};
  const std::string* fen = game.tag("FEN");
  auto start = chess::Position::from_fen(fen ? *fen : std::string(chess::START_FEN));
  if (!start) return chess::Error{at(file, game.line) + ": FEN tag: " + start.error()};
  GameRecord r;
  const std::string* white = game.tag("White");
  const std::string* black = game.tag("Black");
  if (!white || white->empty() || !black || black->empty())
    return chess::Error{at(file, game.line) + ": a game needs White and Black tags naming its players"};
  r.white = *white;
  r.black = *black;
  auto result = game_result(game, file);
  CHESS_RETURN_IF_ERROR(result);
  r.result = *result;
  r.opening.fen = start->fen();
  chess::Game replay(*start);
  CHESS_RETURN_IF_ERROR(replay_moves(game, file, *variant, replay, r));
  CHESS_RETURN_IF_ERROR(read_end(replay, game, file, r));
  const std::string* tc = game.tag("TimeControl");
  r.time_control = tc ? *tc : "?";
  const std::string* wtc = game.tag("WhiteTimeControl");
  const std::string* btc = game.tag("BlackTimeControl");
  r.white_time_control = wtc ? *wtc : r.time_control;
  r.black_time_control = btc ? *btc : r.time_control;
  r.started_at = iso_date(game, "GameStartTime");
  r.finished_at = iso_date(game, "GameEndTime");
  r.pgn = game.text + "\n";
  return r;
}

}  // namespace harness
