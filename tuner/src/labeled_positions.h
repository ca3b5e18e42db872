// Positions labeled with the result of the game they came from, for texel fitness:
// 'FEN c9 "1-0";' (also "0-1", "1/2-1/2") and 'FEN [1.0]' (also [0.5], [0.0]), White's view.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "core/result.h"

namespace tuner {

struct LabeledPosition {
  chess::Position position;
  double result = 0.5;  // 1 White won, 0.5 draw, 0 Black won
};

chess::Result<LabeledPosition> parse_labeled_line(const std::string& line, const std::string& where);
// Reads a file; errors name the file and line.
chess::Result<std::vector<LabeledPosition>> read_labeled_positions(const std::string& path);

// Positions kept out of tuning to measure the fit on positions it did not see: about `fraction`
// of them, taken as whole blocks of HOLDOUT_BLOCK consecutive positions (a labeled file lists a
// game's positions together, and positions of one game share their label), moved out of `all`.
constexpr std::size_t HOLDOUT_BLOCK = 100;
std::vector<LabeledPosition> split_holdout(std::vector<LabeledPosition>& all, double fraction);

}  // namespace tuner
