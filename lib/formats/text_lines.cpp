#include "formats/text_lines.h"

#include <charconv>
#include <optional>

#include "core/epd.h"

namespace formats {

namespace {

// "1-0", "0-1", "1/2-1/2": the game's result as EPD's c9 writes it.
const char* game_result_text(WhiteResult r) {
  return r == WhiteResult::WHITE_WIN ? "1-0" : r == WhiteResult::BLACK_WIN ? "0-1" : "1/2-1/2";
}

// 1.0, 0.5, 0.0: the result as bracket and text write it.
const char* result_number_text(WhiteResult r) {
  return r == WhiteResult::WHITE_WIN ? "1.0" : r == WhiteResult::BLACK_WIN ? "0.0" : "0.5";
}

// A result as the formats write it, White's view: "1-0", "0-1", "1/2-1/2", or 1.0, 0.5, 0.0 (also
// "1", "0", "1/2"); none for any other text.
std::optional<WhiteResult> line_result_value(std::string_view text) {
  if (text == "1-0" || text == "1" || text == "1.0") return WhiteResult::WHITE_WIN;
  if (text == "0-1" || text == "0" || text == "0.0") return WhiteResult::BLACK_WIN;
  if (text == "1/2-1/2" || text == "0.5" || text == "1/2") return WhiteResult::DRAW;
  return std::nullopt;
}

// The game result an operation gives: c9 "1-0" (or c2, result), or a bracketed score [1.0],
// [0.5], [0]; none for any other operation.
std::optional<WhiteResult> line_result_of(const chess::EpdOperation& op) {
  if (op.opcode == "c9" || op.opcode == "c2" || op.opcode == "result") {
    const std::string text = op.unquoted();
    return text.find('-') == std::string::npos ? std::nullopt : line_result_value(text);
  }
  if (op.opcode.size() < 3 || op.opcode.front() != '[' || op.opcode.back() != ']' || !op.operand.empty()) return std::nullopt;
  const std::string text = op.opcode.substr(1, op.opcode.size() - 2);
  return text.find('-') == std::string::npos ? line_result_value(text) : std::nullopt;
}

// The text without the spaces, tabs, CRs and LFs around it.
std::string trimmed_field(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return "";
  return std::string(text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1));
}

// 'FEN | SCORE | RESULT': the search score in whole centipawns and the result as 1.0, 0.5 or 0.0
// (or 1, 0, 1-0, 0-1, 1/2-1/2), both White's.
chess::Result<TrainingPosition> decode_scored_line(std::string_view line, const std::string& where) {
  const std::size_t bar1 = line.find('|'), bar2 = line.find('|', bar1 + 1);
  if (bar2 == std::string_view::npos || line.find('|', bar2 + 1) != std::string_view::npos)
    return chess::Error{where + ": expected 'FEN | score | result'"};
  auto record = chess::parse_epd(line.substr(0, bar1));
  if (!record) return chess::Error{where + ": " + record.error()};
  if (!record->operations.empty()) return chess::Error{where + ": expected 'FEN | score | result', got more after the FEN"};
  const std::string score_text = trimmed_field(line.substr(bar1 + 1, bar2 - bar1 - 1));
  const std::size_t digits = score_text.size() > 1 && score_text[0] == '+' && score_text[1] != '-' ? 1 : 0;  // "+29"
  int score = 0;
  auto [end, ec] = std::from_chars(score_text.data() + digits, score_text.data() + score_text.size(), score);
  if (score_text.empty() || ec != std::errc{} || end != score_text.data() + score_text.size())
    return chess::Error{where + ": the score '" + score_text + "' is not a whole number of centipawns"};
  const std::string result_text = trimmed_field(line.substr(bar2 + 1));
  const std::optional<WhiteResult> result = line_result_value(result_text);
  if (!result) return chess::Error{where + ": the result '" + result_text + "' is not 1.0, 0.5 or 0.0"};
  return TrainingPosition{std::move(record->position), *result, score};
}

// An EPD record labeled by its first result operation (c9 "1-0" or [1.0]): no score.
chess::Result<TrainingPosition> decode_labeled_epd(chess::EpdRecord&& record, const std::string& where) {
  for (const chess::EpdOperation& op : record.operations)
    if (const std::optional<WhiteResult> result = line_result_of(op))
      return TrainingPosition{std::move(record.position), *result, 0, chess::Move::none(), false};
  return chess::Error{where + ": no result label (expected c9 \"1-0\" or [1.0])"};
}

// Where a line's first '|' outside double quotes is (an EPD operand may quote one), or npos.
std::size_t first_unquoted_bar(std::string_view line) {
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    if (line[i] == '|' && !quoted) return i;
  }
  return std::string_view::npos;
}

// A line a kept position, made by `encode`; with `needs_score`, a scored one only.
class LineWriter : public PositionWriter {
 public:
  using Encode = std::string (*)(const chess::Position&, int score_white, WhiteResult);
  LineWriter(Encode encode, bool needs_score, std::ostream& out) : encode_(encode), needs_score_(needs_score), out_(out) {}
  void begin_game(const chess::Position&, WhiteResult result) override { result_ = result; }
  bool move(const chess::Position& before, chess::Move, std::optional<int> score_white, bool kept) override {
    if (!kept || (needs_score_ && !score_white)) return false;
    out_ << encode_(before, score_white.value_or(0), result_) << '\n';
    return true;
  }

 private:
  Encode encode_;
  bool needs_score_;
  std::ostream& out_;
  WhiteResult result_ = WhiteResult::DRAW;
};

}  // namespace

std::string encode_epd_line(const chess::Position& pos, WhiteResult result) {
  const std::string fen = pos.fen();
  const std::size_t fields = fen.find(' ', fen.find(' ', fen.find(' ', fen.find(' ') + 1) + 1) + 1);
  return fen.substr(0, fields) + " c9 \"" + game_result_text(result) + "\";";
}

std::string encode_bracket_line(const chess::Position& pos, WhiteResult result) {
  return pos.fen() + " [" + result_number_text(result) + "]";
}

std::string encode_text_line(const chess::Position& pos, int score_white, WhiteResult result) {
  return pos.fen() + " | " + std::to_string(score_white) + " | " + result_number_text(result);
}

chess::Result<TrainingPosition> decode_text_line(std::string_view line, const std::string& where) {
  if (first_unquoted_bar(line) != std::string_view::npos) return decode_scored_line(line, where);
  auto record = chess::parse_epd(line);
  if (!record) return chess::Error{where + ": " + record.error()};
  return decode_labeled_epd(std::move(record).value(), where);
}

chess::Result<std::size_t> read_text_lines(std::istream& in, const std::string& source, const PositionVisit& take) {
  std::size_t count = 0;
  auto read = chess::read_epd_stream(in, source, "labeled positions",
                                     [&](std::string_view line, const chess::EpdLocation& at) -> chess::Result<bool> {
                                       auto position = decode_text_line(line, at.text());
                                       CHESS_RETURN_IF_ERROR(position);
                                       take(*position);
                                       ++count;
                                       return true;
                                     });
  CHESS_RETURN_IF_ERROR(read);
  return count;
}

std::unique_ptr<PositionWriter> open_epd_writer(std::ostream& out) {
  return std::make_unique<LineWriter>([](const chess::Position& p, int, WhiteResult r) { return encode_epd_line(p, r); }, false,
                                      out);
}

std::unique_ptr<PositionWriter> open_bracket_writer(std::ostream& out) {
  return std::make_unique<LineWriter>([](const chess::Position& p, int, WhiteResult r) { return encode_bracket_line(p, r); },
                                      false, out);
}

std::unique_ptr<PositionWriter> open_text_writer(std::ostream& out) {
  return std::make_unique<LineWriter>(encode_text_line, true, out);
}

}  // namespace formats
