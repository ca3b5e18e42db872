#include "labeled_positions.h"

#include <algorithm>
#include <cmath>

#include "core/epd.h"

namespace tuner {

namespace {

// The game result an operation gives, from White's view: c9 "1-0" (or c2, result), or a
// bracketed score [1.0], [0.5], [0]; -1 for any other operation.
double result_of(const chess::EpdOperation& op) {
  std::string text;
  if (op.opcode == "c9" || op.opcode == "c2" || op.opcode == "result") {
    text = op.unquoted();
    if (text == "1-0") return 1.0;
    if (text == "0-1") return 0.0;
    if (text == "1/2-1/2") return 0.5;
    return -1;
  }
  if (op.opcode.size() < 3 || op.opcode.front() != '[' || op.opcode.back() != ']' || !op.operand.empty()) return -1;
  text = op.opcode.substr(1, op.opcode.size() - 2);
  if (text == "1" || text == "1.0") return 1.0;
  if (text == "0" || text == "0.0") return 0.0;
  if (text == "0.5" || text == "1/2") return 0.5;
  return -1;
}

}  // namespace

chess::Result<LabeledPosition> to_labeled(const chess::EpdRecord& record, const std::string& where) {
  for (const chess::EpdOperation& op : record.operations) {
    const double result = result_of(op);
    if (result >= 0) return LabeledPosition{record.position, result};
  }
  return chess::Error{where + ": no result label (expected c9 \"1-0\" or [1.0])"};
}

chess::Result<LabeledPosition> parse_labeled_line(const std::string& line, const std::string& where) {
  auto record = chess::parse_epd(line);
  if (!record) return chess::Error{where + ": " + record.error()};
  return to_labeled(*record, where);
}

chess::Result<std::size_t> read_labeled_file(const std::string& path, const std::function<void(LabeledPosition&&)>& take) {
  std::size_t count = 0;
  auto read =
      chess::read_epd_file(path, "labeled positions",
                           [&](chess::Result<chess::EpdRecord>&& record, const chess::EpdLocation& at) -> chess::Result<bool> {
                             if (!record) return chess::Error{at.text() + ": " + record.error()};
                             auto labeled = to_labeled(*record, at.text());
                             if (!labeled) return chess::Error{labeled.error()};
                             take(std::move(labeled).value());
                             ++count;
                             return true;
                           });
  if (!read) return chess::Error{read.error()};
  if (count == 0) return chess::Error{path + ": no labeled positions"};
  return count;
}

}  // namespace tuner
