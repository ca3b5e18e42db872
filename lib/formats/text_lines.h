// The text formats, a line a position, White's view: `epd` (`FEN c9 "1-0";`, the FEN's first
// four fields and the game's result, as texel tuners read it), `bracket` (`FEN [1.0]`, the result
// as 1.0, 0.5 or 0.0) and `text` (`FEN | SCORE | RESULT`, the search score in centipawns and the
// result, as NNUE trainers read it). One decoder reads a line of any of the three (also c2 or
// result for c9, and the results "1", "0", "1/2" and "1-0", "0-1", "1/2-1/2" after the score), so
// a file of any of them is read as `text`; a line of epd or bracket has no score.
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"
#include "formats/position_io.h"
#include "formats/training_record.h"

namespace formats {

// Each without its line's end.
std::string encode_epd_line(const chess::Position& pos, WhiteResult result);
std::string encode_bracket_line(const chess::Position& pos, WhiteResult result);
std::string encode_text_line(const chess::Position& pos, int score_white, WhiteResult result);

// The position of a line of any of the three with its result, and its score where the line
// gives one (`scored`); errors start with `where` (the file and line): "WHERE: no result label
// (expected c9 \"1-0\" or [1.0])", "WHERE: expected 'FEN | score | result'", ...
chess::Result<TrainingPosition> decode_text_line(std::string_view line, const std::string& where);

// A file of lines (blank lines and '#' comments skipped, chess::read_epd_stream), each position
// handed to `take`: the positions read; errors name the line ("PATH:12: ...").
chess::Result<std::size_t> read_text_lines(std::istream& in, const std::string& source, const PositionVisit& take);

// A line a kept position: epd and bracket write one without a score too, text only a scored one.
std::unique_ptr<PositionWriter> open_epd_writer(std::ostream& out);
std::unique_ptr<PositionWriter> open_bracket_writer(std::ostream& out);
std::unique_ptr<PositionWriter> open_text_writer(std::ostream& out);

}  // namespace formats
