#include "pgn_writer.h"

#include <cstdio>

#include "core/san.h"
#include "core/uci_move.h"

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
void append(std::string& text, std::size_t& line_length, const std::string& token) {
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

std::string move_comment(const MoveRecord& m) {
  char buf[64];
  std::string out;
  if (m.has_score) {
    if (m.mate_in != 0)
      std::snprintf(buf, sizeof buf, "%sM%d/%d ", m.mate_in > 0 ? "+" : "-", std::abs(m.mate_in), m.depth);
    else
      std::snprintf(buf, sizeof buf, "%+.2f/%d ", m.score_cp / 100.0, m.depth);
    out = buf;
  }
  std::snprintf(buf, sizeof buf, "%.2fs", double(m.time_ms) / 1000.0);
  return out + buf;
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
  if (!standard_start) out += tag("FEN", r.opening.fen) + tag("SetUp", "1");
  if (r.white_time_control != r.black_time_control)
    out += tag("WhiteTimeControl", r.white_time_control) + tag("BlackTimeControl", r.black_time_control);
  out += tag("TimeControl", r.time_control) + tag("PlyCount", std::to_string(r.opening.moves.size() + r.moves.size())) +
         tag("Termination", r.termination);
  if (!r.opening.name.empty()) out += tag("Opening", r.opening.name);
  out += '\n';

  std::string text;
  std::size_t line_length = 0;
  chess::Undo undo;
  auto number = [&](bool force) {
    if (pos.side_to_move() == chess::WHITE)
      append(text, line_length, std::to_string(pos.fullmove_number()) + ".");
    else if (force)
      append(text, line_length, std::to_string(pos.fullmove_number()) + "...");
  };
  bool force_number = true;
  for (const std::string& uci : r.opening.moves) {
    chess::Move m = chess::parse_uci(pos, uci);
    number(force_number);
    append(text, line_length, chess::to_san(pos, m));
    pos.do_move(m, undo);
    force_number = false;
  }
  if (!r.opening.moves.empty()) {
    append(text, line_length, "{book}");
    force_number = true;
  }
  for (const MoveRecord& m : r.moves) {
    number(force_number);
    append(text, line_length, m.san);
    append(text, line_length, "{" + move_comment(m) + "}");
    pos.do_move(chess::parse_uci(pos, m.uci), undo);
    force_number = false;
  }
  if (!r.reason.empty()) append(text, line_length, "{" + r.reason + "}");
  append(text, line_length, result);
  return out + text + "\n\n";
}

}  // namespace harness
