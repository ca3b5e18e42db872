#include "epd_suite.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "core/epd.h"
#include "core/position.h"
#include "core/san.h"
#include "core/uci_move.h"
#include "text/trim.h"

namespace harness {

namespace {

// A move in SAN or UCI to UCI, or an error naming it.
// A position with Chess960 castling writes it king-takes-rook, as engines do with UCI_Chess960.
chess::Result<std::string> to_uci_text(const chess::Position& pos, const std::string& text, const std::string& op) {
  const chess::Variant variant = pos.is_chess960() ? chess::Variant::FISCHERANDOM : chess::Variant::STANDARD;
  chess::Move m = chess::parse_uci(pos, text, variant);
  if (!m.is_none()) return chess::to_uci(m, variant);
  auto san = chess::parse_san(pos, text);
  if (!san) return chess::Error{op + " " + san.error()};
  return chess::to_uci(*san, variant);
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

namespace {

// The suite's meaning of one EPD line: bm, am, dm, id and scored c0 operations.
chess::Result<EpdCase> to_epd_case(const chess::EpdRecord& record, const std::string& where) {
  const chess::Position& pos = record.position;
  EpdCase c;
  c.fen = pos.fen();
  for (const chess::EpdOperation& op : record.operations) {
    const std::string& code = op.opcode;
    const std::string& args = op.operand;
    if (code == "bm" || code == "am") {
      std::istringstream moves(args);
      for (std::string m; moves >> m;) {
        auto uci = to_uci_text(pos, m, code);
        if (!uci) return chess::Error{where + ": " + uci.error()};
        (code == "bm" ? c.best : c.avoid).insert(*uci);
      }
    } else if (code == "id") {
      c.id = op.unquoted();
    } else if (code == "dm") {
      int n = 0;
      auto [ptr, ec] = std::from_chars(args.data(), args.data() + args.size(), n);
      if (ec != std::errc() || n <= 0) return chess::Error{where + ": dm needs a positive number, got '" + args + "'"};
      c.mate_in = n;
    } else if (code == "c0") {
      // "f5=10, Be5+=2" scores moves; any other c0 is a plain comment.
      std::string text = op.unquoted();
      if (text.find('=') == std::string::npos) continue;
      std::stringstream items(text);
      for (std::string item; std::getline(items, item, ',');) {
        item = trim(item);
        std::size_t eq = item.rfind('=');
        if (eq == std::string::npos || eq == 0) continue;
        auto uci = to_uci_text(pos, item.substr(0, eq), "c0");
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

}  // namespace

chess::Result<EpdCase> parse_epd_line(const std::string& line, const std::string& where) {
  auto record = chess::parse_epd(line);
  if (!record) return chess::Error{where + ": " + record.error()};
  return to_epd_case(*record, where);
}

chess::Result<std::vector<EpdCase>> read_epd_suite(const std::string& path) {
  std::vector<EpdCase> cases;
  auto read = chess::read_epd_file(
      path, "EPD suite", [&](chess::Result<chess::EpdRecord>&& record, const chess::EpdLocation& at) -> chess::Result<bool> {
        const std::string where = at.text();
        if (!record) return chess::Error{where + ": " + record.error()};
        auto c = to_epd_case(*record, where);
        CHESS_RETURN_IF_ERROR(c);
        c.value().line = at.line;
        if (c->id.empty()) c.value().id = "line " + std::to_string(at.line);
        cases.push_back(std::move(c).value());
        return true;
      });
  CHESS_RETURN_IF_ERROR(read);
  if (cases.empty()) return chess::Error{path + ": no positions in EPD suite"};
  return cases;
}

}  // namespace harness
