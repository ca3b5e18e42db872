#include "perft_suite.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "core/position.h"
#include "text/trim.h"

namespace harness {

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::stringstream ss(s);
  for (std::string part; std::getline(ss, part, sep);) parts.push_back(trim(part));
  return parts;
}

bool is_number(const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

// Applies one operation ("D3 8902", "id \"x\"") to the case; unknown operations are ignored.
std::string apply_operation(const std::string& op, PerftCase& c) {
  std::istringstream is(op);
  std::string key, value;
  is >> key;
  std::getline(is, value);
  value = trim(value);
  if (key.size() >= 2 && (key[0] == 'D' || key[0] == 'd') && is_number(key.substr(1))) {
    std::uint64_t count = 0;
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), count);
    if (ec != std::errc() || ptr != value.data() + value.size()) return "count for " + key + " is not a number: '" + value + "'";
    int depth = 0;
    auto [end, depth_ec] = std::from_chars(key.data() + 1, key.data() + key.size(), depth);
    if (depth_ec != std::errc() || end != key.data() + key.size() || depth < 1 || depth > 20)
      return "depth " + key + " is outside 1..20";
    for (const auto& [d, n] : c.depths)
      if (d == depth) return "depth " + key + " appears twice";
    c.depths.emplace_back(depth, count);
  } else if (key == "id") {
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
    c.id = value;
  }
  return {};
}

}  // namespace

chess::Result<PerftCase> parse_perft_line(const std::string& line, const std::string& where) {
  std::vector<std::string> parts = split(line, ';');
  if (parts.empty() || parts[0].empty()) return chess::Error{where + ": no FEN before the first ';'"};
  std::istringstream head(parts[0]);
  std::vector<std::string> words;
  for (std::string w; head >> w;) words.push_back(w);
  if (words.size() < 4) return chess::Error{where + ": expected a FEN of at least 4 fields"};
  std::string fen = words[0] + " " + words[1] + " " + words[2] + " " + words[3];
  std::size_t next = 4;
  if (words.size() >= 6 && is_number(words[4]) && is_number(words[5])) {
    fen += " " + words[4] + " " + words[5];
    next = 6;
  }
  PerftCase c;
  auto pos = chess::Position::from_fen(fen);
  if (!pos) return chess::Error{where + ": " + pos.error()};
  c.fen = pos->fen();
  // EPD operations may follow the FEN before the first ';'.
  std::string first_op;
  for (std::size_t i = next; i < words.size(); ++i) first_op += (first_op.empty() ? "" : " ") + words[i];
  if (!first_op.empty()) parts[0] = first_op;
  for (std::size_t i = (first_op.empty() ? 1 : 0); i < parts.size(); ++i) {
    if (parts[i].empty()) continue;
    std::string err = apply_operation(parts[i], c);
    if (!err.empty()) return chess::Error{where + ": " + err};
  }
  if (c.depths.empty()) return chess::Error{where + ": no depth counts (expected ';D1 n ;D2 n ...')"};
  std::sort(c.depths.begin(), c.depths.end());
  return c;
}

chess::Result<PerftSuite> read_perft_suite(const std::string& path, bool strict) {
  std::ifstream in(path);
  if (!in) return chess::Error{path + ": cannot open perft suite"};
  PerftSuite suite;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    std::string where = path + ":" + std::to_string(number);
    auto c = parse_perft_line(t, where);
    if (!c) {
      if (strict) return chess::Error{c.error()};
      suite.skipped.push_back(c.error());
      continue;
    }
    c.value().line = number;
    if (c->id.empty()) c.value().id = "line " + std::to_string(number);
    suite.cases.push_back(*c);
  }
  if (suite.cases.empty() && suite.skipped.empty()) return chess::Error{path + ": no positions in perft suite"};
  return suite;
}

}  // namespace harness
