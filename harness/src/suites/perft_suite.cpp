#include "perft_suite.h"

#include <algorithm>
#include <charconv>

#include "core/epd.h"

namespace harness {

namespace {

// "D3" (or "d3") to 3; 0 if the opcode is not a depth.
int depth_of(const std::string& opcode) {
  if (opcode.size() < 2 || (opcode[0] != 'D' && opcode[0] != 'd')) return 0;
  int depth = 0;
  auto [end, ec] = std::from_chars(opcode.data() + 1, opcode.data() + opcode.size(), depth);
  if (end != opcode.data() + opcode.size()) return 0;
  return ec == std::errc() ? depth : -1;  // -1: digits, but too many
}

// The suite's meaning of one EPD line: its depth counts and id (other operations are ignored).
chess::Result<PerftCase> to_perft_case(const chess::EpdRecord& record, const std::string& where) {
  PerftCase c;
  c.fen = record.position.fen();
  for (const chess::EpdOperation& op : record.operations) {
    if (op.opcode == "id") {
      c.id = op.unquoted();
      continue;
    }
    const int depth = depth_of(op.opcode);
    if (depth == 0) continue;
    if (depth < 1 || depth > 20) return chess::Error{where + ": depth " + op.opcode + " is outside 1..20"};
    std::uint64_t count = 0;
    auto [ptr, ec] = std::from_chars(op.operand.data(), op.operand.data() + op.operand.size(), count);
    if (ec != std::errc() || ptr != op.operand.data() + op.operand.size() || op.operand.empty())
      return chess::Error{where + ": count for " + op.opcode + " is not a number: '" + op.operand + "'"};
    for (const auto& [d, n] : c.depths)
      if (d == depth) return chess::Error{where + ": depth " + op.opcode + " appears twice"};
    c.depths.emplace_back(depth, count);
  }
  if (c.depths.empty()) return chess::Error{where + ": no depth counts (expected ';D1 n ;D2 n ...')"};
  std::sort(c.depths.begin(), c.depths.end());
  return c;
}

}  // namespace

chess::Result<PerftCase> parse_perft_line(const std::string& line, const std::string& where) {
  auto record = chess::parse_epd(line);
  if (!record) return chess::Error{where + ": " + record.error()};
  return to_perft_case(*record, where);
}

chess::Result<PerftSuite> read_perft_suite(const std::string& path, bool strict) {
  PerftSuite suite;
  auto read = chess::read_epd_file(
      path, "perft suite", [&](chess::Result<chess::EpdRecord>&& record, const chess::EpdLocation& at) -> chess::Result<bool> {
        const std::string where = at.text();
        auto c = record ? to_perft_case(*record, where) : chess::Result<PerftCase>(chess::Error{where + ": " + record.error()});
        if (!c) {
          if (strict) return chess::Error{c.error()};
          suite.skipped.push_back(c.error());
          return true;
        }
        c.value().line = at.line;
        if (c->id.empty()) c.value().id = "line " + std::to_string(at.line);
        suite.cases.push_back(std::move(c).value());
        return true;
      });
  CHESS_RETURN_IF_ERROR(read);
  if (suite.cases.empty() && suite.skipped.empty()) return chess::Error{path + ": no positions in perft suite"};
  return suite;
}

}  // namespace harness
