#include "pgn/pgn_writer.h"

#include <algorithm>
#include <cstdio>

#include "core/nearest_names.h"
#include "core/san.h"
#include "core/uci_move.h"
#include "text/comma_list.h"

namespace harness {

namespace {

std::string tag(const std::string& name, const std::string& value) {
  std::string escaped;
  for (char c : value) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return "[" + name + " \"" + escaped + "\"]\n";
}

// Appends a token to movetext, wrapping lines at 79 characters.
void append_token(std::string& text, std::size_t& line_length, const std::string& token) {
  if (line_length > 0 && line_length + 1 + token.size() > 79) {
    text += '\n';
    line_length = 0;
  } else if (line_length > 0) {
    text += ' ';
    ++line_length;
  }
  text += token;
  line_length += token.size();
}

}  // namespace

namespace {

// The items of --pgn-comments (and of fastchess's -pgnout keys), each with its member.
struct CommentItem {
  const char* name;
  bool PgnComments::*on;
};
constexpr CommentItem COMMENT_ITEMS[] = {{"nodes", &PgnComments::nodes},
                                         {"seldepth", &PgnComments::seldepth},
                                         {"nps", &PgnComments::nps},
                                         {"hashfull", &PgnComments::hashfull},
                                         {"timeleft", &PgnComments::timeleft},
                                         {"latency", &PgnComments::latency},
                                         {"tbhits", &PgnComments::tbhits},
                                         {"pv", &PgnComments::pv},
                                         {"min", &PgnComments::min}};

}  // namespace

bool set_pgn_comment(PgnComments& comments, const std::string& name, bool on) {
  for (const CommentItem& item : COMMENT_ITEMS)
    if (name == item.name) return comments.*item.on = on, true;
  return false;
}

chess::Result<PgnComments> parse_pgn_comments(const std::string& list) {
  PgnComments c;
  std::vector<std::string> all;
  for (const CommentItem& item : COMMENT_ITEMS) all.emplace_back(item.name);
  for (const std::string& name : comma_list(list)) {
    if (!set_pgn_comment(c, name, true)) {
      std::string items;
      for (const std::string& n : all) items += (items.empty() ? "" : ", ") + n;
      return chess::Error{"--pgn-comments: unknown item '" + name + "'" + chess::did_you_mean(name, all) + "; the items are " +
                          items};
    }
  }
  return c;
}

std::string PgnComments::describe() const {
  std::string out;
  for (const CommentItem& item : COMMENT_ITEMS)
    if (this->*item.on) out += (out.empty() ? "" : ",") + std::string(item.name);
  return out;
}

std::string move_comment(const MoveRecord& m, const PgnComments& c) {
  char buf[64];
  std::string out;
  if (m.has_score) {
    if (m.mate_in != 0)  // in plies, as fastchess and cutechess-cli write it: mate in 3 is "+M5", mated in 2 "-M4"
      std::snprintf(buf, sizeof buf, "%sM%d/%d ", m.mate_in > 0 ? "+" : "-", m.mate_in > 0 ? 2 * m.mate_in - 1 : -2 * m.mate_in,
                    m.depth);
    else
      std::snprintf(buf, sizeof buf, "%+.2f/%d ", m.score_cp / 100.0, m.depth);
    out = buf;
  }
  std::snprintf(buf, sizeof buf, "%.3fs", double(m.time_ms) / 1000.0);
  out += buf;
  if (c.nodes && m.nodes) out += ", n=" + std::to_string(m.nodes);
  if (c.seldepth && m.seldepth) out += ", sd=" + std::to_string(m.seldepth);
  if (c.nps && m.nps) out += ", nps=" + std::to_string(m.nps);
  if (c.hashfull && m.hashfull >= 0) out += ", hashfull=" + std::to_string(m.hashfull);
  if (c.timeleft && m.clock_left_ms >= 0) {
    std::snprintf(buf, sizeof buf, ", tl=%.3fs", double(m.clock_left_ms) / 1000.0);
    out += buf;
  }
  // After a ponder hit the engine's own time includes its pondering, so it may exceed the time
  // the move took from the hit: the latency is then not known and is left out, never negative.
  if (c.latency && m.engine_time_ms >= 0 && m.engine_time_ms <= m.time_ms)
    out += ", latency=" + std::to_string(m.time_ms - m.engine_time_ms) + "ms";
  if (c.tbhits) out += ", tbhits=" + std::to_string(m.tbhits);
  if (c.pv && !m.pv.empty()) out += ", pv=\"" + m.pv + "\"";
  // As fastchess writes them; a '}' would end the comment, so it is written ')'.
  for (std::string line : m.engine_lines) {
    std::replace(line.begin(), line.end(), '}', ')');
    out += ", line=\"" + line + "\"";
  }
  return out;
}

std::string termination_tag(GameEnd end, TerminationWords words) {
  if (words != TerminationWords::PGN_STANDARD) {
    if (end == GameEnd::ILLEGAL_MOVE) return "illegal move";
    if (end == GameEnd::STALL) return words == TerminationWords::FASTCHESS ? "abandoned" : "stalled connection";
  }
  return pgn_termination(end);
}

std::string to_pgn(const GameRecord& r, const PgnContext& ctx) {
  chess::Position pos = chess::Position::from_fen(r.opening.fen).value();
  const bool standard_start = pos.fen() == chess::START_FEN;
  std::string date = r.started_at.size() >= 10 ? r.started_at.substr(0, 10) : std::string("????") + ".??.??";
  for (char& c : date)
    if (c == '-') c = '.';
  const std::string result(chess::result_string(r.result));
  std::string out = tag("Event", ctx.event) + tag("Site", ctx.site) + tag("Date", date) + tag("Round", ctx.round) +
                    tag("White", r.white) + tag("Black", r.black) + tag("Result", result);
  // Chess960 as lichess, python-chess and ChessBase read it: the tag, and the start in X-FEN.
  const bool chess960 = ctx.variant == chess::Variant::FISCHERANDOM;
  if (chess960) out += tag("Variant", "Chess960");
  if (!standard_start || chess960) out += tag("FEN", pos.fen()) + tag("SetUp", "1");
  if (r.white_time_control != r.black_time_control)
    out += tag("WhiteTimeControl", r.white_time_control) + tag("BlackTimeControl", r.black_time_control);
  out += tag("TimeControl", r.time_control) + tag("PlyCount", std::to_string(r.opening.moves.size() + r.moves.size())) +
         tag("Termination", termination_tag(r.end, ctx.termination_words));
  if (!r.opening.name.empty()) out += tag("Opening", r.opening.name);
  // --params-file: the values each side played with, as NAME=VALUE words.
  if (!r.white_params.empty()) out += tag("WhiteParams", params_words(r.white_params));
  if (!r.black_params.empty()) out += tag("BlackParams", params_words(r.black_params));
  out += '\n';

  std::string text;
  std::size_t line_length = 0;
  chess::Undo undo;
  auto number = [&](bool force) {
    if (pos.side_to_move() == chess::WHITE)
      append_token(text, line_length, std::to_string(pos.fullmove_number()) + ".");
    else if (force)
      append_token(text, line_length, std::to_string(pos.fullmove_number()) + "...");
  };
  bool force_number = true;
  for (const std::string& uci : r.opening.moves) {
    chess::Move m = chess::parse_uci(pos, uci, ctx.variant);
    number(force_number);
    append_token(text, line_length, chess::to_san(pos, m));
    pos.do_move(m, undo);
    force_number = false;
  }
  if (!r.opening.moves.empty()) {
    append_token(text, line_length, "{book}");
    force_number = true;
  }
  for (const MoveRecord& m : r.moves) {
    number(force_number);
    append_token(text, line_length, m.san);
    if (!ctx.comments.min) append_token(text, line_length, "{" + move_comment(m, ctx.comments) + "}");
    pos.do_move(chess::parse_uci(pos, m.uci, ctx.variant), undo);
    force_number = false;
  }
  if (!r.reason.empty()) append_token(text, line_length, "{" + r.reason + "}");
  append_token(text, line_length, result);
  return out + text + "\n\n";
}

}  // namespace harness
