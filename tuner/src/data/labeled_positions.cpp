#include "data/labeled_positions.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "core/epd.h"
#include "core/nearest_names.h"
#include "core/regular_file.h"
#include "data/trainer_files.h"
#include "text/trim.h"

namespace tuner {

namespace {

// A result as the formats write it, White's view: "1-0", "0-1", "1/2-1/2", or 1.0, 0.5, 0.0 (also
// "1", "0", "1/2"); -1 for any other text.
double result_value(std::string_view text) {
  if (text == "1-0" || text == "1" || text == "1.0") return 1.0;
  if (text == "0-1" || text == "0" || text == "0.0") return 0.0;
  if (text == "1/2-1/2" || text == "0.5" || text == "1/2") return 0.5;
  return -1;
}

// The game result an operation gives: c9 "1-0" (or c2, result), or a bracketed score [1.0],
// [0.5], [0]; -1 for any other operation.
double result_of(const chess::EpdOperation& op) {
  if (op.opcode == "c9" || op.opcode == "c2" || op.opcode == "result") {
    const std::string text = op.unquoted();
    return text.find('-') == std::string::npos ? -1 : result_value(text);
  }
  if (op.opcode.size() < 3 || op.opcode.front() != '[' || op.opcode.back() != ']' || !op.operand.empty()) return -1;
  const std::string text = op.opcode.substr(1, op.opcode.size() - 2);
  return text.find('-') == std::string::npos ? result_value(text) : -1;
}

// 'FEN | SCORE | RESULT': the search score in whole centipawns and the result as 1.0, 0.5 or 0.0
// (or 1, 0, 1-0, 0-1, 1/2-1/2), both White's.
chess::Result<LabeledPosition> parse_scored_line(std::string_view line, const std::string& where) {
  const std::size_t bar1 = line.find('|'), bar2 = line.find('|', bar1 + 1);
  if (bar2 == std::string_view::npos || line.find('|', bar2 + 1) != std::string_view::npos)
    return chess::Error{where + ": expected 'FEN | score | result'"};
  auto record = chess::parse_epd(line.substr(0, bar1));
  if (!record) return chess::Error{where + ": " + record.error()};
  if (!record->operations.empty()) return chess::Error{where + ": expected 'FEN | score | result', got more after the FEN"};
  const std::string score_text = harness::trim(std::string(line.substr(bar1 + 1, bar2 - bar1 - 1)));
  const std::size_t digits = score_text.size() > 1 && score_text[0] == '+' && score_text[1] != '-' ? 1 : 0;  // "+29"
  int score = 0;
  auto [end, ec] = std::from_chars(score_text.data() + digits, score_text.data() + score_text.size(), score);
  if (score_text.empty() || ec != std::errc{} || end != score_text.data() + score_text.size())
    return chess::Error{where + ": the score '" + score_text + "' is not a whole number of centipawns"};
  const std::string result_text = harness::trim(std::string(line.substr(bar2 + 1)));
  const double result = result_value(result_text);
  if (result < 0) return chess::Error{where + ": the result '" + result_text + "' is not 1.0, 0.5 or 0.0"};
  return LabeledPosition{record->position, result, score};
}

// Where a line's first '|' outside double quotes is (an EPD operand may quote one), or npos.
std::size_t first_bar(std::string_view line) {
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    if (line[i] == '|' && !quoted) return i;
  }
  return std::string_view::npos;
}

}  // namespace

double blended_label(const LabeledPosition& position, double score_weight) {
  if (!position.score || score_weight <= 0) return position.result;
  const double expected = 1.0 / (1.0 + std::pow(10.0, -double(*position.score) / 400.0));
  return (1 - score_weight) * position.result + score_weight * expected;
}

chess::Result<LabeledPosition> to_labeled(const chess::EpdRecord& record, const std::string& where) {
  for (const chess::EpdOperation& op : record.operations) {
    const double result = result_of(op);
    if (result >= 0) return LabeledPosition{record.position, result, std::nullopt};
  }
  return chess::Error{where + ": no result label (expected c9 \"1-0\" or [1.0])"};
}

chess::Result<LabeledPosition> parse_labeled_line(std::string_view line, const std::string& where) {
  if (first_bar(line) != std::string_view::npos) return parse_scored_line(line, where);
  auto record = chess::parse_epd(line);
  if (!record) return chess::Error{where + ": " + record.error()};
  return to_labeled(*record, where);
}

namespace {

struct FormatName {
  PositionsFormat format;
  const char* name;
  const char* extensions;  // the endings of its files' names beside ".NAME", space-separated
};

const FormatName FORMATS[] = {{PositionsFormat::TEXT, "text", "txt epd"},
                              {PositionsFormat::MARLINFORMAT, "marlinformat", "marlin"},
                              {PositionsFormat::BULLETFORMAT, "bulletformat", "bf"},
                              {PositionsFormat::VIRIFORMAT, "viriformat", "viri vf"},
                              {PositionsFormat::BINPACK, "binpack", ""}};

// Every extension of a format, its name's first, without the dot.
std::vector<std::string> format_extensions(const FormatName& f) {
  std::vector<std::string> endings{f.name};
  std::istringstream words(f.extensions);
  for (std::string word; words >> word;) endings.push_back(word);
  return endings;
}

}  // namespace

std::optional<PositionsFormat> positions_format(const std::string& name) {
  for (const FormatName& f : FORMATS)
    if (name == f.name) return f.format;
  return std::nullopt;
}

std::string positions_format_names() {
  std::string names;
  for (const FormatName& f : FORMATS) names += std::string(names.empty() ? "" : ", ") + f.name;
  return names;
}

const char* positions_format_name(PositionsFormat format) {
  for (const FormatName& f : FORMATS)
    if (f.format == format) return f.name;
  return "?";
}

chess::Result<PositionsFormat> parse_positions_format(const std::string& option, const std::string& name) {
  if (auto format = positions_format(name)) return *format;
  std::vector<std::string> names;
  for (const FormatName& f : FORMATS) names.push_back(f.name);
  const std::vector<std::string> near = chess::nearest_names(name, names, 1);
  return chess::Error{option + " must be one of " + positions_format_names() + "; got '" + name + "'" +
                      (near.empty() ? "" : " (did you mean '" + near.front() + "'?)")};
}

std::optional<PositionsFormat> positions_format_of_path(const std::string& path) {
  const std::string extension = std::filesystem::path(path).extension().string();
  for (const FormatName& f : FORMATS)
    for (const std::string& ending : format_extensions(f))
      if (extension == "." + ending) return f.format;
  return std::nullopt;
}

std::string positions_format_extensions() {
  std::string all;
  for (const FormatName& f : FORMATS)
    for (const std::string& ending : format_extensions(f)) all += (all.empty() ? "." : ", .") + ending;
  return all;
}

chess::Result<std::size_t> read_labeled_file(const std::string& path, const std::function<void(LabeledPosition&&)>& take,
                                             double score_weight, PositionsFormat format) {
  auto in = chess::open_regular_stream(path, POSITIONS_FILE);
  CHESS_RETURN_IF_ERROR(in);
  return read_labeled_stream(*in.value(), path, take, score_weight, format);
}

chess::Result<std::size_t> read_labeled_stream(std::istream& in, const std::string& path,
                                               const std::function<void(LabeledPosition&&)>& take, double score_weight,
                                               PositionsFormat format) {
  if (format != PositionsFormat::TEXT) {  // a binary file: every position has its score
    auto read = read_trainer_stream(in, path, format, [&](LabeledPosition&& p) {
      p.result = blended_label(p, score_weight);
      take(std::move(p));
    });
    CHESS_RETURN_IF_ERROR(read);
    if (*read == 0) return chess::Error{path + ": no labeled positions"};
    return read;
  }
  std::size_t count = 0;
  auto read = chess::read_epd_stream(
      in, path, "labeled positions", [&](std::string_view line, const chess::EpdLocation& at) -> chess::Result<bool> {
        auto labeled = parse_labeled_line(line, at.text());
        CHESS_RETURN_IF_ERROR(labeled);
        LabeledPosition position = std::move(labeled).value();
        if (score_weight > 0 && !position.score)
          return chess::Error{at.text() + ": no search score ('score_weight' needs 'FEN | score | result' lines)"};
        position.result = blended_label(position, score_weight);
        take(std::move(position));
        ++count;
        return true;
      });
  CHESS_RETURN_IF_ERROR(read);
  if (count == 0) return chess::Error{path + ": no labeled positions"};
  return count;
}

}  // namespace tuner
