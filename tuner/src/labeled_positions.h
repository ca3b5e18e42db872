// Positions labeled with the result of the game they came from, for texel fitness:
// 'FEN c9 "1-0";' (also "0-1", "1/2-1/2") and 'FEN [1.0]' (also [0.5], [0.0]), White's view.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/epd.h"
#include "core/position.h"
#include "core/result.h"

namespace tuner {

struct LabeledPosition {
  chess::Position position;
  double result = 0.5;  // 1 White won, 0.5 draw, 0 Black won
};

// The position of an EPD record with its result label; `where` names it in the error.
chess::Result<LabeledPosition> to_labeled(const chess::EpdRecord& record, const std::string& where);
chess::Result<LabeledPosition> parse_labeled_line(const std::string& line, const std::string& where);
// Reads a file a position at a time, handing each to `take`; errors name the file and line.
// Returns the number of positions read.
chess::Result<std::size_t> read_labeled_file(const std::string& path, const std::function<void(LabeledPosition&&)>& take);

}  // namespace tuner
