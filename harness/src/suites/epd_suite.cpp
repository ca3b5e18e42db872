#include "epd_suite.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "core/position.h"
#include "core/san.h"
#include "core/uci_move.h"
#include "text/trim.h"

namespace harness {

namespace {

// Splits "op args; op args;" at semicolons outside double quotes.
std::vector<std::string> operations(const std::string& text) {
  std::vector<std::string> ops;
  std::string current;
  bool quoted = false;
  for (char c : text) {
    if (c == '"') quoted = !quoted;
    if (c == ';' && !quoted) {
      if (!trim(current).empty()) ops.push_back(trim(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!trim(current).empty()) ops.push_back(trim(current));
  return ops;
}

std::string unquote(std::string s) {
  s = trim(s);
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') return s.substr(1, s.size() - 2);
  return s;
}

// A move in SAN or UCI to UCI, or an error naming it.
chess::Result<std::string> to_uci_text(const chess::Position& pos, const std::string& text, const std::string& op) {
  chess::Move m = chess::parse_uci(pos, text);
  if (!m.is_none()) return chess::to_uci(m);
  auto san = chess::parse_san(pos, text);
  if (!san) return chess::Error{op + " " + san.error()};
  return chess::to_uci(*san);
}

}  // namespace

int EpdCase::max_points() const {
  int best_points = 0;
  for (const auto& [m, p] : points) best_points = std::max(best_points, p);
  return best_points;
}

int EpdCase::points_for(const std::string& uci) const {
  auto it = points.find(uci);
  return it == points.end() ? 0 : it->second;
}

bool EpdCase::solves(const std::string& uci) const {
  if (!best.empty()) return best.count(uci) > 0;
  if (!avoid.empty()) return avoid.count(uci) == 0;
  if (!points.empty()) return points_for(uci) == max_points();
  return false;
}

chess::Result<EpdCase> parse_epd_line(const std::string& line, const std::string& where) {
  std::istringstream is(line);
  std::string fields[4];
  for (std::string& f : fields)
    if (!(is >> f)) return chess::Error{where + ": expected a FEN of 4 fields"};
  auto pos = chess::Position::from_fen(fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3]);
  if (!pos) return chess::Error{where + ": " + pos.error()};
  EpdCase c;
  c.fen = pos->fen();
  std::string rest;
  std::getline(is, rest);
  for (const std::string& op : operations(rest)) {
    std::istringstream os(op);
    std::string code, args;
    os >> code;
    std::getline(os, args);
    args = trim(args);
    if (code == "bm" || code == "am") {
      std::istringstream moves(args);
      for (std::string m; moves >> m;) {
        auto uci = to_uci_text(*pos, m, code);
        if (!uci) return chess::Error{where + ": " + uci.error()};
        (code == "bm" ? c.best : c.avoid).insert(*uci);
      }
    } else if (code == "id") {
      c.id = unquote(args);
    } else if (code == "dm") {
      int n = 0;
      auto [ptr, ec] = std::from_chars(args.data(), args.data() + args.size(), n);
      if (ec != std::errc() || n <= 0) return chess::Error{where + ": dm needs a positive number, got '" + args + "'"};
      c.mate_in = n;
    } else if (code == "c0") {
      // "f5=10, Be5+=2" scores moves; any other c0 is a plain comment.
      std::string text = unquote(args);
      if (text.find('=') == std::string::npos) continue;
      std::stringstream items(text);
      for (std::string item; std::getline(items, item, ',');) {
        item = trim(item);
        std::size_t eq = item.rfind('=');
        if (eq == std::string::npos || eq == 0) continue;
        auto uci = to_uci_text(*pos, item.substr(0, eq), "c0");
        if (!uci) return chess::Error{where + ": " + uci.error()};
        int points = 0;
        std::string num = item.substr(eq + 1);
        auto [ptr, ec] = std::from_chars(num.data(), num.data() + num.size(), points);
        if (ec != std::errc()) return chess::Error{where + ": c0 points for '" + item.substr(0, eq) + "' are not a number"};
        c.points[*uci] = points;
      }
    }
  }
  if (c.best.empty() && c.avoid.empty() && c.points.empty() && c.mate_in == 0)
    return chess::Error{where + ": no bm, am, dm or scored c0 operation"};
  return c;
}

chess::Result<std::vector<EpdCase>> read_epd_suite(const std::string& path) {
  std::ifstream in(path);
  if (!in) return chess::Error{path + ": cannot open EPD suite"};
  std::vector<EpdCase> cases;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    auto c = parse_epd_line(t, path + ":" + std::to_string(number));
    if (!c) return chess::Error{c.error()};
    c.value().line = number;
    if (c->id.empty()) c.value().id = "line " + std::to_string(number);
    cases.push_back(*c);
  }
  if (cases.empty()) return chess::Error{path + ": no positions in EPD suite"};
  return cases;
}

}  // namespace harness
