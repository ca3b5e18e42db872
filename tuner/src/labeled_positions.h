// Positions labeled with the result of the game they came from, for texel fitness:
// 'FEN c9 "1-0";' (also "0-1", "1/2-1/2") and 'FEN [1.0]' (also [0.5], [0.0]), White's view.
#pragma once

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
// Reads a file; errors name the file and line.
chess::Result<std::vector<LabeledPosition>> read_labeled_positions(const std::string& path);

// Positions kept out of tuning to measure the fit on positions it did not see: about a
// fraction f of them, as whole blocks of HOLDOUT_BLOCK consecutive positions (a labeled file
// lists a game's positions together, and positions of one game share their label): position i
// is held out when (i / HOLDOUT_BLOCK) % round(1 / f) is the last of those blocks.
constexpr std::size_t HOLDOUT_BLOCK = 100;

}  // namespace tuner
