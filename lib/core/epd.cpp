#include "epd.h"

#include <algorithm>
#include <fstream>

#include "bounded_read.h"
#include "regular_file.h"
#include "utf8.h"

namespace chess {

namespace {

constexpr std::string_view SPACE = " \t\r\n";

std::string_view trimmed(std::string_view s) {
  std::size_t b = s.find_first_not_of(SPACE);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(SPACE) - b + 1);
}

// The next whitespace-separated word of `s` from `at`, moving `at` past it.
std::string_view next_word(std::string_view s, std::size_t& at) {
  std::size_t b = s.find_first_not_of(SPACE, at);
  if (b == std::string_view::npos) {
    at = s.size();
    return {};
  }
  std::size_t e = std::min(s.find_first_of(SPACE, b), s.size());
  at = e;
  return s.substr(b, e - b);
}

bool is_number(std::string_view s) {
  return !s.empty() && s.size() <= 9 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "op args; op args" split at semicolons outside double quotes.
std::vector<EpdOperation> split_operations(std::string_view text) {
  std::vector<EpdOperation> ops;
  auto add = [&](std::string_view op) {
    op = trimmed(op);
    if (op.empty()) return;
    std::size_t at = 0;
    std::string_view code = next_word(op, at);
    ops.push_back({std::string(code), std::string(trimmed(op.substr(at)))});
  };
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '"') quoted = !quoted;
    if (text[i] == ';' && !quoted) {
      add(text.substr(start, i - start));
      start = i + 1;
    }
  }
  add(text.substr(start));
  return ops;
}

}  // namespace

std::string EpdOperation::unquoted() const {
  if (operand.size() >= 2 && operand.front() == '"' && operand.back() == '"') return operand.substr(1, operand.size() - 2);
  return operand;
}

const EpdOperation* EpdRecord::find(std::string_view opcode) const {
  for (const EpdOperation& op : operations)
    if (op.opcode == opcode) return &op;
  return nullptr;
}

Result<EpdRecord> parse_epd(std::string_view line) {
  std::size_t at = 0;
  std::string fen;
  for (int i = 0; i < 4; ++i) {
    std::string_view field = next_word(line, at);
    if (field.empty()) return Error{"expected a FEN of at least 4 fields"};
    fen += (i ? " " : "") + std::string(field);
  }
  // Both counters, or neither: a lone number is an operation's business.
  std::size_t after_counters = at;
  std::string_view halfmove = next_word(line, after_counters);
  std::string_view fullmove = next_word(line, after_counters);
  if (is_number(halfmove) && is_number(fullmove)) {
    fen += " " + std::string(halfmove) + " " + std::string(fullmove);
    at = after_counters;
  }
  auto position = Position::from_fen(fen);
  CHESS_RETURN_IF_ERROR(position);
  return EpdRecord{std::move(position).value(), split_operations(line.substr(at))};
}

Result<int> read_epd_lines(const std::string& path, const std::string& what,
                           const std::function<Result<bool>(std::string_view, const EpdLocation&)>& take) {
  auto in = open_regular_stream(path, what);  // a FIFO would block the open, a directory read as empty
  CHESS_RETURN_IF_ERROR(in);
  return read_epd_stream(*in.value(), path, what, take);
}

Result<int> read_epd_stream(std::istream& in, const std::string& path, const std::string& what,
                            const std::function<Result<bool>(std::string_view, const EpdLocation&)>& take) {
  int number = 0, handed = 0;
  std::string line;
  for (LineRead read; (read = read_line(in, line, MAX_EPD_LINE)) != LineRead::END;) {
    ++number;
    if (read == LineRead::TOO_LONG)
      return Error{path + ":" + std::to_string(number) + ": a line of " + more_than(MAX_EPD_LINE) + " in the " + what};
    if (!is_utf8(line)) line = windows1252_to_utf8(line);  // an old file's Latin-1 names and comments
    std::string_view t = trimmed(line);
    if (t.empty() || t[0] == '#') continue;
    ++handed;
    CHESS_RETURN_IF_ERROR(take(t, EpdLocation{path, number}));
  }
  return handed;
}

Result<int> read_epd_file(const std::string& path, const std::string& what,
                          const std::function<Result<bool>(Result<EpdRecord>&&, const EpdLocation&)>& take) {
  return read_epd_lines(path, what, [&](std::string_view line, const EpdLocation& at) { return take(parse_epd(line), at); });
}

}  // namespace chess
